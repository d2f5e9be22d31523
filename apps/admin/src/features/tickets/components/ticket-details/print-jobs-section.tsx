import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { PRINT_KINDS, type PrintJobState, type Ticket } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../../components/busy-button.tsx';
import { PrinterStateChip } from '../../../../components/printer-state-chip.tsx';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useNotify } from '../../../../lib/notify.tsx';
import { useReprint, useTicketBranchPrinters, useTicketPrintJobs } from '../../api/print-jobs.ts';
import { formatTimestamp } from './ticket-format.ts';
import { DateText, Section } from './ticket-fields.tsx';

const JOB_COLOR: Record<PrintJobState, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  printing: 'info',
  printed: 'success',
  failed: 'error',
};

/**
 * The ticket view's printing (issue 37): what was printed where, in which state (a failed
 * job with the printer's reason), the branch's printers' state, and printing again (COPY).
 * Absent when the branch has no printer.
 */
export function PrintJobsSection({
  ticket,
  timeZone,
}: {
  ticket: Ticket;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('ticketDetails');
  const lang = useLanguage();
  const notify = useNotify();
  const printers = useTicketBranchPrinters(ticket.tenantId, ticket.branchId);
  const jobs = useTicketPrintJobs(ticket.tenantId, ticket.id);
  const reprint = useReprint(ticket.tenantId, ticket.id);
  if (!printers.data || printers.data.length === 0) return null;
  const kinds = PRINT_KINDS.filter((k) => printers.data.some((p) => p.prints.includes(k)));
  return (
    <Section titleKey="printing">
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {printers.data.map((p) => (
            <Stack key={p.id} direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
              <PrintOutlined fontSize="small" color="action" />
              <Typography variant="body2">{p.name}</Typography>
              <PrinterStateChip state={p.state} detail={p.stateDetail} />
            </Stack>
          ))}
        </Stack>
        {jobs.data?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('printing.none')}
          </Typography>
        )}
        {jobs.data && jobs.data.length > 0 && (
          <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {jobs.data.map((job) => (
              <Box
                component="li"
                key={job.id}
                sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Typography variant="body2">
                  <DateText>{formatTimestamp(job.createdAt, lang, timeZone)}</DateText>{' '}
                  {t(`printing.kinds.${job.kind}`)}
                  {job.copy && ` (${t('printing.copy')})`} · {job.printerName}
                </Typography>
                <Chip
                  size="small"
                  color={JOB_COLOR[job.state]}
                  label={t(`printing.jobStates.${job.state}`)}
                />
                {job.reason && (
                  <Typography variant="body2" color="error">
                    <span dir="ltr">{job.reason}</span>
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
        )}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {kinds.map((kind) => (
            <BusyButton
              key={kind}
              variant="outlined"
              startIcon={<PrintOutlined />}
              busy={reprint.isPending && reprint.variables === kind}
              disabled={reprint.isPending}
              onClick={() =>
                reprint.mutate(kind, {
                  onSuccess: () => notify.success(t('printing.sent')),
                  onError: () => notify.error(t('printing.unableToPrint')),
                })
              }
            >
              {t(kind === 'kitchen' ? 'printing.kitchenAgain' : 'printing.receiptAgain')}
            </BusyButton>
          ))}
        </Stack>
      </Stack>
    </Section>
  );
}
