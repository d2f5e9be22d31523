import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import {
  TABLE_BILL_LIMITS,
  formatMoney,
  fromMilli,
  localize,
  toMilli,
  type Language,
  type TableBillTotals,
  type TableBillTransaction,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useTableLabel } from '../lib/use-table-label.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { BranchSelect } from '../../../components/branch-select.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError, ValidationError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import type { RealtimeClient } from '../../../lib/realtime.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useTransactions, type TransactionsFilter } from '../api/table-bills-queries.ts';
import { usePaymentUpdates } from '../api/use-payment-updates.ts';
import { PaymentCard } from '../components/payment-card.tsx';
import { useRefundDialog } from '../components/refund-dialog.tsx';
import { TransactionStatusChip } from '../components/transaction-status-chip.tsx';
import {
  dateRangeError,
  endOfLocalDay,
  localToday,
  orderNumbersText,
  paidAtText,
  pendingRefundOf,
  startOfLocalDay,
  type DateRangeError,
} from '../lib/table-bill-form.ts';
import { WideTable } from '../../../components/wide-table.tsx';

type Form = { from: string; to: string; branchId: string };

const filterOf = (form: Form, page: number): TransactionsFilter => ({
  dateFrom: startOfLocalDay(form.from),
  dateTo: endOfLocalDay(form.to),
  page,
  pageSize: TABLE_BILL_LIMITS.pageSize,
  ...(form.branchId ? { branchId: form.branchId } : {}),
});

/**
 * tablebill/transactions (spec §2.1, §7.5; owners; the screen is ours to design): table bill
 * payments of a range of days on the user's clock, a page at a time with the range's totals,
 * each with its refund; the page follows receiveTableBillPaymentUpdate.
 */
export function TransactionsPage({
  createClient,
}: {
  /** The realtime client to use; tests pass a fake. */
  createClient?: () => RealtimeClient;
} = {}) {
  const { t } = useTranslation('tableBills');
  const { tenantId, lang } = useTenantSession();
  const [form, setForm] = useState<Form>(() => ({
    from: localToday(),
    to: localToday(),
    branchId: '',
  }));
  const [applied, setApplied] = useState<Form>(form);
  const [page, setPage] = useState(0);
  const [dateError, setDateError] = useState<DateRangeError | null>(null);
  const { startRefund, refundDialog } = useRefundDialog();
  const filter = filterOf(applied, page);
  const transactions = useTransactions(tenantId, filter);
  usePaymentUpdates(tenantId, undefined, createClient);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));

  const search = () => {
    const problem = dateRangeError(form.from, form.to);
    setDateError(problem);
    if (problem) return;
    setApplied(form);
    setPage(0);
  };
  const serverDateError =
    transactions.error instanceof ValidationError
      ? (transactions.error.fieldErrors[0]?.codes[0] as DateRangeError | undefined)
      : undefined;
  const shownDateError = dateError ?? serverDateError ?? null;

  const data = transactions.data;
  let body;
  if (!data && transactions.isPending) body = <Spinner label={t('loading')} />;
  else if (!data || (transactions.isError && !isApiError(transactions.error, 422)))
    body =
      transactions.error instanceof ValidationError ? null : (
        <LoadError
          error={transactions.error}
          onRetry={() => void transactions.refetch()}
          message={t('loadError')}
          snackbar={false}
        />
      );
  else if (data.totals.count === 0)
    body = (
      <EmptyState
        icon={<ReceiptLongOutlined color="disabled" sx={{ fontSize: 48 }} />}
        title={t('transactions.empty')}
        hint={t('transactions.emptyHint')}
      />
    );
  else
    body = (
      <>
        <Totals totals={data.totals} lang={lang} />
        {narrow ? (
          <Stack spacing={1.5} sx={{ padding: 1.5 }}>
            {data.results.map((tx) => (
              <PaymentCard
                key={tx.tableBillTransactionId}
                transaction={tx}
                lang={lang}
                withDate
                onRefund={startRefund}
              />
            ))}
          </Stack>
        ) : (
          <TransactionsTable rows={data.results} lang={lang} onRefund={startRefund} />
        )}
        <TablePagination
          component="div"
          count={data.totals.count}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={TABLE_BILL_LIMITS.pageSize}
          rowsPerPageOptions={[TABLE_BILL_LIMITS.pageSize]}
        />
      </>
    );

  return (
    <Stack spacing={2} sx={{ minInlineSize: 0 }}>
      <PageHeader
        title={t('transactions.title')}
        subtitle={t('transactions.subtitle')}
        action={
          <Button component={RouterLink} to={paths.tableBillLivePayments} variant="outlined">
            {t('transactions.livePayments')}
          </Button>
        }
      />
      <Paper
        variant="outlined"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
        sx={{ padding: 2 }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
        >
          <TextField
            type="date"
            size="small"
            label={t('transactions.from')}
            value={form.from}
            onChange={(e) => setForm({ ...form, from: e.target.value })}
            error={shownDateError !== null && shownDateError !== 'date_before_start'}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: TABLE_BILL_LIMITS.minDate, max: form.to || undefined },
            }}
          />
          <TextField
            type="date"
            size="small"
            label={t('transactions.to')}
            value={form.to}
            onChange={(e) => setForm({ ...form, to: e.target.value })}
            error={shownDateError !== null}
            helperText={shownDateError ? t(`dates.${shownDateError}`) : undefined}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: form.from || TABLE_BILL_LIMITS.minDate },
            }}
          />
          <BranchSelect
            label={t('branch')}
            allLabel={t('allBranches')}
            value={form.branchId}
            onChange={(branchId) => setForm({ ...form, branchId })}
            sx={{ minInlineSize: 180 }}
          />
          <Button type="submit" variant="contained" sx={{ alignSelf: { sm: 'flex-start' } }}>
            {t('transactions.search')}
          </Button>
        </Stack>
      </Paper>
      <Paper variant="outlined">{body}</Paper>
      {refundDialog}
    </Stack>
  );
}

