import type { TreeNode } from '@app/contracts';

export const isSection = (node: TreeNode): boolean => node.type === 'CATALOG_CATEGORY';
export const isItem = (node: TreeNode): boolean => node.type === 'CATALOG_ITEM';

export const sectionsOf = (node: TreeNode): TreeNode[] => node.children.filter(isSection);
export const itemsOf = (node: TreeNode): TreeNode[] => node.children.filter(isItem);

/** Depth-first, parents before children. */
export function* walk(node: TreeNode): Generator<TreeNode> {
  yield node;
  for (const child of node.children) yield* walk(child);
}

export function findNode(root: TreeNode, id: string): TreeNode | undefined {
  for (const node of walk(root)) if (node.id === id) return node;
  return undefined;
}

/** The sections from the main section down to `id` (inclusive); [] when not found. */
export function sectionPath(root: TreeNode, id: string): TreeNode[] {
  const path: TreeNode[] = [];
  const visit = (node: TreeNode): boolean => {
    if (node.id === id) {
      path.push(node);
      return true;
    }
    for (const child of sectionsOf(node)) {
      if (visit(child)) {
        if (node.type === 'CATALOG_CATEGORY') path.push(node);
        return true;
      }
    }
    return false;
  };
  visit(root);
  return path.reverse();
}

/** Every item of the menu that has no tax, in menu order. */
export function itemsWithoutTaxes(root: TreeNode): TreeNode[] {
  return [...walk(root)].filter((node) => isItem(node) && node.taxes.length === 0);
}

/** A copy of the tree with one node replaced by `update(node)`. */
export function updateNode(
  root: TreeNode,
  id: string,
  update: (node: TreeNode) => TreeNode,
): TreeNode {
  if (root.id === id) return update(root);
  let changed = false;
  const children = root.children.map((child) => {
    const next = updateNode(child, id, update);
    if (next !== child) changed = true;
    return next;
  });
  return changed ? { ...root, children } : root;
}

/** A copy of the tree with the children of `parentId` put in the order of `orderedIds`. */
export function reorderChildren(root: TreeNode, parentId: string, orderedIds: string[]): TreeNode {
  const rank = new Map(orderedIds.map((id, index) => [id, index]));
  return updateNode(root, parentId, (parent) => {
    const moved = parent.children
      .filter((child) => rank.has(child.id))
      .sort((a, b) => rank.get(a.id)! - rank.get(b.id)!)
      .map((child) => ({ ...child, position: rank.get(child.id)! }));
    let next = 0;
    // Keep sections and items where they were; only the reordered kind changes its order.
    return {
      ...parent,
      children: parent.children.map((child) => (rank.has(child.id) ? moved[next++]! : child)),
    };
  });
}
