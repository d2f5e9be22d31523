import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import {
  ORDER_BUCKETS,
  REPORT_LIMITS,
  formatMoney,
  localize,
  type ReportRow,
  type ReportTotals,
  type TicketStatus,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDateTime } from '../lib/report-form.ts';
import { WideTable } from '../../../components/wide-table.tsx';

const STATUS_COLOURS: Record<TicketStatus, 'warning' | 'info' | 'success' | 'default'> = {
  UnVerified: 'warning',
  New: 'warning',
  InProgress: 'info',
  Completed: 'success',
  Cancelled: 'default',
};

/** The footer's lines per currency: the dashboard's definitions (order-buckets.ts). */
const BUCKETS = [...ORDER_BUCKETS, 'refunded'] as const;

const COLUMNS = [
  'ticketNumber',
  'timestamp',
  'status',
  'type',
  'customer',
  'phoneNumber',
  'paymentMethod',
  'branch',
  'area',
  'total',
] as const;

/** Spec §2.6: the rows of one page, the totals of the whole filter, a 10-row paginator. */
export function ReportTable({
  rows,
  totals,
  page,
  onPage,
  onOpen,
}: {
  rows: readonly ReportRow[];
  totals: ReportTotals;
  page: number;
  onPage: (page: number) => void;
  onOpen: (row: ReportRow) => void;
}) {
  const { t } = useTranslation('reports');
  const lang = useLanguage();
  const last = COLUMNS.length - 1;
  return (
    <>
      <WideTable
        label={t('title')}
        columns={COLUMNS.map((c, i) => ({ key: c, label: t(`columns.${c}`), end: i === last }))}
      >
        <TableBody>
          {rows.map((row) => {
            const customer = [row.firstName, row.lastName].filter(Boolean).join(' ');
            const area =
              row.serviceArea ?? (row.deliveryZone ? localize(row.deliveryZone, lang) : '');
            return (
              <TableRow key={row.id} hover>
                <TableCell>
                  <Link
                    component="button"
                    type="button"
                    onClick={() => onOpen(row)}
                    aria-label={t('openTicket', { number: row.ticketNumber })}
                    sx={{ fontWeight: 600 }}
                  >
                    <bdi>{t('orderNumber', { number: row.ticketNumber })}</bdi>
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <bdi>{formatDateTime(row.timestamp, lang, row.branchTimeZone)}</bdi>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATUS_COLOURS[row.status]}
                    label={t(`status.${row.status}`)}
                  />
                </TableCell>
                <TableCell>{t(`types.${row.type}`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {customer || row.reservationLastName || ''}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <bdi>{row.phoneNumber ?? ''}</bdi>
                </TableCell>
                <TableCell>{t(`payment.${row.paymentMethod.toLowerCase()}` as never)}</TableCell>
                <TableCell>{localize(row.branchName, lang)}</TableCell>
                <TableCell>{area}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <bdi>{formatMoney(row.total, row.currency, lang)}</bdi>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </WideTable>
      {/* The footer stays in view while a narrow screen scrolls the table sideways. */}
      <Box
        role="group"
        aria-label={t('footer.label')}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          columnGap: 3,
          rowGap: 0.5,
          paddingInline: 2,
          paddingBlock: 1.5,
          borderBlockStart: 1,
          borderColor: 'divider',
          backgroundColor: 'action.hover',
          fontWeight: 700,
        }}
      >
        <span data-testid="report-count">{t('footer.count', { count: totals.count })}</span>
        {totals.amounts.map((a) => (
          <Box
            key={a.currency}
            component="dl"
            data-testid={`report-totals-${a.currency}`}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 3,
              rowGap: 0.5,
              margin: 0,
              '& div': { display: 'flex', gap: 1 },
              '& dd': { margin: 0 },
            }}
          >
            {BUCKETS.map((bucket) => (
              <div key={bucket} data-testid={bucket === 'sales' ? 'report-total' : undefined}>
                <dt>{t(`footer.${bucket}`, { count: a[bucket].count })}</dt>
                <dd>
                  <bdi>{formatMoney(a[bucket].total, a.currency, lang)}</bdi>
                </dd>
              </div>
            ))}
          </Box>
        ))}
      </Box>
      <TablePagination
        component="div"
        count={totals.count}
        page={page}
        rowsPerPage={REPORT_LIMITS.pageSize}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => onPage(next)}
        labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
      />
    </>
  );
}