function Totals({ totals, lang }: { totals: TableBillTotals; lang: Language }) {
  const { t } = useTranslation('tableBills');
  return (
    <Stack sx={{ padding: 2, borderBlockEnd: 1, borderColor: 'divider' }}>
      {totals.amounts.map((a) => (
        <Typography key={a.currency} role="status" sx={{ fontWeight: 600 }}>
          <bdi>
            {t('transactions.totals', {
              count: totals.count,
              paid: formatMoney(a.paid, a.currency, lang),
              refunded: formatMoney(a.refunded, a.currency, lang),
              net: formatMoney(
                Number(fromMilli(toMilli(a.paid.toFixed(3)) - toMilli(a.refunded.toFixed(3)))),
                a.currency,
                lang,
              ),
            })}
          </bdi>
        </Typography>
      ))}
    </Stack>
  );
}

const COLUMNS = [
  'paidAt',
  'branch',
  'table',
  'orders',
  'card',
  'amount',
  'refunded',
  'status',
  'actions',
] as const;
const END_ALIGNED = new Set<string>(['amount', 'refunded', 'actions']);

function TransactionsTable({
  rows,
  lang,
  onRefund,
}: {
  rows: readonly TableBillTransaction[];
  lang: Language;
  onRefund: (tx: TableBillTransaction) => void;
}) {
  const { t } = useTranslation('tableBills');
  const tableLabel = useTableLabel();
  return (
    <WideTable
      label={t('transactions.title')}
      columns={COLUMNS.map((c) => ({ key: c, label: t(`columns.${c}`), end: END_ALIGNED.has(c) }))}
    >
      <TableBody>
        {rows.map((tx) => {
          const amount = formatMoney(tx.amount, tx.currency, lang);
          return (
            <TableRow key={tx.tableBillTransactionId} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <bdi>{paidAtText(tx.paidAt, lang)}</bdi>
              </TableCell>
              <TableCell>{localize(tx.branchName, lang)}</TableCell>
              <TableCell>{tableLabel(tx.serviceArea)}</TableCell>
              <TableCell>
                <bdi>{orderNumbersText(tx.ticketNumbers)}</bdi>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <bdi>{`${tx.cardScheme ?? ''} ${tx.maskedValue ?? ''}`.trim()}</bdi>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                <bdi>{amount}</bdi>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <bdi>
                  {tx.refundedAmount > 0 ? formatMoney(tx.refundedAmount, tx.currency, lang) : '–'}
                </bdi>
              </TableCell>
              <TableCell>
                <TransactionStatusChip transaction={tx} />
              </TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  disabled={tx.status === 'REFUNDED' && !pendingRefundOf(tx)}
                  onClick={() => onRefund(tx)}
                  aria-label={t(pendingRefundOf(tx) ? 'checkRefundOf' : 'refundOf', {
                    table: tableLabel(tx.serviceArea),
                    amount,
                  })}
                >
                  {t(pendingRefundOf(tx) ? 'checkRefund' : 'refund')}
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </WideTable>
  );
}
