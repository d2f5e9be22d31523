import { useDeferredValue, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AUDIT_ENTITY_TYPES, AUDIT_LIMITS, type AuditEntityType } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ChangeHistory, type HistoryFilter } from '../../../components/change-history.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';

/** A local date (yyyy-mm-dd) as the instant its day starts, in this browser's zone. */
const dayStart = (date: string, plusDays = 0) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
};

/**
 * Activity (issue 38): the tenant's history of changes, newest first, filtered by what changed,
 * who changed it and when. Owners see everything; managers their branches' changes and what
 * they edit themselves (the server decides).
 */
export function ActivityPage() {
  const { t } = useTranslation('common');
  const { tenantId } = useTenantSession();
  const [entityType, setEntityType] = useState<AuditEntityType | ''>('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const person = useDeferredValue(actor.trim());
  const filter: HistoryFilter = {
    ...(entityType ? { entityType } : {}),
    ...(person ? { actor: person } : {}),
    ...(from ? { from: dayStart(from) } : {}),
    // The whole of the last day chosen.
    ...(to ? { to: dayStart(to, 1) } : {}),
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('activity.title')}
        subtitle={t('activity.subtitle', { days: AUDIT_LIMITS.retentionDaysDefault })}
        action={null}
      />
      <Paper variant="outlined" sx={{ padding: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            size="small"
            label={t('activity.type')}
            value={entityType}
            onChange={(e) => setEntityType(e.target.value as AuditEntityType | '')}
            sx={{ minInlineSize: 200 }}
          >
            <MenuItem value="">{t('activity.anyType')}</MenuItem>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`history.type.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('activity.person')}
            value={actor}
            onChange={(e) => setActor(e.target.value)}
            slotProps={{ htmlInput: { maxLength: AUDIT_LIMITS.actorMax } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('activity.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('activity.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ paddingInline: 2, paddingBlock: 1 }}>
        <ChangeHistory tenantId={tenantId} filter={filter} />
      </Paper>
    </Stack>
  );
}
