import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import {
  auditRoutes,
  localize,
  type AuditEntry,
  type AuditQuery,
  type Language,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { callApi } from '../lib/api-client.ts';
import { localeOf, useLanguage } from '../lib/i18n.ts';
import { useCurrentTenant, usePermissions } from '../lib/session.tsx';
import { EmptyState } from './empty-state.tsx';
import { Spinner } from './spinner.tsx';

export type HistoryFilter = Omit<AuditQuery, 'cursor' | 'limit'>;

const PAGE = 25;

/** The tenant's history of changes with these filters, a page at a time (newest first). */
export function useChangeHistory(tenantId: string, filter: HistoryFilter) {
  return useInfiniteQuery({
    queryKey: ['audit', tenantId, filter],
    queryFn: ({ pageParam, signal }) =>
      callApi(
        auditRoutes.audit,
        {
          params: { tenantId },
          query: { ...filter, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
        },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(tenantId),
  });
}

/** A before or after value as a person reads it: texts in the language, lists joined. */
function shown(value: unknown, lang: Language): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'object' && !Array.isArray(value) && 'fieldValue' in value)
    return localize(value as Parameters<typeof localize>[0], lang);
  if (Array.isArray(value)) return value.map((v) => shown(v, lang)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A field's path as a person reads it: `variants.0.price` as `variants › #1 › price`. */
const fieldLabel = (field: string) =>
  field
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : part))
    .join(' › ');

function Entry({ entry, showLabel }: { entry: AuditEntry; showLabel: boolean }) {
  const { t } = useTranslation('common');
  const lang = useLanguage();
  const who = entry.actor.email
    ? `${entry.actor.email}${entry.actor.role ? ` · ${t(`history.role.${entry.actor.role}`)}` : ''}`
    : t('history.system');
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', borderBlockEnd: 1, borderColor: 'divider', paddingBlock: 1.5 }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <Chip size="small" label={t(`history.action.${entry.action}`)} />
        {showLabel && (
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {t(`history.type.${entry.entityType}`)}
            {entry.label ? `: ${localize(entry.label, lang)}` : ''}
          </Typography>
        )}
        <Typography component="span" color="text.secondary" variant="body2">
          {new Intl.DateTimeFormat(localeOf(lang), {
            dateStyle: 'medium',
            timeStyle: 'short',
          }).format(new Date(entry.at))}
          {' · '}
          <bdi>{who}</bdi>
        </Typography>
      </Stack>
      <Box component="dl" sx={{ margin: 0, marginBlockStart: 1, display: 'grid', rowGap: 0.5 }}>
        {entry.changes.map((c) => (
          <Box key={c.field} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              <bdi>{fieldLabel(c.field)}</bdi>
            </Typography>
            <Typography component="dd" variant="body2" sx={{ margin: 0 }}>
              <bdi>{shown(c.before, lang)}</bdi>
              {lang === 'ar' ? ' ← ' : ' → '}
              <bdi>{shown(c.after, lang)}</bdi>
            </Typography>
          </Box>
        ))}
        {entry.moreChanges > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('history.more', { count: entry.moreChanges })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * The history of changes (issue 38): who changed what and when, each field before and after.
 * The Activity page shows the tenant's; an editor's History shows its own entity's.
 */
export function ChangeHistory({
  tenantId,
  filter,
  showLabels = true,
}: {
  tenantId: string;
  filter: HistoryFilter;
  /** Each entry's type and name (off in an editor, where it is the editor's own). */
  showLabels?: boolean;
}) {
  const { t } = useTranslation('common');
  const history = useChangeHistory(tenantId, filter);
  if (history.isPending) return <Spinner />;
  if (history.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()}>
            {t('history.retry')}
          </Button>
        }
      >
        {t('history.loadFailed')}
      </Alert>
    );
  const entries = history.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0)
    return (
      <EmptyState
        icon={<HistoryOutlined color="disabled" sx={{ fontSize: 48 }} />}
        title={t('history.empty')}
      />
    );
  return (
    <Stack spacing={1}>
      <Box component="ul" aria-label={t('history.title')} sx={{ margin: 0, padding: 0 }}>
        {entries.map((e) => (
          <Entry key={e.id} entry={e} showLabel={showLabels} />
        ))}
      </Box>
      {history.hasNextPage && (
        <Button
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('history.more_button')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * An editor's History (issue 38): its entity's changes, shown when opened (loaded then), for
 * those who may read the history (managers and owners).
 */
export function HistorySection({
  entityType,
  entityId,
}: {
  entityType: AuditQuery['entityType'];
  entityId: string;
}) {
  const { t } = useTranslation('common');
  const tenant = useCurrentTenant();
  const permissions = usePermissions();
  const [open, setOpen] = useState(false);
  if (!tenant || !permissions.has('AuditLog')) return null;
  return (
    <Accordion
      expanded={open}
      onChange={(_, expanded) => setOpen(expanded)}
      disableGutters
      variant="outlined"
    >
      <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
        <HistoryOutlined sx={{ marginInlineEnd: 1 }} color="action" />
        <Typography>{t('history.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {open && (
          <ChangeHistory
            tenantId={tenant.tenantId}
            filter={{ entityType, entityId }}
            showLabels={false}
          />
        )}
      </AccordionDetails>
    </Accordion>
  );
}
