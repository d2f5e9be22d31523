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
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { localize, type Language, type TreeNode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isItem, isSection } from '../../../lib/catalog-tree.ts';
import { useCatalogTree } from '../../../lib/catalog-queries.ts';
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

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The items whose title or section contains `search` (case and accents ignored). */
export function filterItems(items: readonly PickableItem[], search: string): PickableItem[] {
  const needle = fold(search.trim());
  if (!needle) return [...items];
  return items.filter((i) => fold(`${i.title} ${i.section}`).includes(needle));
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
      {open && <PickerBody initial={selected} onCancel={onCancel} onDone={onDone} />}
    </Dialog>
  );
}

function PickerBody({
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
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial));
  const listId = useId();

  const all = useMemo(() => (tree.data ? pickableItems(tree.data, lang) : []), [tree.data, lang]);
  const shown = useMemo(() => filterItems(all, search), [all, search]);
  const shownChosen = shown.filter((i) => chosen.has(i.id)).length;
  const allShownChosen = shown.length > 0 && shownChosen === shown.length;

  const set = (ids: readonly string[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  let list;
  if (tree.isPending) list = <Spinner />;
  else if (!tree.data) list = <LoadError error={tree.error} onRetry={() => void tree.refetch()} />;
  else if (shown.length === 0) {
    list = (
      <Typography color="text.secondary" sx={{ padding: 2 }}>
        {all.length === 0 ? t('picker.noItems') : t('picker.noMatch')}
      </Typography>
    );
  } else {
    list = (
      <Box
        component="ul"
        aria-label={t('picker.list')}
        sx={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {shown.map((item) => (
          <Box component="li" key={item.id} sx={{ paddingInline: 1 }}>
            <FormControlLabel
              sx={{ display: 'flex', marginInline: 0 }}
              control={
                <Checkbox checked={chosen.has(item.id)} onChange={(_, on) => set([item.id], on)} />
              }
              label={
                <Stack sx={{ paddingBlock: 0.5 }}>
                  <Typography component="span">{item.title}</Typography>
                  {item.section && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {item.section}
                    </Typography>
                  )}
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
            label={t('picker.search')}
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
                  checked={allShownChosen}
                  indeterminate={shownChosen > 0 && !allShownChosen}
                  disabled={shown.length === 0}
                  onChange={(_, on) =>
                    set(
                      shown.map((i) => i.id),
                      on,
                    )
                  }
                />
              }
              label={t('picker.selectAll')}
            />
            <Typography variant="body2" role="status" aria-live="polite">
              {t('picker.selected', { count: chosen.size })}
            </Typography>
          </Stack>
          <Box
            id={listId}
            sx={{
              blockSize: { xs: 'auto', sm: 420 },
              maxBlockSize: { xs: 'none', sm: 420 },
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
        <Button onClick={onCancel}>{t('picker.cancel')}</Button>
        <Button
          variant="contained"
          // In menu order, whatever order they were ticked in; ids no longer on the menu drop.
          onClick={() => onDone(all.filter((i) => chosen.has(i.id)).map((i) => i.id))}
        >
          {t('picker.done')}
        </Button>
      </DialogActions>
    </>
  );
}
