import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { localize, type Language, type Ticket } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session.tsx';
import { formatTimestamp } from './ticket-format.ts';
import { Section, DateText } from './ticket-fields.tsx';

export function HistorySection({
  ticket,
  lang,
  timeZone,
}: {
  ticket: Ticket;
  lang: Language;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('ticketDetails');
  const { profile } = useSession();
  // Branch names are known for the current tenant's branches (the session's profile).
  const branches = profile?.tenantId === ticket.tenantId ? profile.branchProfiles : [];
  const branchName = (id: string | null) => {
    if (id === ticket.branchId) return localize(ticket.branchName, lang);
    const branch = branches.find((b) => b.branchId === id);
    return branch ? localize(branch.branchName, lang) : t('history.otherBranch');
  };
  return (
    <Section titleKey="history">
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {ticket.history.map((entry, index) => (
          <Box component="li" key={`${entry.at}-${index}`}>
            <Typography variant="body2">
              <DateText>{formatTimestamp(entry.at, lang, timeZone)}</DateText>{' '}
              {entry.kind === 'status' && entry.toStatus
                ? entry.fromStatus
                  ? t('history.status', {
                      from: t(`status.${entry.fromStatus}`),
                      to: t(`status.${entry.toStatus}`),
                    })
                  : t(`status.${entry.toStatus}`)
                : t('history.transfer', {
                    from: branchName(entry.fromBranchId),
                    to: branchName(entry.toBranchId),
                  })}
              {entry.by && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  {t('history.by', { name: entry.by })}
                </Typography>
              )}
            </Typography>
            {entry.reason && (
              <Typography variant="body2" color="text.secondary">
                {t('history.reason', { reason: t(`reasons.${entry.reason}`) })}
              </Typography>
            )}
            {entry.note && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('history.note', { note: entry.note })}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Section>
  );
}
