import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney, localize, type Language, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner.tsx';
import { useCatalogTree } from '../lib/catalog-queries.ts';
import { useTenantSession } from '../lib/use-tenant-session.ts';
import { isItem, walk } from '../lib/catalog-tree.ts';
import { LoadError } from './load-error.tsx';

/** menu-management.md §2 screen 7: the list of the variants picker is 420 px high. */
export const VARIANTS_PICKER_LIST_HEIGHT = 420;

export interface PickableVariant {
  id: string;
  itemTitle: string;
  variantTitle: string;
  price: number;
}

/** Every item's variants, in menu order, with the titles in `lang`. */
export function pickableVariants(root: TreeNode, lang: Language): PickableVariant[] {
  return [...walk(root)].filter(isItem).flatMap((item) =>
    item.variants.map((variant) => ({
      id: variant.id,
      itemTitle: localize(item.title, lang),
      variantTitle: localize(variant.title, lang),
      price: variant.price,
    })),
  );
}

/** The variants whose item or variant title contains `search` (case and accents ignored). */
export function filterVariants(
  variants: readonly PickableVariant[],
  search: string,
): PickableVariant[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const needle = fold(search.trim());
  if (!needle) return [...variants];
  return variants.filter((v) => fold(`${v.itemTitle} ${v.variantTitle}`).includes(needle));
}

export interface VariantsPickerDialogProps {
  open: boolean;
  /** Variants already chosen elsewhere: not offered again. */
  excludeIds?: readonly string[];
  onCancel: () => void;
  /** The chosen variant ids, in menu order. */
  onAdd: (variantIds: string[]) => void;
}

/**
 * Picks variants of the menu's items (menu-management.md §2 screen 7): search, Select All of
 * the filtered list, the selected count, Cancel and 'Add selected items'.
 */
export function VariantsPickerDialog({
  open,
  excludeIds,
  onCancel,
  onAdd,
}: VariantsPickerDialogProps) {
  const { t } = useTranslation('catalog');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('variantsPicker.title')}</DialogTitle>
      {/* Mounted only while open: every opening starts with nothing selected. */}
      {open && <PickerBody excludeIds={excludeIds} onCancel={onCancel} onAdd={onAdd} />}
    </Dialog>
  );
}

function PickerBody({
  excludeIds,
  onCancel,
  onAdd,
}: Pick<VariantsPickerDialogProps, 'excludeIds' | 'onCancel' | 'onAdd'>) {
  const { t } = useTranslation('catalog');
  const { tenantId, lang, currency } = useTenantSession();
  const tree = useCatalogTree(tenantId);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const listId = useId();

  const all = useMemo(() => {
    if (!tree.data) return [];
    const excluded = new Set(excludeIds ?? []);
    return pickableVariants(tree.data, lang).filter((v) => !excluded.has(v.id));
  }, [tree.data, lang, excludeIds]);
  const shown = useMemo(() => filterVariants(all, search), [all, search]);
  const shownSelected = shown.filter((v) => selected.has(v.id)).length;
  const allShownSelected = shown.length > 0 && shownSelected === shown.length;

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggleShown = (checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const v of shown) {
        if (checked) next.add(v.id);
        else next.delete(v.id);
      }
      return next;
    });

  let list;
  if (tree.isPending) list = <Spinner />;
  else if (!tree.data) {
    list = <LoadError error={tree.error} onRetry={() => void tree.refetch()} />;
  } else if (shown.length === 0) {
    list = (
      <Typography color="text.secondary" sx={{ padding: 2 }}>
        {all.length === 0 ? t('variantsPicker.noItems') : t('variantsPicker.noMatch')}
      </Typography>
    );
  } else {
    list = (
      <Box
        component="ul"
        aria-label={t('variantsPicker.list')}
        sx={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {shown.map((v) => (
          <Box component="li" key={v.id} sx={{ paddingInline: 1 }}>
            <FormControlLabel
              sx={{ display: 'flex', marginInline: 0 }}
              control={
                <Checkbox
                  checked={selected.has(v.id)}
                  onChange={(_, checked) => toggle(v.id, checked)}
                />
              }
              label={
                <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                  <Typography component="span">{v.itemTitle}</Typography>
                  {v.variantTitle && (
                    <Typography component="span" color="text.secondary">
                      {v.variantTitle}
                    </Typography>
                  )}
                  <Typography component="span" sx={{ fontWeight: 600 }} dir="ltr">
                    {formatMoney(v.price, currency, lang)}
                  </Typography>
                </Stack>
              }
            />
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={1}>
          <TextField
            type="search"
            size="small"
            label={t('variantsPicker.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { 'aria-controls': listId } }}
          />
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={allShownSelected}
                  indeterminate={shownSelected > 0 && !allShownSelected}
                  disabled={shown.length === 0}
                  onChange={(_, checked) => toggleShown(checked)}
                />
              }
              label={t('variantsPicker.selectAll')}
            />
            <Typography variant="body2" role="status" aria-live="polite">
              {t('variantsPicker.selectedCount', { count: selected.size })}
            </Typography>
          </Stack>
          <Box
            id={listId}
            data-testid="variants-picker-list"
            sx={{
              height: VARIANTS_PICKER_LIST_HEIGHT,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            {list}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={selected.size === 0}
          // In menu order, whatever order they were ticked in.
          onClick={() => onAdd(all.filter((v) => selected.has(v.id)).map((v) => v.id))}
        >
          {t('variantsPicker.add')}
        </Button>
      </DialogActions>
    </>
  );
}
