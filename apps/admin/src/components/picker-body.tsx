import { useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SystemStyleObject } from '@mui/system';
import type { Theme } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './load-error.tsx';
import { Spinner } from './spinner.tsx';

export interface PickerTexts {
  search: string;
  list: string;
  noItems: string;
  noMatch: string;
  selectAll: string;
  selected: (count: number) => string;
  cancel: string;
  done: string;
}

export interface PickerBodyProps<T extends { id: string }> {
  /** The query the choices come from (the menu): its loading and error states show. */
  source: UseQueryResult<unknown>;
  /** Every choice, in the order shown and answered. */
  all: readonly T[];
  /** The choices shown for what was typed in the search box. */
  filter: (all: readonly T[], search: string) => T[];
  renderLabel: (choice: T) => ReactNode;
  /** Ticked when the dialog opens. */
  initial?: readonly string[];
  texts: PickerTexts;
  listSx?: SystemStyleObject<Theme>;
  listTestId?: string;
  /** 'Done' only once something is chosen. */
  requireChoice?: boolean;
  onCancel: () => void;
  /** The chosen ids in the order of `all`, whatever order they were ticked in. */
  onDone: (ids: string[]) => void;
}

/** The body of a picker dialog: search, Select All of the shown choices, the count, the list. */
export function PickerBody<T extends { id: string }>({
  source,
  all,
  filter,
  renderLabel,
  initial = [],
  texts,
  listSx,
  listTestId,
  requireChoice = false,
  onCancel,
  onDone,
}: PickerBodyProps<T>) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial));
  const listId = useId();
  const shown = useMemo(() => filter(all, search), [filter, all, search]);
  const shownChosen = shown.filter((c) => chosen.has(c.id)).length;
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
  if (source.isPending) list = <Spinner />;
  else if (!source.data) {
    list = <LoadError error={source.error} onRetry={() => void source.refetch()} />;
  } else if (shown.length === 0) {
    list = (
      <Typography color="text.secondary" sx={{ padding: 2 }}>
        {all.length === 0 ? texts.noItems : texts.noMatch}
      </Typography>
    );
  } else {
    list = (
      <Box component="ul" aria-label={texts.list} sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((choice) => (
          <Box component="li" key={choice.id} sx={{ paddingInline: 1 }}>
            <FormControlLabel
              sx={{ display: 'flex', marginInline: 0 }}
              control={
                <Checkbox
                  checked={chosen.has(choice.id)}
                  onChange={(_, on) => set([choice.id], on)}
                />
              }
              label={renderLabel(choice)}
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
            label={texts.search}
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
                      shown.map((c) => c.id),
                      on,
                    )
                  }
                />
              }
              label={texts.selectAll}
            />
            <Typography variant="body2" role="status" aria-live="polite">
              {texts.selected(chosen.size)}
            </Typography>
          </Stack>
          <Box
            id={listId}
            data-testid={listTestId}
            sx={{
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              ...listSx,
            }}
          >
            {list}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{texts.cancel}</Button>
        <Button
          variant="contained"
          disabled={requireChoice && chosen.size === 0}
          onClick={() => onDone(all.filter((c) => chosen.has(c.id)).map((c) => c.id))}
        >
          {texts.done}
        </Button>
      </DialogActions>
    </>
  );
}
