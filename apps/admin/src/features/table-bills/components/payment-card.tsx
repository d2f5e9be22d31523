import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import TableRestaurantOutlined from '@mui/icons-material/TableRestaurantOutlined';
import { formatMoney, localize, type Language, type TableBillTransaction } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useTableLabel } from '../lib/use-table-label.ts';
import { orderNumbersText, paidAtText, pendingRefundOf, timeText } from '../lib/table-bill-form.ts';
import { TransactionStatusChip } from './transaction-status-chip.tsx';

/** One payment as a card: the feed's row, and the transactions' row on a narrow screen. */
export function PaymentCard({
  transaction: tx,
  lang,
  fresh = false,
  withDate = false,
  onRefund,
}: {
  transaction: TableBillTransaction;
  lang: Language;
  /** It just arrived: highlighted for a moment. */
  fresh?: boolean;
  /** Show the date beside the time (the transactions page spans days). */
  withDate?: boolean;
  onRefund: (tx: TableBillTransaction) => void;
}) {
  const { t } = useTranslation('tableBills');
  const tableLabel = useTableLabel();
  const amount = formatMoney(tx.amount, tx.currency, lang);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={t('tableAt', {
        table: tableLabel(tx.serviceArea),
        branch: localize(tx.branchName, lang),
      })}
      data-fresh={fresh || undefined}
      sx={{
        padding: 2,
        transition: 'background-color 2s ease-out, border-color 2s ease-out',
        bgcolor: (theme) =>
          fresh ? alpha(theme.palette.success.main, 0.12) : theme.palette.background.paper,
        borderColor: fresh ? 'success.main' : 'divider',
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minInlineSize: 0 }}>
          <Box
            aria-hidden
            sx={{ display: 'flex', padding: 1, borderRadius: 2, bgcolor: 'action.hover' }}
          >
            <TableRestaurantOutlined color="primary" />
          </Box>
          <Box sx={{ minInlineSize: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {t('tableAt', {
                table: tableLabel(tx.serviceArea),
                branch: localize(tx.branchName, lang),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <bdi>{withDate ? paidAtText(tx.paidAt, lang) : timeText(tx.paidAt, lang)}</bdi>
              {' · '}
              {t('orderNumbers', { numbers: orderNumbersText(tx.ticketNumbers) })}
            </Typography>
            {tx.maskedValue && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                <CreditCardOutlined fontSize="inherit" aria-hidden />
                <bdi>{`${tx.cardScheme ?? ''} ${tx.maskedValue}`.trim()}</bdi>
              </Typography>
            )}
          </Box>
        </Stack>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexShrink: 0 }}
        >
          <Box sx={{ textAlign: 'end' }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
              <bdi>{amount}</bdi>
            </Typography>
            {tx.refundedAmount > 0 && (
              <Typography variant="caption" color="text.secondary">
                <bdi>
                  {t('refundedAmount', {
                    amount: formatMoney(tx.refundedAmount, tx.currency, lang),
                  })}
                </bdi>
              </Typography>
            )}
          </Box>
          <TransactionStatusChip transaction={tx} />
          <Button
            variant="outlined"
            color="error"
            size="small"
            disabled={tx.status === 'REFUNDED' && !pendingRefundOf(tx)}
            onClick={() => onRefund(tx)}
            aria-label={t(pendingRefundOf(tx) ? 'checkRefundOf' : 'refundOf', {
              table: tableLabel(tx.serviceArea),
              amount,
            })}
          >
            {t(pendingRefundOf(tx) ? 'checkRefund' : 'refund')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
