import { describe, expect, it } from 'vitest';
import { item, menu, section } from '../../../test/catalog-fixtures.ts';
import { findNode } from '../../../lib/catalog-tree.ts';
import { canDrag, dropVerdict } from './drop-rules.ts';

/*
 * Breakfast          (level 0, items only)
 * Mains              (level 0, has sub-sections)
 *   Grills           (level 1, items)
 *     Charcoal       (level 2, empty)
 *   Sandwiches       (level 1, empty)
 * Drinks             (level 0, has sub-sections)
 *   Hot              (level 1, items)
 * Empty              (level 0, nothing inside)
 */
function fixture() {
  const root = menu(
    section('Breakfast', { children: [item('Hummus'), item('Falafel')] }),
    section('Mains', {
      children: [
        section('Grills', { children: [section('Charcoal'), item('Kebab')] }),
        section('Sandwiches'),
      ],
    }),
    section('Drinks', { children: [section('Hot', { children: [item('Tea')] })] }),
    section('Empty'),
  );
  const id = (title: string) => {
    const stack = [root];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.title.fieldValue === title) return n.id;
      stack.push(...n.children);
    }
    throw new Error(title);
  };
  return { root, id };
}

describe('dropVerdict (categories manager drop rules)', () => {
  const { root, id } = fixture();

  it('blocks every drop while the tree is loading', () => {
    expect(dropVerdict(root, id('Empty'), { kind: 'onto', nodeId: id('Drinks') }, true)).toEqual({
      allowed: false,
      reason: 'loading',
    });
    expect(canDrag(findNode(root, id('Empty'))!, true)).toBe(false);
    expect(canDrag(findNode(root, id('Empty'))!, false)).toBe(true);
  });

  it('refuses a drop onto the section it already is in', () => {
    expect(dropVerdict(root, id('Hot'), { kind: 'onto', nodeId: id('Drinks') }, false)).toEqual({
      allowed: false,
      reason: 'own_parent',
    });
  });

  it('lets a section be reordered among its siblings (between rows)', () => {
    expect(
      dropVerdict(
        root,
        id('Sandwiches'),
        { kind: 'between', parentId: id('Mains'), index: 0 },
        false,
      ),
    ).toEqual({ allowed: true, parentId: id('Mains'), newIndex: 0 });
  });

  it('refuses a section with children under a parent deeper than level 1', () => {
    // Breakfast has items; Charcoal is at level 2.
    expect(
      dropVerdict(root, id('Breakfast'), { kind: 'onto', nodeId: id('Charcoal') }, false),
    ).toEqual({ allowed: false, reason: 'children_too_deep' });
  });

  it('lets a section with items go under a level-1 parent', () => {
    expect(
      dropVerdict(root, id('Breakfast'), { kind: 'onto', nodeId: id('Grills') }, false),
    ).toEqual({ allowed: true, parentId: id('Grills'), newIndex: 1 });
  });

  it('keeps a section with sub-sections under its own parent', () => {
    expect(dropVerdict(root, id('Mains'), { kind: 'onto', nodeId: id('Empty') }, false)).toEqual({
      allowed: false,
      reason: 'has_sub_sections',
    });
    expect(
      dropVerdict(root, id('Grills'), { kind: 'between', parentId: null, index: 0 }, false),
    ).toEqual({ allowed: false, reason: 'has_sub_sections' });
    // Reordering at its own level stays possible.
    expect(
      dropVerdict(root, id('Mains'), { kind: 'between', parentId: null, index: 3 }, false),
    ).toEqual({ allowed: true, parentId: null, newIndex: 3 });
  });

  it('refuses any section under a parent at level 2 or deeper', () => {
    expect(dropVerdict(root, id('Empty'), { kind: 'onto', nodeId: id('Charcoal') }, false)).toEqual(
      { allowed: false, reason: 'max_depth' },
    );
    expect(
      dropVerdict(
        root,
        id('Empty'),
        { kind: 'between', parentId: id('Charcoal'), index: 0 },
        false,
      ),
    ).toEqual({ allowed: false, reason: 'max_depth' });
  });

  it('refuses a drop into the section itself or one of its own sub-sections', () => {
    expect(dropVerdict(root, id('Mains'), { kind: 'onto', nodeId: id('Mains') }, false)).toEqual({
      allowed: false,
      reason: 'into_itself',
    });
    expect(dropVerdict(root, id('Mains'), { kind: 'onto', nodeId: id('Grills') }, false)).toEqual({
      allowed: false,
      reason: 'into_itself',
    });
  });

  it('moves an empty section anywhere above level 2, appending when dropped onto', () => {
    expect(dropVerdict(root, id('Empty'), { kind: 'onto', nodeId: id('Drinks') }, false)).toEqual({
      allowed: true,
      parentId: id('Drinks'),
      newIndex: 1,
    });
    expect(dropVerdict(root, id('Empty'), { kind: 'onto', nodeId: id('Hot') }, false)).toEqual({
      allowed: true,
      parentId: id('Hot'),
      newIndex: 0,
    });
    expect(
      dropVerdict(root, id('Charcoal'), { kind: 'between', parentId: null, index: 99 }, false),
    ).toEqual({ allowed: true, parentId: null, newIndex: 4 });
  });

  it('only moves sections, and only under sections', () => {
    expect(dropVerdict(root, id('Tea'), { kind: 'onto', nodeId: id('Empty') }, false)).toEqual({
      allowed: false,
      reason: 'not_a_section',
    });
    expect(dropVerdict(root, id('Empty'), { kind: 'onto', nodeId: id('Tea') }, false)).toEqual({
      allowed: false,
      reason: 'not_a_section',
    });
    expect(canDrag(findNode(root, id('Tea'))!, false)).toBe(false);
  });

  it('keeps main sections as they are when the store view is delivery focused', () => {
    const locked = (node: string, target: Parameters<typeof dropVerdict>[2]) =>
      dropVerdict(root, id(node), target, false, true);
    // A main section neither moves nor reorders; no section becomes a main one.
    expect(locked('Empty', { kind: 'onto', nodeId: id('Drinks') })).toEqual({
      allowed: false,
      reason: 'main_sections_locked',
    });
    expect(locked('Empty', { kind: 'between', parentId: null, index: 0 })).toEqual({
      allowed: false,
      reason: 'main_sections_locked',
    });
    expect(locked('Charcoal', { kind: 'between', parentId: null, index: 0 })).toEqual({
      allowed: false,
      reason: 'main_sections_locked',
    });
    // Sub-sections still move between main sections.
    expect(locked('Sandwiches', { kind: 'onto', nodeId: id('Drinks') })).toEqual({
      allowed: true,
      parentId: id('Drinks'),
      newIndex: 1,
    });
  });
});
