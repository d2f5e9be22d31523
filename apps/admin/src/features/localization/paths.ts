import { paths } from '../../lib/paths.ts';
import type { EntryKind } from './lib/translation-tree.ts';

/** The translate screen's routes (menu-management.md §2): localize and one per kind of entry. */
export const ENTRY_SEGMENT: Record<EntryKind, string> = {
  category: 'category',
  item: 'item',
  modifierGroup: 'modifiergroup',
};

export const localizationPaths = {
  root: paths.localizeMenu,
  entry: (kind: EntryKind, id: string) =>
    `${paths.localizeMenu}/${ENTRY_SEGMENT[kind]}/${encodeURIComponent(id)}`,
} as const;
