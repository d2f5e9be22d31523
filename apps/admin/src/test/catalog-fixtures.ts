import type { TreeNode } from '@app/contracts';

let counter = 0;
/** A uuid-shaped id that tells which node it is when a test fails. */
const idFor = (name: string) =>
  `${(++counter).toString(16).padStart(8, '0')}-0000-4000-8000-${name
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .padEnd(12, '0')
    .slice(0, 12)}`;

type Spec = Partial<Omit<TreeNode, 'children' | 'title'>> & { children?: TreeNode[] };

export function section(title: string, spec: Spec = {}): TreeNode {
  return node('CATALOG_CATEGORY', title, spec);
}

export function item(title: string, spec: Spec = {}): TreeNode {
  return node('CATALOG_ITEM', title, {
    variants: [{ id: idFor(`${title}v`), price: 1, title: { fieldValue: '' } }],
    ...spec,
  });
}

function node(type: TreeNode['type'], title: string, spec: Spec): TreeNode {
  return {
    id: spec.id ?? idFor(title),
    parentId: null,
    type,
    title: { fieldValue: title, en: title },
    desc: null,
    img: null,
    active: true,
    new: false,
    position: 0,
    level: 0,
    schedule: [],
    taxes: ['tax'],
    excludedCheckoutTemplates: [],
    variants: [],
    ...spec,
    children: spec.children ?? [],
  };
}

/** The menu root with parent ids, levels and positions filled in from the nesting. */
export function menu(...sections: TreeNode[]): TreeNode {
  const root: TreeNode = {
    ...node('CATALOG', 'Menu', { id: '99999999-9999-4999-8999-999999999999', level: -1 }),
    children: sections,
  };
  const fix = (parent: TreeNode, level: number) => {
    parent.children.forEach((child, position) => {
      child.parentId = parent.type === 'CATALOG' ? null : parent.id;
      child.level = level;
      child.position = position;
      fix(child, level + 1);
    });
  };
  fix(root, 0);
  return root;
}
