import { foldForSearch as fold, localize, type Language, type TreeNode } from '@app/contracts';
import { itemsOf, sectionsOf } from '../../../lib/catalog-tree.ts';

/** What a section shows: its items and sub-sections, perhaps narrowed by a search. */
export interface SectionView {
  node: TreeNode;
  items: TreeNode[];
  sections: SectionView[];
}

function full(node: TreeNode): SectionView {
  return { node, items: itemsOf(node), sections: sectionsOf(node).map(full) };
}

/**
 * The section page's search: items and sub-sections whose title (in the UI language or the
 * default text) contains the query. A matching sub-section shows whole; a sub-section shows
 * when something inside it matches. The searched section itself always shows.
 */
export function searchSection(root: TreeNode, query: string, lang: Language): SectionView {
  const q = fold(query.trim());
  if (!q) return full(root);
  const matches = (node: TreeNode) =>
    fold(localize(node.title, lang)).includes(q) || fold(node.title.fieldValue).includes(q);
  const build = (node: TreeNode): SectionView | null => {
    if (matches(node)) return full(node);
    const items = itemsOf(node).filter(matches);
    const sections = sectionsOf(node)
      .map(build)
      .filter((view): view is SectionView => view !== null);
    return items.length === 0 && sections.length === 0 ? null : { node, items, sections };
  };
  return {
    node: root,
    items: itemsOf(root).filter(matches),
    sections: sectionsOf(root)
      .map(build)
      .filter((view): view is SectionView => view !== null),
  };
}
