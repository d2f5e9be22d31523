import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  POS_MAPPING_LIMITS,
  POS_NOT_CONNECTED,
  localize,
  type PosMappingBody,
  type PosMappingEntry,
} from '@app/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useHubriseModifiers, useHubriseProducts } from '../api/pos-mapping-queries.ts';

/** A value that follows `value` once it has stayed the same for `ms` (the typed search). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Choice = { key: string; primary: string; secondary: string; codes: PosMappingBody };

/** Rows shown at once; the search narrows the rest. */
const SHOWN = 100;

/**
 * Picks the HubRise code of one entry: its products' SKUs for an item, options for a modifier
 * item, option lists for a modifier group; searched as typed (200 ms), or typed by hand.
 */
export function MapDialog({
  tenantId,
  entry,
  saving,
  onSave,
  onClose,
}: {
  tenantId: string;
  entry: PosMappingEntry;
  saving: boolean;
  onSave: (codes: PosMappingBody) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('posMapping');
  const lang = useLanguage();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [term, setTerm] = useState('');
  const [manual, setManual] = useState(entry.externalSKU ?? '');
  const search = useDebounced(term.trim(), POS_MAPPING_LIMITS.searchDebounceMs);
  const isItem = !entry.isModifierGroup && !entry.isModifierItem;
  const products = useHubriseProducts(tenantId, search, isItem);
  const modifiers = useHubriseModifiers(tenantId, search, !isItem);
  const source = isItem ? products : modifiers;

  const choices = useMemo((): Choice[] => {
    if (isItem) {
      return (products.data ?? []).map((p) => ({
        key: p.skuId,
        primary: p.productName,
        secondary: [p.skuReference, p.category, p.price?.toString()].filter(Boolean).join(' · '),
        codes: { externalSKU: p.skuReference ?? p.skuId, externalId: p.skuId },
      }));
    }
    const list = modifiers.data ?? [];
    if (entry.isModifierGroup) {
      const seen = new Map<string, Choice>();
      for (const m of list) {
        if (seen.has(m.modifierGroupId)) continue;
        seen.set(m.modifierGroupId, {
          key: m.modifierGroupId,
          primary: m.modifierGroupName,
          secondary: m.modifierGroupReference ?? m.modifierGroupId,
          codes: {
            externalSKU: m.modifierGroupReference ?? m.modifierGroupId,
            externalId: m.modifierGroupId,
          },
        });
      }
      return [...seen.values()];
    }
    return list.map((m) => ({
      key: m.modifierId,
      primary: m.modifierName,
      secondary: [m.modifierReference, m.modifierGroupName, m.price?.toString()]
        .filter(Boolean)
        .join(' · '),
      codes: { externalSKU: m.modifierReference ?? m.modifierId, externalId: m.modifierId },
    }));
  }, [isItem, entry.isModifierGroup, products.data, modifiers.data]);

  const notConnected = isApiError(source.error, 409) && source.error.code === POS_NOT_CONNECTED;
  const title = localize(entry.title, lang);
  const searchId = 'pos-map-search';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>{t('dialog.title', { name: title })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1.5 }}>
          {t(
            isItem
              ? 'dialog.hintItem'
              : entry.isModifierGroup
                ? 'dialog.hintGroup'
                : 'dialog.hintModifier',
          )}
        </Typography>
        <TextField
          id={searchId}
          label={t('dialog.search')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          fullWidth
          size="small"
          autoFocus
          slotProps={{ htmlInput: { maxLength: POS_MAPPING_LIMITS.searchMax } }}
        />
        <Box sx={{ minBlockSize: 200, marginBlock: 1 }} aria-busy={source.isFetching}>
          {notConnected ? (
            <Alert severity="info">{t('dialog.notConnected')}</Alert>
          ) : source.isError ? (
            <Alert severity="warning">{t('dialog.unavailable')}</Alert>
          ) : source.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', paddingBlock: 4 }}>
              <CircularProgress aria-label={t('dialog.loading')} />
            </Box>
          ) : choices.length === 0 ? (
            <Typography sx={{ paddingBlock: 2 }} color="text.secondary">
              {t('dialog.noResults')}
            </Typography>
          ) : (
            <>
              <List
                dense
                aria-label={t('dialog.results')}
                sx={{ maxBlockSize: 320, overflowY: 'auto' }}
              >
                {choices.slice(0, SHOWN).map((c) => (
                  // A list holds list items only (axe: list); the button sits inside one.
                  <ListItem key={c.key} disablePadding>
                    <ListItemButton
                      selected={entry.externalId === c.codes.externalId}
                      disabled={saving}
                      onClick={() => onSave(c.codes)}
                    >
                      <ListItemText
                        primary={<bdi>{c.primary}</bdi>}
                        secondary={<bdi>{c.secondary}</bdi>}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
              {choices.length > SHOWN && (
                <Typography variant="body2" color="text.secondary">
                  {t('dialog.more', { shown: SHOWN, count: choices.length })}
                </Typography>
              )}
            </>
          )}
        </Box>
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            onSave({ externalSKU: manual, externalId: null });
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            label={t('dialog.manual')}
            value={manual}
            onChange={(e) => setManual(e.target.value)}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: POS_MAPPING_LIMITS.skuMax } }}
          />
          <Button type="submit" variant="outlined" disabled={saving || manual.trim() === ''}>
            {t('dialog.saveManual')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        {(entry.externalSKU || entry.externalId) && (
          <Button
            color="error"
            disabled={saving}
            onClick={() => onSave({ externalSKU: null, externalId: null })}
            sx={{ marginInlineEnd: 'auto' }}
          >
            {t('dialog.unmap')}
          </Button>
        )}
        <Button onClick={onClose}>{t('dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
