import type { KeyboardEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import RoomServiceOutlined from '@mui/icons-material/RoomServiceOutlined';
import { isNotAccepted } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { type SortDirection, type SortKey, type TicketRow } from '../lib/ticket-filters.ts';
import { TicketStatusChip } from './ticket-status-chip.tsx';
import { TimeAgo } from './time-ago.tsx';

export interface TicketsTableProps {
  rows: readonly TicketRow[];
  sortKey: SortKey;
  sortDirection: SortDirection;
  onSort: (key: SortKey) => void;
  onOpen: (row: TicketRow) => void;
  /** Stacked cards instead of a table (spec §2.3: under 700 px). */
  cards: boolean;
}

const COLUMNS: readonly { key: SortKey; numeric?: boolean }[] = [
  { key: 'number' },
  { key: 'type' },
  { key: 'area' },
  { key: 'total', numeric: true },
  { key: 'payment' },
  { key: 'branch' },
  { key: 'status' },
  { key: 'time' },
];

/** Spec §2.3: rows not yet accepted stand out, tinted with a bar at their start. */
const highlight = (theme: Theme) => ({
  bgcolor: alpha(theme.palette.warning.main, 0.14),
  '&:hover': { bgcolor: alpha(theme.palette.warning.main, 0.22) },
});
const startBar = (theme: Theme) => `inset 4px 0 0 ${theme.palette.warning.main}`;

function onEnter(open: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      open();
    }
  };
}

/** A call-staff ticket's marker: opens the request like its row. */
function StaffButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('tickets');
  return (
    <Button
      size="small"
      variant="contained"
      color="secondary"
      startIcon={<RoomServiceOutlined />}
      title={t('staffHint')}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
      sx={{ paddingBlock: 0, minInlineSize: 0 }}
    >
      {t('staff')}
    </Button>
  );
}

/** The order number; a call-staff ticket adds the Staff button (a plain marker on a card). */
function OrderNumber({ row, onOpen }: { row: TicketRow; onOpen?: () => void }) {
  const { t } = useTranslation('tickets');
  const callStaff = row.ticket.ticketType === 'callstaff';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {row.number}
      </Typography>
      {callStaff && onOpen && <StaffButton onOpen={onOpen} />}
      {callStaff && !onOpen && (
        <Chip
          size="small"
          color="secondary"
          icon={<RoomServiceOutlined />}
          label={t('staff')}
          title={t('staffHint')}
        />
      )}
    </Stack>
  );
}

/** The live orders list: a sortable table, or stacked cards on a narrow screen. */
export function TicketsTable({
  rows,
  sortKey,
  sortDirection,
  onSort,
  onOpen,
  cards,
}: TicketsTableProps) {
  const { t } = useTranslation('tickets');
  const label = (row: TicketRow) => t('rowLabel', { number: row.number, status: row.status });

  if (cards) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((row) => {
          const waiting = isNotAccepted(row.ticket.status);
          return (
            <Card
              key={row.ticket.id}
              component="li"
              variant="outlined"
              data-highlighted={waiting || undefined}
              sx={
                waiting
                  ? (theme) => ({ ...highlight(theme), boxShadow: startBar(theme) })
                  : undefined
              }
            >
              {/* Named by what it shows (number, status, details), as a voice command reads it. */}
              <CardActionArea
                component="div"
                role="button"
                onClick={() => onOpen(row)}
                onKeyDown={onEnter(() => onOpen(row))}
              >
                <CardContent sx={{ display: 'grid', gap: 0.75 }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                  >
                    <OrderNumber row={row} />
                    <TicketStatusChip status={row.ticket.status} />
                  </Stack>
                  <CardLine label={t('columns.type')}>{row.type}</CardLine>
                  {row.area && <CardLine label={t('columns.area')}>{row.area}</CardLine>}
                  {row.total && <CardLine label={t('columns.total')}>{row.total}</CardLine>}
                  {row.payment && <CardLine label={t('columns.payment')}>{row.payment}</CardLine>}
                  <CardLine label={t('columns.branch')}>{row.branch}</CardLine>
                  <CardLine label={t('columns.time')}>
                    <TimeAgo timestamp={row.ticket.timestamp} />
                  </CardLine>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => {
              const active = column.key === sortKey;
              return (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  sortDirection={active ? sortDirection : false}
                  // Long headings ('Table / area or zone') wrap so the row fits without scrolling.
                  sx={{ verticalAlign: 'bottom' }}
                >
                  <TableSortLabel
                    active={active}
                    direction={active ? sortDirection : 'asc'}
                    onClick={() => onSort(column.key)}
                  >
                    {t(`columns.${column.key}`)}
                  </TableSortLabel>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const waiting = isNotAccepted(row.ticket.status);
            return (
              <TableRow
                key={row.ticket.id}
                hover
                tabIndex={0}
                aria-label={label(row)}
                data-highlighted={waiting || undefined}
                onClick={() => onOpen(row)}
                onKeyDown={onEnter(() => onOpen(row))}
                sx={[
                  { cursor: 'pointer' },
                  (theme) => ({
                    '&:focus-visible': {
                      outline: `2px solid ${theme.palette.primary.main}`,
                      outlineOffset: -2,
                    },
                  }),
                  waiting &&
                    ((theme) => ({
                      ...highlight(theme),
                      // A table row draws no shadow of its own: the bar sits on its first cell.
                      '& > td:first-of-type': { boxShadow: startBar(theme) },
                    })),
                ]}
              >
                <TableCell>
                  <OrderNumber row={row} onOpen={() => onOpen(row)} />
                </TableCell>
                <TableCell>{row.type}</TableCell>
                <TableCell>{row.area || '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.total || '—'}
                </TableCell>
                <TableCell>{row.payment || '—'}</TableCell>
                <TableCell>{row.branch}</TableCell>
                <TableCell>
                  <TicketStatusChip status={row.ticket.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <TimeAgo timestamp={row.ticket.timestamp} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'end' }}>
        {children}
      </Typography>
    </Stack>
  );
}
