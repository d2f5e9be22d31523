import { useState, type ComponentType } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Currency, formatMoney, localize, type UnverifiedTicketRow } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ReloadPageAlert } from '../../../components/retry-alert.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useUnverifiedTickets } from '../api/platform-queries.ts';
import { formatDateTime, splitMinutes, WIDE_ONLY } from '../lib/format.ts';

/** Which ticket the read-only details sheet shows; null closes it. */
export type TicketSheetProps = {
  ticket: { tenantId: string; ticketId: string } | null;
  onClose: () => void;
};

/** The thresholds offered besides the server's own (UNVERIFIED_TICKET_MINUTES). */
const THRESHOLDS = [5, 10, 15, 30, 60, 240, 1440] as const;

/**
 * admin/unverifiedtickets (§2.1, §6; the screen is not specified): tickets of every outlet that
 * nobody accepted for longer than a threshold, oldest first, each opening read only in the
 * live orders' details sheet (handed in by the app: features do not import each other).
 */
export function UnverifiedTicketsPage({
  TicketSheet,
}: {
  TicketSheet: ComponentType<TicketSheetProps>;
}) {
  const { t } = useTranslation('platform');
  const lang = useLanguage();
  const [threshold, setThreshold] = useState<number | null>(null);
  const [open, setOpen] = useState<UnverifiedTicketRow | null>(null);
  const list = useUnverifiedTickets(threshold);
  const minutes = threshold ?? list.data?.olderThanMinutes ?? null;
  const options =
    minutes !== null && !THRESHOLDS.some((m) => m === minutes)
      ? [...THRESHOLDS, minutes].sort((a, b) => a - b)
      : [...THRESHOLDS];

  const waiting = (total: number) => {
    const { hours, minutes: rest } = splitMinutes(total);
    return hours > 0
      ? t('unverified.hoursMinutes', { hours, minutes: rest })
      : t('unverified.minutes', { count: rest });
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('unverified.title')}
      </Typography>
      <Typography color="text.secondary">{t('unverified.intro')}</Typography>
      {minutes !== null && (
        <TextField
          select
          label={t('unverified.threshold')}
          value={minutes}
          onChange={(event) => setThreshold(Number(event.target.value))}
          sx={{ maxInlineSize: 280 }}
        >
          {options.map((m) => (
            <MenuItem key={m} value={m}>
              {waiting(m)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {list.isPending && <Spinner />}
      {list.isError && <ReloadPageAlert />}
      {list.data && (
        <>
          {list.data.total > list.data.tickets.length && (
            <Alert severity="info">
              {t('unverified.truncated', {
                shown: list.data.tickets.length,
                total: list.data.total,
              })}
            </Alert>
          )}
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('unverified.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('unverified.order')}</TableCell>
                  <TableCell>{t('unverified.waiting')}</TableCell>
                  <TableCell>{t('unverified.outlet')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{t('unverified.type')}</TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, textAlign: 'end' }}>
                    {t('unverified.total')}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{t('unverified.placed')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.tickets.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>
                      {t('unverified.empty', { waiting: waiting(list.data.olderThanMinutes) })}
                    </TableCell>
                  </TableRow>
                )}
                {list.data.tickets.map((row) => (
                  <TableRow key={row.ticketId} hover>
                    <TableCell component="th" scope="row">
                      <Button
                        size="small"
                        onClick={() => setOpen(row)}
                        aria-label={t('unverified.view', { number: row.ticketNumber })}
                      >
                        #{row.ticketNumber}
                      </Button>
                    </TableCell>
                    <TableCell>{waiting(row.minutesWaiting)}</TableCell>
                    <TableCell>
                      {localize(row.tenantName, lang)}
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        component="span"
                        sx={{ display: 'block' }}
                      >
                        {localize(row.branchName, lang)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>
                      {t(`unverified.templates.${row.checkoutTemplate}`, {
                        defaultValue: row.checkoutTemplate,
                      })}
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, textAlign: 'end' }}>
                      <span dir="ltr">
                        {formatMoney(
                          row.total,
                          Currency.safeParse(row.currency).data ?? null,
                          lang,
                        )}
                      </span>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>
                      <span dir="ltr">{formatDateTime(row.timestamp)}</span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      <TicketSheet
        ticket={open ? { tenantId: open.tenantId, ticketId: open.ticketId } : null}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
