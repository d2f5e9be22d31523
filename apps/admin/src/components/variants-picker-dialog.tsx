import { useId, useMemo } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, localize, type Language, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useCatalogTree } from '../lib/catalog-queries.ts';
import { useTenantSession } from '../lib/use-tenant-session.ts';
import { isItem, walk } from '../lib/catalog-tree.ts';
import { matchesSearch } from '../lib/search.ts';
import { PickerBody } from './picker-body.tsx';

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
  return variants.filter((v) => matchesSearch(`${v.itemTitle} ${v.variantTitle}`, search));
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
      {open && <VariantsPickerBody excludeIds={excludeIds} onCancel={onCancel} onAdd={onAdd} />}
    </Dialog>
  );
}

function VariantsPickerBody({
  excludeIds,
  onCancel,
  onAdd,
}: Pick<VariantsPickerDialogProps, 'excludeIds' | 'onCancel' | 'onAdd'>) {
  const { t } = useTranslation('catalog');
  const { tenantId, lang, currency } = useTenantSession();
  const tree = useCatalogTree(tenantId);
  const all = useMemo(() => {
    if (!tree.data) return [];
    const excluded = new Set(excludeIds ?? []);
    return pickableVariants(tree.data, lang).filter((v) => !excluded.has(v.id));
  }, [tree.data, lang, excludeIds]);

  return (
    <PickerBody
      source={tree}
      all={all}
      filter={filterVariants}
      renderLabel={(v) => (
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
      )}
      texts={{
        search: t('variantsPicker.search'),
        list: t('variantsPicker.list'),
        noItems: t('variantsPicker.noItems'),
        noMatch: t('variantsPicker.noMatch'),
        selectAll: t('variantsPicker.selectAll'),
        selected: (count) => t('variantsPicker.selectedCount', { count }),
        cancel: t('actions.cancel'),
        done: t('variantsPicker.add'),
      }}
      listSx={{ height: VARIANTS_PICKER_LIST_HEIGHT }}
      listTestId="variants-picker-list"
      requireChoice
      onCancel={onCancel}
      onDone={onAdd}
    />
  );
}
