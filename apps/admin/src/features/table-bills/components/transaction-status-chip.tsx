import Chip from '@mui/material/Chip';
import type { TableBillTransaction, TableBillTransactionStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { pendingRefundOf } from '../lib/table-bill-form.ts';

const COLOURS: Record<TableBillTransactionStatus, 'success' | 'warning' | 'default'> = {
  PAID: 'success',
  PARTIALLY_REFUNDED: 'warning',
  REFUNDED: 'default',
};

/** A payment's state: paid, (partly) refunded, or a refund the gateway has not confirmed yet. */
export function TransactionStatusChip({ transaction: tx }: { transaction: TableBillTransaction }) {
  const { t } = useTranslation('tableBills');
  if (pendingRefundOf(tx))
    return <Chip size="small" color="warning" label={t('status.REFUND_PENDING')} />;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOURS[tx.status]}
      label={t(`status.${tx.status}`)}
    />
  );
}
