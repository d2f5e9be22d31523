import Chip from '@mui/material/Chip';
import type { TableBillTransactionStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TableBillTransactionStatus, 'success' | 'warning' | 'default'> = {
  PAID: 'success',
  PARTIALLY_REFUNDED: 'warning',
  REFUNDED: 'default',
};

export function TransactionStatusChip({ status }: { status: TableBillTransactionStatus }) {
  const { t } = useTranslation('tableBills');
  return (
    <Chip size="small" variant="outlined" color={COLOURS[status]} label={t(`status.${status}`)} />
  );
}
