import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import RestaurantOutlinedIcon from '@mui/icons-material/RestaurantOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import type { Language } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import {
  countEntries,
  countUntranslated,
  untranslatedOnly,
  type TranslationEntry,
  type TranslationRoots,
} from '../lib/translation-tree.ts';
import { localizationPaths } from '../paths.ts';

const ROOTS = [
  { key: 'categories', icon: FolderOutlinedIcon },
  { key: 'items', icon: RestaurantOutlinedIcon },
  { key: 'modifierGroups', icon: TuneOutlinedIcon },
] as const satisfies readonly { key: keyof TranslationRoots; icon: unknown }[];

export interface TranslationTreeProps {
  roots: TranslationRoots;
  /** The entry whose form is open. */
  selectedId: string | null;
  onlyUntranslated: boolean;
  onOnlyUntranslatedChange: (only: boolean) => void;
}

/**
 * The translate screen's tree (menu-management.md §2 screen 16): three roots, each entry a link
 * to its form, marked complete or with the languages it still lacks; a switch leaves only the
 * entries that lack one.
 */
export function TranslationTree({
  roots,
  selectedId,
  onlyUntranslated,
  onOnlyUntranslatedChange,
}: TranslationTreeProps) {
  const { t } = useTranslation('localization');
  const all = ROOTS.map(({ key }) => roots[key]);
  const total = all.reduce((sum, entries) => sum + countEntries(entries), 0);
  const untranslated = all.reduce((sum, entries) => sum + countUntranslated(entries), 0);
  return (
    <Paper variant="outlined" component="nav" aria-label={t('tree.label')}>
      <Box sx={{ paddingInline: 2, paddingBlock: 1.5, borderBlockEnd: 1, borderColor: 'divider' }}>
        <FormControlLabel
          control={
            <Switch
              checked={onlyUntranslated}
              onChange={(_, checked) => onOnlyUntranslatedChange(checked)}
            />
          }
          label={t('tree.onlyUntranslated')}
        />
        <Typography variant="body2" color="text.secondary" role="status">
          {t('tree.summary', { count: untranslated, total })}
        </Typography>
      </Box>
      {ROOTS.map(({ key, icon: Icon }) => (
        <RootGroup
          key={key}
          label={t(`roots.${key}`)}
          icon={<Icon />}
          entries={onlyUntranslated ? untranslatedOnly(roots[key]) : roots[key]}
          untranslated={countUntranslated(roots[key])}
          filtered={onlyUntranslated}
          selectedId={selectedId}
        />
      ))}
    </Paper>
  );
}

function RootGroup({
  label,
  icon,
  entries,
  untranslated,
  filtered,
  selectedId,
}: {
  label: string;
  icon: ReactNode;
  entries: TranslationEntry[];
  untranslated: number;
  filtered: boolean;
  selectedId: string | null;
}) {
  const { t } = useTranslation('localization');
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <Box role="group" aria-label={label}>
      <ListItemButton
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={listId}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText
          primary={label}
          secondary={t('tree.rootCount', { count: untranslated })}
          slotProps={{ primary: { sx: { fontWeight: 600 } } }}
        />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} id={listId}>
        {entries.length === 0 ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ paddingInlineStart: { xs: 4, sm: 9 }, paddingInlineEnd: 2, paddingBlockEnd: 1.5 }}
          >
            {filtered ? t('tree.allTranslated') : t('tree.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={label}>
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} depth={0} selectedId={selectedId} />
            ))}
          </List>
        )}
      </Collapse>
    </Box>
  );
}

function EntryRow({
  entry,
  depth,
  selectedId,
}: {
  entry: TranslationEntry;
  depth: number;
  selectedId: string | null;
}) {
  const selected = entry.id === selectedId;
  return (
    <Box component="li" sx={{ listStyle: 'none' }} data-testid={`translation-entry-${entry.id}`}>
      <ListItemButton
        component={RouterLink}
        to={localizationPaths.entry(entry.kind, entry.id)}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        // Sub-sections step in under their section; phones keep the width for the labels.
        sx={{ paddingInlineStart: { xs: 4 + depth * 2, sm: 9 + depth * 3 } }}
      >
        <ListItemText
          primary={entry.label}
          secondary={<TranslationMark missing={entry.missing} />}
          slotProps={{
            primary: { sx: { overflowWrap: 'anywhere' } },
            secondary: { component: 'span' },
          }}
        />
      </ListItemButton>
      {entry.children.length > 0 && (
        <List dense disablePadding>
          {entry.children.map((child) => (
            <EntryRow key={child.id} entry={child} depth={depth + 1} selectedId={selectedId} />
          ))}
        </List>
      )}
    </Box>
  );
}

/** 'Complete', or the languages an entry still lacks. */
export function TranslationMark({ missing }: { missing: readonly Language[] }) {
  const { t } = useTranslation('localization');
  const complete = missing.length === 0;
  const Icon = complete ? CheckCircleOutlineIcon : ErrorOutlineIcon;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: complete ? 'success.main' : 'warning.dark',
      }}
    >
      <Icon sx={{ fontSize: '1rem' }} aria-hidden />
      {complete
        ? t('tree.complete')
        : t('tree.missing', {
            languages: missing.map((lang) => t(`language.${lang}`)).join(t('listSeparator')),
          })}
    </Box>
  );
}
