import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { useTranslation } from 'react-i18next';
import { formatMoney, localize, type PosMappingBody, type PosMappingEntry } from '@app/contracts';
import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useMapEntry, usePosEntries } from '../api/pos-mapping-queries.ts';
import { MapDialog } from '../components/map-dialog.tsx';

type View = 'items' | 'modifiers';

/** catalog/pos-map-integrated-items (menu-management §2 screen 15, §3 POS mapping). */
export function PosMappingPage() {
  const { t } = useTranslation('posMapping');
  const { tenantId, lang, currency } = useTenantSession();
  const notify = useNotify();
  const entries = usePosEntries(tenantId);
  const map = useMapEntry(tenantId);
  const [view, setView] = useState<View>('items');
  const [filter, setFilter] = useState('');
  const [unmappedOnly, setUnmappedOnly] = useState(false);
  const [open, setOpen] = useState<PosMappingEntry | null>(null);

  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (entries.data ?? []).filter((e) => {
      if ((view === 'items') !== (!e.isModifierGroup && !e.isModifierItem)) return false;
      if (unmappedOnly && e.externalSKU) return false;
      const text = [
        localize(e.title, lang),
        e.parentTitle ? localize(e.parentTitle, lang) : '',
        e.externalSKU ?? '',
      ]
        .join(' ')
        .toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }, [entries.data, view, unmappedOnly, filter, lang]);

  const save = (entry: PosMappingEntry, codes: PosMappingBody) =>
    map.mutate(
      { entry, codes },
      {
        onSuccess: () => {
          notify.success(t('snackbar.saved'));
          setOpen(null);
        },
        onError: (error) => {
          if (isApiError(error, 403)) return;
          console.error('POS mapping failed', error);
          notify.errorWithRefresh(t('snackbar.failed'));
        },
      },
    );

  const counts = useMemo(() => {
    const list = entries.data ?? [];
    const items = list.filter((e) => !e.isModifierGroup && !e.isModifierItem);
    return { items: items.length, mapped: items.filter((e) => e.externalSKU).length };
  }, [entries.data]);

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 1100 }}>
      <Typography variant="h4" component="h1">
        {t('title')}
      </Typography>
      <Typography color="text.secondary">{t('intro')}</Typography>

      {entries.isPending ? (
        <Spinner />
      ) : entries.isError ? (
        <LoadError error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <>
          <Typography variant="body2" data-testid="pos-mapping-progress">
            {t('progress', { mapped: counts.mapped, count: counts.items })}
          </Typography>
          <Tabs value={view} onChange={(_, v: View) => setView(v)} aria-label={t('views')}>
            <Tab value="items" label={t('tabs.items')} />
            <Tab value="modifiers" label={t('tabs.modifiers')} />
          </Tabs>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 2, alignItems: { sm: 'center' } }}
          >
            <TextField
              label={t('filter')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              size="small"
              sx={{ flex: 1 }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={unmappedOnly}
                  onChange={(e) => setUnmappedOnly(e.target.checked)}
                />
              }
              label={t('unmappedOnly')}
            />
          </Stack>
          <Paper variant="outlined">
            {shown.length === 0 ? (
              <Typography sx={{ padding: 2 }} color="text.secondary">
                {t('empty')}
              </Typography>
            ) : (
              <Box
                component="ul"
                sx={{ listStyle: 'none', margin: 0, padding: 0 }}
                aria-label={t(`tabs.${view}`)}
              >
                {shown.map((e, index) => {
                  const title = localize(e.title, lang);
                  return (
                    <Box
                      component="li"
                      key={`${e.isModifierGroup ? 'g' : 'e'}-${e.id}`}
                      data-testid="pos-mapping-row"
                      sx={{
                        display: 'flex',
                        flexWrap: 'wrap',
                        alignItems: 'center',
                        gap: 1,
                        paddingBlock: 1.25,
                        paddingInlineStart: e.isModifierItem ? 4 : 2,
                        paddingInlineEnd: 2,
                        borderBlockStart: index === 0 ? 0 : 1,
                        borderColor: 'divider',
                        backgroundColor: e.isModifierGroup ? 'action.hover' : undefined,
                      }}
                    >
                      <Box sx={{ flex: '1 1 220px', minInlineSize: 0 }}>
                        <Typography
                          sx={{
                            fontWeight: e.isModifierGroup ? 700 : 500,
                            overflowWrap: 'anywhere',
                          }}
                        >
                          {title}
                          {!e.active && (
                            <Chip size="small" label={t('hidden')} sx={{ marginInlineStart: 1 }} />
                          )}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {[
                            e.parentTitle ? localize(e.parentTitle, lang) : null,
                            e.price !== null && currency
                              ? formatMoney(e.price, currency, lang)
                              : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Typography>
                      </Box>
                      {e.externalSKU ? (
                        <Chip
                          color="secondary"
                          variant="outlined"
                          size="small"
                          label={<bdi>{e.externalSKU}</bdi>}
                          aria-label={t('mappedTo', { sku: e.externalSKU })}
                        />
                      ) : (
                        <Typography variant="body2" color="text.secondary">
                          {t('notMapped')}
                        </Typography>
                      )}
                      <Button
                        size="small"
                        startIcon={<LinkOutlined />}
                        onClick={() => setOpen(e)}
                        aria-label={t('mapNamed', { name: title })}
                      >
                        {t('map')}
                      </Button>
                    </Box>
                  );
                })}
              </Box>
            )}
          </Paper>
        </>
      )}
      {open && (
        <MapDialog
          tenantId={tenantId}
          entry={open}
          saving={map.isPending}
          onSave={(codes) => save(open, codes)}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
