import { useId, useMemo } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { localize, type Language, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PickerBody } from '../../../components/picker-body.tsx';
import { isItem, isSection } from '../../../lib/catalog-tree.ts';
import { useCatalogTree } from '../../../lib/catalog-queries.ts';
import { matchesSearch } from '../../../lib/search.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';

export interface PickableItem {
  id: string;
  title: string;
  /** The sections above it, main section first ("Mains › Grills"). */
  section: string;
}

/** Every item of the menu in menu order, with its section path, titles in `lang`. */
export function pickableItems(root: TreeNode, lang: Language): PickableItem[] {
  const out: PickableItem[] = [];
  const visit = (node: TreeNode, path: string[]) => {
    for (const child of node.children) {
      if (isItem(child))
        out.push({ id: child.id, title: localize(child.title, lang), section: path.join(' › ') });
      else if (isSection(child)) visit(child, [...path, localize(child.title, lang)]);
    }
  };
  visit(root, []);
  return out;
}

/** The items whose title or section contains `search` (case and accents ignored). */
export function filterItems(items: readonly PickableItem[], search: string): PickableItem[] {
  return items.filter((i) => matchesSearch(`${i.title} ${i.section}`, search));
}

export interface ItemsPickerDialogProps {
  open: boolean;
  /** The items chosen so far: ticked when the dialog opens. */
  selected: readonly string[];
  onCancel: () => void;
  /** The chosen item ids, in menu order. */
  onDone: (itemIds: string[]) => void;
}

/** Picks the items a discount affects (§5.1 "selected items"): search, select all, count. */
export function ItemsPickerDialog({ open, selected, onCancel, onDone }: ItemsPickerDialogProps) {
  const { t } = useTranslation('discounts');
  const titleId = useId();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={narrow}
    >
      <DialogTitle id={titleId}>{t('picker.title')}</DialogTitle>
      {/* Mounted only while open: every opening starts from the current choice. */}
      {open && <ItemsPickerBody initial={selected} onCancel={onCancel} onDone={onDone} />}
    </Dialog>
  );
}

function ItemsPickerBody({
  initial,
  onCancel,
  onDone,
}: {
  initial: readonly string[];
  onCancel: () => void;
  onDone: (itemIds: string[]) => void;
}) {
  const { t } = useTranslation('discounts');
  const { tenantId, lang } = useTenantSession();
  const tree = useCatalogTree(tenantId);
  const all = useMemo(() => (tree.data ? pickableItems(tree.data, lang) : []), [tree.data, lang]);

  return (
    <PickerBody
      source={tree}
      all={all}
      filter={filterItems}
      initial={initial}
      renderLabel={(item) => (
        <Stack sx={{ paddingBlock: 0.5 }}>
          <Typography component="span">{item.title}</Typography>
          {item.section && (
            <Typography component="span" variant="body2" color="text.secondary">
              {item.section}
            </Typography>
          )}
        </Stack>
      )}
      texts={{
        search: t('picker.search'),
        list: t('picker.list'),
        noItems: t('picker.noItems'),
        noMatch: t('picker.noMatch'),
        selectAll: t('picker.selectAll'),
        selected: (count) => t('picker.selected', { count }),
        cancel: t('picker.cancel'),
        done: t('picker.done'),
      }}
      listSx={{ blockSize: { xs: 'auto', sm: 420 }, maxBlockSize: { xs: 'none', sm: 420 } }}
      onCancel={onCancel}
      // Ids no longer on the menu drop.
      onDone={onDone}
    />
  );
}
