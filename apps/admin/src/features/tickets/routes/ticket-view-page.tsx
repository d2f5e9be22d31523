import { useMemo } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { useSession } from '../../../lib/session.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { isRefusal, useLocateTicket, useTicket } from '../api/ticket-detail.ts';
import { TicketActions } from '../components/ticket-details/ticket-actions.tsx';
import { TicketContent } from '../components/ticket-details/ticket-content.tsx';
import { useTicketLoadError } from '../components/ticket-details/use-ticket-load-error.ts';
import { formatTimestamp } from '../components/ticket-details/ticket-format.ts';
import { TicketStatusChip } from '../components/ticket-status-chip.tsx';
import { useBranchTimeZone } from '../components/ticket-details/use-branch-time-zone.ts';

/**
 * admin/tickets/view/{id} (spec §2.1, §2.4): one ticket with its actions. The link carries only
 * the ticket's id or number, so the page looks in the current tenant first, then in the user's
 * others; any refusal reads 'Order not found or expired'.
 */
export function TicketViewPage() {
  const { t } = useTranslation('ticketDetails');
  const lang = useLanguage();
  const { id = '' } = useParams();
  const { tenantId, tenants } = useSession();
  const tenantIds = useMemo(
    () => [
      ...(tenantId ? [tenantId] : []),
      ...tenants.map((x) => x.tenantId).filter((x) => x !== tenantId),
    ],
    [tenantId, tenants],
  );
  const located = useLocateTicket(id, tenantIds);
  const ticketTenant = located.data?.tenantId ?? '';
  const query = useTicket(ticketTenant, located.data?.ticketId ?? id, located.isSuccess);
  useTicketLoadError(located.error ?? query.error);
  const ticket = query.data;
  const timeZone = useBranchTimeZone(ticket ?? { tenantId: '', branchId: '' });
  const notFound = isRefusal(located.error) || isRefusal(query.error) || tenantIds.length === 0;

  return (
    <Stack spacing={2} sx={{ maxInlineSize: 960 }}>
      <div>
        <BackLink to={paths.liveOrders}>{t('view.back')}</BackLink>
      </div>
      {ticket ? (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <Typography variant="h4" component="h1">
              {t('view.title', { number: ticket.ticketNumber })}
            </Typography>
            <TicketStatusChip status={ticket.status} />
            <Typography color="text.secondary" component="bdi">
              {formatTimestamp(ticket.timestamp, lang, timeZone)}
            </Typography>
          </Box>
          <TicketActions ticket={ticket} />
          <Paper variant="outlined" sx={{ padding: { xs: 2, sm: 3 } }}>
            <TicketContent ticket={ticket} />
          </Paper>
        </>
      ) : notFound ? (
        <Alert severity="warning" role="alert">
          {t('messages.notFound')}
        </Alert>
      ) : located.isError || query.isError ? null : (
        <Spinner label={t('sheet.loading')} />
      )}
    </Stack>
  );
}
