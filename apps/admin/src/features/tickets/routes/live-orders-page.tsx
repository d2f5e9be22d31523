import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { isNotAccepted, type TicketCounters, type TicketSummary } from '@app/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { BrandsHeader } from '../components/brands-header.tsx';
import { DeviceNotifications } from '../components/device-notifications.tsx';
import { SoldOutButton } from '../components/sold-out.tsx';
import { TicketFilterBar } from '../components/ticket-filter-bar.tsx';
import { TicketsTable } from '../components/tickets-table.tsx';
import { StartPrompt } from '../components/start-prompt.tsx';
import { useLiveTickets } from '../live-tickets.tsx';
import {
  searchRows,
  sortRows,
  ticketsFor,
  type SortDirection,
  type SortKey,
  type TicketFilter,
} from '../lib/ticket-filters.ts';
import { useTicketRows } from '../lib/ticket-rows.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import type { TicketRef } from '../components/ticket-details/ticket-details-sheet.tsx';

/** Spec §2.3, §9. */
export const PAGE_SIZES = [10, 15, 25, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
/** Spec §2.3: rows become stacked cards under 700 px. */
export const CARDS_QUERY = '(max-width: 699.95px)';

/**
 * The details sheet (actions, dialogs, receipt) and its texts load with the first ticket
 * opened: the list's first paint goes without them.
 */
const TicketDetailsSheet = lazy(async () => {
  const [module] = await Promise.all([
    import('../components/ticket-details/ticket-details-sheet.tsx'),
    loadNamespaces(['ticketDetails']),
  ]);
  return { default: module.TicketDetailsSheet };
});

function LazyTicketDetailsSheet({
  ticket,
  onClose,
}: {
  ticket: TicketRef | null;
  onClose: () => void;
}) {
  // Mounted from the first opening on, so later ones slide in and out as usual.
  const [used, setUsed] = useState(false);
  if (ticket && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <TicketDetailsSheet ticket={ticket} onClose={onClose} />
    </Suspense>
  );
}

/** The title and brands, with the device's notifications beside them. */
function LiveOrdersHeader({ tickets }: { tickets: readonly TicketSummary[] }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
    >
      <BrandsHeader tickets={tickets} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <SoldOutButton />
        <DeviceNotifications />
      </Stack>
    </Stack>
  );
}

/** tickets/manage (spec §2.3): the live orders of the user's tenants. */
export function LiveOrdersPage() {
  const { t } = useTranslation('tickets');
  const live = useLiveTickets();
  const { tickets, started, openTicket, setOpenTicket } = live;

  let body;
  if (!started) {
    // The title and the prompt do not wait for the list: the first paint needs only the session.
    body = (
      <Stack spacing={2}>
        <LiveOrdersHeader tickets={tickets.data?.results ?? []} />
        <StartPrompt onStart={() => void live.start()} />
      </Stack>
    );
  } else if (tickets.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (!tickets.data) {
    body = (
      <LoadError
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
        message={t('loadError')}
        snackbar={false}
      />
    );
  } else {
    body = <LiveOrdersView tickets={tickets.data.results} counters={tickets.data.counters} />;
  }

  return (
    <>
      {body}
      <LazyTicketDetailsSheet ticket={openTicket} onClose={() => setOpenTicket(null)} />
    </>
  );
}

function LiveOrdersView({
  tickets,
  counters,
}: {
  tickets: readonly TicketSummary[];
  counters: TicketCounters;
}) {
  const { t } = useTranslation('tickets');
  const { setOpenTicket, tickets: query } = useLiveTickets();
  const cards = useMediaQuery(CARDS_QUERY);
  const { can } = useTenantSession();
  const [filter, setFilter] = useState<TicketFilter>('all');
  const [search, setSearch] = useState('');
  const [sortKey, setSortKey] = useState<SortKey>('time');
  const [sortDirection, setSortDirection] = useState<SortDirection>('desc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);

  const rows = useTicketRows(useMemo(() => ticketsFor(tickets, filter), [tickets, filter]));
  // Orders pushed again to managers for waiting too long (issue 36): the oldest first.
  const urgent = useMemo(
    () =>
      tickets
        .filter((ticket) => ticket.escalatedAt !== null && isNotAccepted(ticket.status))
        .sort((a, b) => a.timestamp.localeCompare(b.timestamp)),
    [tickets],
  );
  const shown = useMemo(
    () => sortRows(searchRows(rows, search), sortKey, sortDirection),
    [rows, search, sortKey, sortDirection],
  );
  // A list that shrank (a ticket accepted elsewhere) must not leave the page past its end.
  const lastPage = Math.max(0, Math.ceil(shown.length / pageSize) - 1);
  const currentPage = Math.min(page, lastPage);
  const pageRows = shown.slice(currentPage * pageSize, (currentPage + 1) * pageSize);

  const sortBy = (key: SortKey) => {
    if (key === sortKey) setSortDirection(sortDirection === 'asc' ? 'desc' : 'asc');
    else {
      setSortKey(key);
      // Time reads best newest first; the rest from the start.
      setSortDirection(key === 'time' ? 'desc' : 'asc');
    }
  };

  return (
    <Stack spacing={2} sx={{ minInlineSize: 0 }}>
      <LiveOrdersHeader tickets={tickets} />
      {urgent.length > 0 && (
        <Alert
          severity="error"
          variant="filled"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() =>
                setOpenTicket({ tenantId: urgent[0]!.tenantId, ticketId: urgent[0]!.id })
              }
            >
              {t('urgent.open')}
            </Button>
          }
        >
          {t('urgent.waiting', {
            count: urgent.length,
            numbers: urgent.map((ticket) => `#${ticket.ticketNumber}`).join(', '),
          })}
        </Alert>
      )}
      {query.isError && <Alert severity="warning">{t('loadError')}</Alert>}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <TicketFilterBar
          value={filter}
          counters={counters}
          onChange={(next) => {
            setFilter(next);
            setPage(0);
          }}
        />
        <TextField
          type="search"
          size="small"
          label={t('search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ inlineSize: { xs: '100%', md: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      {filter === 'completed' && (
        <Alert severity="info">
          <Trans
            t={t}
            i18nKey="completedNote"
            components={{
              report: can('Reports') ? (
                <Link component={RouterLink} to={paths.allTicketsReport} color="inherit" />
              ) : (
                <span />
              ),
            }}
          />
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {shown.length === 0 ? (
          <EmptyState
            icon={<ReceiptLongOutlined color="disabled" sx={{ fontSize: 48 }} />}
            title={
              search.trim() ? t('empty.search', { query: search.trim() }) : t(`empty.${filter}`)
            }
            hint={!search.trim() && filter !== 'completed' ? t('emptyHint') : undefined}
          />
        ) : (
          <>
            <TicketsTable
              rows={pageRows}
              sortKey={sortKey}
              sortDirection={sortDirection}
              onSort={sortBy}
              onOpen={(row) =>
                setOpenTicket({ tenantId: row.ticket.tenantId, ticketId: row.ticket.id })
              }
              cards={cards}
            />
            <TablePagination
              component="div"
              count={shown.length}
              page={currentPage}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[...PAGE_SIZES]}
              onPageChange={(_, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={t('rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
            />
          </>
        )}
      </Paper>
    </Stack>
  );
}
