import {
  LANGUAGES,
  localize,
  missingLanguages,
  type Language,
  type LocalizedText,
  type ModifierGroupResponse,
  type TreeNode,
} from '@app/contracts';
import { isItem, sectionsOf, walk } from '../../../lib/catalog-tree.ts';

export type EntryKind = 'category' | 'item' | 'modifierGroup';

/** One thing to translate in the tree, with the languages it still lacks. */
export interface TranslationEntry {
  kind: EntryKind;
  id: string;
  label: string;
  /** In the product's language order; empty when every text has every language. */
  missing: Language[];
  /** Sub-sections of a section; nothing else has children. */
  children: TranslationEntry[];
}

/** The three roots of the translate screen (menu-management.md §2 screen 16). */
export interface TranslationRoots {
  categories: TranslationEntry[];
  items: TranslationEntry[];
  modifierGroups: TranslationEntry[];
}

/** The languages any of `texts` lacks, in the product's language order. */
export function missingOf(
  texts: readonly (LocalizedText | null | undefined)[],
  source: Language,
): Language[] {
  const lacking = new Set(texts.flatMap((text) => missingLanguages(text, source)));
  return LANGUAGES.filter((lang) => lacking.has(lang));
}

/**
 * The entries of the translate tree: sections as nested in the menu, every item labelled
 * 'section / item', and the modifier groups. Labels are in the admin's language.
 */
export function translationRoots(
  menu: TreeNode,
  groups: readonly ModifierGroupResponse[],
  lang: Language,
  source: Language,
): TranslationRoots {
  const section = (node: TreeNode): TranslationEntry => ({
    kind: 'category',
    id: node.id,
    label: localize(node.title, lang),
    missing: missingOf([node.title, node.desc], source),
    children: sectionsOf(node).map(section),
  });
  const items: TranslationEntry[] = [];
  for (const parent of walk(menu)) {
    for (const node of parent.children.filter(isItem)) {
      items.push({
        kind: 'item',
        id: node.id,
        label: `${localize(parent.title, lang)} / ${localize(node.title, lang)}`,
        missing: missingOf([node.title, node.desc, ...node.variants.map((v) => v.title)], source),
        children: [],
      });
    }
  }
  return {
    categories: sectionsOf(menu).map(section),
    items,
    modifierGroups: groups.map((group) => ({
      kind: 'modifierGroup',
      id: group.id,
      label: localize(group.localizedTitle, lang) || group.name,
      missing: missingOf(
        [group.localizedTitle, ...group.modifierItems.map((i) => i.localizedTitle)],
        source,
      ),
      children: [],
    })),
  };
}

/** Only the entries still lacking a language, with the sections that lead to them. */
export function untranslatedOnly(entries: readonly TranslationEntry[]): TranslationEntry[] {
  return entries.flatMap((entry) => {
    const children = untranslatedOnly(entry.children);
    return entry.missing.length > 0 || children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** How many entries (sub-sections included) still lack a language. */
export function countUntranslated(entries: readonly TranslationEntry[]): number {
  return entries.reduce(
    (sum, entry) => sum + (entry.missing.length > 0 ? 1 : 0) + countUntranslated(entry.children),
    0,
  );
}

/** Every entry, sub-sections included. */
export function countEntries(entries: readonly TranslationEntry[]): number {
  return entries.reduce((sum, entry) => sum + 1 + countEntries(entry.children), 0);
}
