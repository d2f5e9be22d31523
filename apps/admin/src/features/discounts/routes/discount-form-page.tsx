import { type ReactNode } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useDiscount } from '../api/discounts-queries.ts';
import { NEW_DISCOUNT, discountPaths } from '../paths.ts';
import { DiscountEditor } from '../components/discount-editor.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { HistorySection } from '../../../components/change-history.tsx';

/** marketing/discounts/{id}: 'new' creates, any other id edits (operations-platform §2.5). */
export function DiscountFormPage() {
  const { t } = useTranslation('discounts');
  const { id = NEW_DISCOUNT } = useParams();
  const { tenantId } = useTenantSession();
  const adding = id === NEW_DISCOUNT;
  const discount = useDiscount(tenantId, id, !adding);

  let body: ReactNode;
  if (adding) body = <DiscountEditor discount={null} />;
  else if (discount.isPending) body = <Spinner />;
  else if (discount.data) body = <DiscountEditor key={id} discount={discount.data} />;
  else if (isApiError(discount.error, 404))
    body = <Alert severity="warning">{t('form.notFound')}</Alert>;
  else body = <QueryStatus query={discount} message={t('form.loadFailed')} snackbar={false} />;

  return (
    <Stack spacing={2} sx={{ maxInlineSize: 760 }}>
      <Box>
        <BackLink to={discountPaths.list}>{t('form.back')}</BackLink>
      </Box>
      <Typography variant="h4" component="h1">
        {adding ? t('form.newTitle') : t('form.editTitle')}
      </Typography>
      {body}
      {discount.data && <HistorySection entityType="discount" entityId={id} />}
    </Stack>
  );
}
