import { useEffect, useEffectEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutationState } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import type { Discount } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PageTitleBar } from '../../../components/page-header.tsx';
import { ValidationError, isApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { discountKeys, useDiscounts, useToggleDiscount } from '../api/discounts-queries.ts';
import { DiscountList } from '../components/discount-list.tsx';
import { NEW_DISCOUNT, discountPaths } from '../paths.ts';
import { QueryStatus } from '../../../components/load-error.tsx';

/** The discounts whose active toggle is being saved right now. */
function useSavingDiscounts(tenantId: string): ReadonlySet<string> {
  const saving = useMutationState({
    filters: { mutationKey: discountKeys.toggle(tenantId), status: 'pending' },
    select: (m) => (m.state.variables as { discount: Discount } | undefined)?.discount.id,
  });
  return new Set(saving.filter((id): id is string => id !== undefined));
}

/** marketing/discounts/discount-list (operations-platform §2.5, §4.3, §8). */
export function DiscountListPage() {
  const { t } = useTranslation('discounts');
  const { tenantId } = useTenantSession();
  const notify = useNotify();
  const discounts = useDiscounts(tenantId);
  const toggle = useToggleDiscount(tenantId);
  const saving = useSavingDiscounts(tenantId);
  const theme = useTheme();
  const cards = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });

  const announceLoadFailure = useEffectEvent(() => notify.errorWithRefresh());
  useEffect(() => {
    if (discounts.isError) announceLoadFailure();
  }, [discounts.isError]);

  // §4.3: saves at once; §8: the toggle reverts on failure, with the snackbar of its cause.
  const onToggle = (discount: Discount, active: boolean) =>
    toggle.mutate(
      { discount, active },
      {
        onSuccess: (saved) =>
          notify.success(
            t(saved.active ? 'snackbar.switchedOn' : 'snackbar.switchedOff', {
              code: saved.discountCode,
            }),
          ),
        onError: (error) => {
          if (isApiError(error, 403)) return;
          const automatic =
            error instanceof ValidationError &&
            error.fieldErrors.some((e) => e.codes.includes('discount_code_automatic_active'));
          if (!automatic) console.error('discount toggle failed', error);
          notify.errorWithRefresh(automatic ? t('snackbar.automaticActive') : undefined);
        },
      },
    );

  const list = discounts.data ?? [];
  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 1400 }}>
      <PageTitleBar title={t('list.title')}>
        <Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={discountPaths.form(NEW_DISCOUNT)}
          >
            {t('list.create')}
          </Button>
        </Box>
      </PageTitleBar>
      <Typography color="text.secondary">{t('list.intro')}</Typography>

      <QueryStatus query={discounts} message={t('list.loadFailed')} snackbar={false} />
      {discounts.isSuccess && list.length === 0 && (
        <Paper variant="outlined" sx={{ padding: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('list.empty')}</Typography>
        </Paper>
      )}
      {list.length > 0 && (
        <DiscountList discounts={list} saving={saving} onToggle={onToggle} cards={cards} />
      )}
    </Stack>
  );
}
