import { CATALOG_LIMITS, type TreeNode } from '@app/contracts';
import { findNode, isItem, isSection, sectionsOf } from '../../../lib/catalog-tree.ts';

/**
 * Where a dragged section would land in the categories manager: onto a section (as its last
 * sub-section) or between two sections (at `index` among `parentId`'s sections, the dragged
 * one left out; parentId null is the menu's top level).
 */
export type DropTarget =
  { kind: 'onto'; nodeId: string } | { kind: 'between'; parentId: string | null; index: number };

export type DropRefusal =
  | 'loading'
  | 'not_a_section'
  | 'into_itself'
  | 'own_parent'
  | 'children_too_deep'
  | 'has_sub_sections'
  | 'max_depth'
  | 'main_sections_locked';

export type DropVerdict =
  | { allowed: true; parentId: string | null; newIndex: number }
  | { allowed: false; reason: DropRefusal };

/**
 * The drop rules of menu-management.md §2 screen 4, in the server's level numbering (a main
 * section is level 0): dragging is blocked while loading; a section cannot be dropped onto
 * its own parent; a section with children cannot go under a parent deeper than level 1; a
 * section with sub-sections cannot leave its parent; nothing goes under a parent at level 2.
 */
export function dropVerdict(
  root: TreeNode,
  nodeId: string,
  target: DropTarget,
  loading: boolean,
  /** A delivery-focused store view: main sections stay as they are (screen 5). */
  mainSectionsLocked = false,
): DropVerdict {
  if (loading) return { allowed: false, reason: 'loading' };
  const node = findNode(root, nodeId);
  if (!node || !isSection(node)) return { allowed: false, reason: 'not_a_section' };

  const parentId = target.kind === 'onto' ? target.nodeId : target.parentId;
  const parent = parentId === null ? root : findNode(root, parentId);
  if (!parent || (parentId !== null && !isSection(parent))) {
    return { allowed: false, reason: 'not_a_section' };
  }
  const isMain = node.parentId === null || node.parentId === root.id;
  if (mainSectionsLocked && (isMain || parentId === null)) {
    return { allowed: false, reason: 'main_sections_locked' };
  }
  // Not under itself, nor under one of its own sub-sections.
  if (parentId !== null && findNode(node, parentId)) {
    return { allowed: false, reason: 'into_itself' };
  }
  if (target.kind === 'onto' && parentId === node.parentId) {
    return { allowed: false, reason: 'own_parent' };
  }
  const parentLevel = parentId === null ? -1 : parent.level;
  const hasChildren = node.children.length > 0;
  if (hasChildren && parentLevel > CATALOG_LIMITS.maxSectionLevel - 1) {
    return { allowed: false, reason: 'children_too_deep' };
  }
  const hasSubSections = node.children.some(isSection);
  const sameParent = parentId === (node.parentId === root.id ? null : node.parentId);
  if (hasSubSections && !sameParent) return { allowed: false, reason: 'has_sub_sections' };
  if (parentLevel >= CATALOG_LIMITS.maxSectionLevel) {
    return { allowed: false, reason: 'max_depth' };
  }

  const siblings = sectionsOf(parent).filter((s) => s.id !== node.id);
  const newIndex =
    target.kind === 'onto' ? siblings.length : Math.max(0, Math.min(target.index, siblings.length));
  return { allowed: true, parentId, newIndex };
}

/** Whether a node can be picked up at all (items are not part of the tree's moves). */
export const canDrag = (node: TreeNode, loading: boolean): boolean =>
  !loading && !isItem(node) && isSection(node);
