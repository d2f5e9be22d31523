import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { formatMoney, localMoment, type PriceAdjustmentResponse } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useReportedChange } from './use-reported-change.ts';
import { useCatalogTree } from '../../../lib/catalog-queries.ts';
import { priceAdjustmentsQuery, useLinkVariants } from '../api/price-adjustments-queries.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { newPrices, type TemplatePrice } from '../lib/price-adjustment-form.ts';
import {
  VariantsPickerDialog,
  pickableVariants,
} from '../../../components/variants-picker-dialog.tsx';

/**
 * The Menu Items tab: the linked variants with their old price and the new one customers pay
 * now (the contract's effectivePrice over all the tenant's adjustments, as the server prices
 * orders), variants added through the picker and removed one at a time.
 */
export function PriceAdjustmentItems({ adjustment }: { adjustment: PriceAdjustmentResponse }) {
  const { t } = useTranslation('catalog');
  const { tenantId, currency, lang, branches, can } = useTenantSession();
  // An integrated tenant sees the linked items without changing them.
  const canEdit = can('EditPriceAdjustments');
  const reportedChange = useReportedChange();
  const linkVariants = useLinkVariants(tenantId, adjustment.id);
  const all = useQuery({ ...priceAdjustmentsQuery(tenantId), enabled: tenantId !== '' });
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  // The moment the page opened, in the (first) branch's time zone, where schedules are kept.
  const [now] = useState(() => new Date());
  const at = useMemo(() => localMoment(now, branches[0]?.timeZone), [now, branches]);
  const linked = adjustment.linkedVariants;
  // The server says which prices this adjustment alone brings to 0 (a flat decrease too big).
  const zeroCount = linked.filter((v) => v.priceReachesZero).length;
  const others = all.data ?? [];
  const nameOf = (id: string) => others.find((a) => a.id === id);
  // Titles in the admin's language from the menu; the server sends the default text.
  const tree = useCatalogTree(tenantId);
  const titles = useMemo(
    () => new Map((tree.data ? pickableVariants(tree.data, lang) : []).map((v) => [v.id, v])),
    [tree.data, lang],
  );

  const link = async (selected: string[], removed: string | null) => {
    setBusy(true);
    try {
      await reportedChange(() => linkVariants.mutateAsync({ selected, removed }), {
        done: t('priceAdjustments.messages.updated'),
        failed: t('priceAdjustments.messages.updateFailed'),
        what: 'price adjustment items failed',
      });
    } finally {
      setBusy(false);
    }
  };

  const price = (amount: number | string) => formatMoney(amount, currency, lang);

  const newPriceCell = (prices: TemplatePrice[]) => {
    const same = prices.every(
      (p) =>
        p.price === prices[0]?.price && p.appliedAdjustmentId === prices[0]?.appliedAdjustmentId,
    );
    const shown = same ? prices.slice(0, 1) : prices;
    return (
      <Stack spacing={0.25}>
        {shown.map((p) => {
          const other = p.appliedAdjustmentId !== adjustment.id;
          const by = p.appliedAdjustmentId ? nameOf(p.appliedAdjustmentId) : undefined;
          return (
            <Box key={p.template}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {!same && `${t(`templates.${p.template}`)}: `}
                <bdi>{price(p.price)}</bdi>
              </Typography>
              {other && (
                <Typography variant="caption" color="text.secondary" component="p">
                  {by
                    ? t('priceAdjustments.appliedBy', { name: by.name, priority: by.priority })
                    : t('priceAdjustments.notAppliedNow')}
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
    );
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxInlineSize: 640 }}>
          {t('priceAdjustments.previewHint')}
        </Typography>
        {canEdit && (
          <Box>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setPicking(true)}
              disabled={busy}
            >
              {t('priceAdjustments.addItems')}
            </Button>
          </Box>
        )}
      </Stack>
      {zeroCount > 0 && (
        <Alert severity="warning" role="alert">
          {t('priceAdjustments.zeroPriceWarning', { count: zeroCount })}
        </Alert>
      )}
      {linked.length === 0 ? (
        <Typography color="text.secondary">{t('priceAdjustments.noItems')}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('priceAdjustments.itemsTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('priceAdjustments.column.item')}</TableCell>
                <TableCell>{t('priceAdjustments.column.oldPrice')}</TableCell>
                <TableCell>{t('priceAdjustments.column.newPrice')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('priceAdjustments.column.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {linked.map((v) => {
                const itemTitle = titles.get(v.variantId)?.itemTitle || v.itemTitle;
                const variantTitle = titles.get(v.variantId)?.variantTitle ?? v.variantTitle;
                const label = variantTitle ? `${itemTitle} (${variantTitle})` : itemTitle;
                return (
                  <TableRow key={v.variantId} data-testid={`adjusted-variant-${v.variantId}`}>
                    <TableCell sx={{ overflowWrap: 'anywhere', minInlineSize: 120 }}>
                      <Typography variant="body2">{itemTitle}</Typography>
                      {variantTitle && (
                        <Typography variant="caption" color="text.secondary">
                          {variantTitle}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <bdi>{price(v.oldPrice)}</bdi>
                    </TableCell>
                    <TableCell data-testid="new-price">
                      {newPriceCell(newPrices(v, adjustment, others, at))}
                      {v.priceReachesZero && (
                        <Typography
                          variant="caption"
                          color="warning.dark"
                          component="p"
                          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                        >
                          <WarningAmberIcon fontSize="inherit" aria-hidden />
                          {t('priceAdjustments.zeroPrice')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ paddingInline: 0.5 }}>
                      {canEdit && (
                        <IconButton
                          aria-label={t('priceAdjustments.removeItem', { item: label })}
                          onClick={() => void link([], v.variantId)}
                          disabled={busy}
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <VariantsPickerDialog
        open={picking}
        excludeIds={linked.map((v) => v.variantId)}
        onCancel={() => setPicking(false)}
        onAdd={(ids) => {
          setPicking(false);
          void link(ids, null);
        }}
      />
    </Stack>
  );
}

const visuallyHidden = {
  position: 'absolute',
  inlineSize: 1,
  blockSize: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
