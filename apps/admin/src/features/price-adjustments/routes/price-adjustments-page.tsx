import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { PriceAdjustmentResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useReportedChange } from '../components/use-reported-change.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageTitleBar } from '../../../components/page-header.tsx';
import { mirrorInRtl } from '../../../lib/direction.ts';
import {
  priceAdjustmentsQuery,
  useDeletePriceAdjustment,
} from '../api/price-adjustments-queries.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { IntegratedBanner } from '../../../components/integrated-banner.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { ADJUSTABLE_TEMPLATES } from '../lib/price-adjustment-form.ts';
import { adjustmentAmountText } from '../../../lib/price.ts';
import { NEW_PRICE_ADJUSTMENT, priceAdjustmentPaths } from '../paths.ts';

/** catalog/price-adjustments (menu-management.md §2 screen 14): store owners only. */
export function PriceAdjustmentsPage() {
  const { t } = useTranslation('catalog');
  const { tenantId, can } = useTenantSession();
  // Integrated tenants see their adjustments; the point of sale owns the prices.
  const canEdit = can('EditPriceAdjustments');
  const adjustments = useQuery({ ...priceAdjustmentsQuery(tenantId), enabled: tenantId !== '' });
  const reportedChange = useReportedChange();
  const deleteAdjustment = useDeletePriceAdjustment(tenantId);
  const [deleting, setDeleting] = useState<PriceAdjustmentResponse | null>(null);

  const remove = async () => {
    if (!deleting) return;
    try {
      await reportedChange(() => deleteAdjustment.mutateAsync(deleting.id), {
        done: t('priceAdjustments.messages.deleted'),
        failed: t('priceAdjustments.messages.deleteFailed'),
        what: 'price adjustment delete failed',
      });
    } finally {
      setDeleting(null);
    }
  };

  const list = adjustments.data ?? [];
  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 1100 }}>
      <PageTitleBar title={t('priceAdjustments.title')}>
        {canEdit && (
          <Box>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to={priceAdjustmentPaths.form(NEW_PRICE_ADJUSTMENT)}
            >
              {t('priceAdjustments.add')}
            </Button>
          </Box>
        )}
      </PageTitleBar>
      <Typography color="text.secondary">{t('priceAdjustments.intro')}</Typography>
      <IntegratedBanner />

      <QueryStatus query={adjustments} />
      {adjustments.data && list.length === 0 && (
        <Paper variant="outlined" sx={{ padding: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('priceAdjustments.empty')}</Typography>
        </Paper>
      )}
      {list.length > 0 && (
        <Box
          component="ul"
          aria-label={t('priceAdjustments.listLabel')}
          sx={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
          }}
        >
          {list.map((adjustment) => (
            <li key={adjustment.id}>
              <AdjustmentCard
                adjustment={adjustment}
                onDelete={canEdit ? () => setDeleting(adjustment) : null}
              />
            </li>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('priceAdjustments.deleteTitle')}
        message={t('priceAdjustments.deleteMessage')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        destructive
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function AdjustmentCard({
  adjustment,
  onDelete,
}: {
  adjustment: PriceAdjustmentResponse;
  /** null: the adjustment can only be looked at. */
  onDelete: (() => void) | null;
}) {
  const { t } = useTranslation('catalog');
  const { currency, lang } = useTenantSession();
  const increase = adjustment.adjustmentDirection === 'Increase';
  const templates = ADJUSTABLE_TEMPLATES.filter((x) => adjustment.checkoutTemplates.includes(x))
    .map((x) => t(`templates.${x}`))
    .join(t('listSeparator'));
  return (
    <Card
      variant="outlined"
      data-testid={`price-adjustment-${adjustment.id}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {adjustment.name}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              icon={
                increase ? (
                  <TrendingUpIcon sx={mirrorInRtl} />
                ) : (
                  <TrendingDownIcon sx={mirrorInRtl} />
                )
              }
              color={increase ? 'warning' : 'success'}
              variant="outlined"
              label={t(increase ? 'priceAdjustments.increaseBy' : 'priceAdjustments.decreaseBy', {
                amount: adjustmentAmountText(adjustment, currency, lang),
              })}
            />
            <Chip
              variant="outlined"
              label={t('priceAdjustments.priorityValue', { priority: adjustment.priority })}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('priceAdjustments.appliedOn', { templates })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('priceAdjustments.itemCount', { count: adjustment.linkedVariants.length })}
          </Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between' }}>
        {onDelete ? (
          <Button
            component={RouterLink}
            to={priceAdjustmentPaths.form(adjustment.id)}
            startIcon={<EditOutlinedIcon />}
            aria-label={t('priceAdjustments.editNamed', { name: adjustment.name })}
          >
            {t('actions.edit')}
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={priceAdjustmentPaths.form(adjustment.id)}
            startIcon={<VisibilityOutlinedIcon />}
            aria-label={t('priceAdjustments.viewNamed', { name: adjustment.name })}
          >
            {t('actions.view')}
          </Button>
        )}
        {onDelete && (
          <IconButton
            color="error"
            aria-label={t('priceAdjustments.deleteNamed', { name: adjustment.name })}
            onClick={onDelete}
          >
            <DeleteOutlineIcon />
          </IconButton>
        )}
      </CardActions>
    </Card>
  );
}
