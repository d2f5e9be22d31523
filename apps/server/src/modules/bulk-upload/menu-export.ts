import type { ExistingMenu } from './import-plan.ts';
import { english } from './import-plan.ts';
import type { FormatRows } from './template.ts';

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

/**
 * A tenant's menu as the upload's rows (issue 34, round trip): sections parents first, each
 * level in its order; items section by section in their order, one row per variant; modifier
 * groups one row per modifier item. Every row carries the id of what it describes, so that the
 * file uploaded back updates those entries. An item's texts and a group's quantities are on
 * its first row; its section, title and modifier groups on each.
 */
export function menuRows(menu: ExistingMenu): FormatRows {
  const sectionsOf = new Map<string | null, ExistingMenu['sections']>();
  for (const s of menu.sections)
    sectionsOf.set(s.parentId, [...(sectionsOf.get(s.parentId) ?? []), s]);
  const ordered: ExistingMenu['sections'] = [];
  const visit = (parentId: string | null, depth: number) => {
    // A cycle (never stored by the editors) is not followed past the allowed depth.
    if (depth > 10) return;
    for (const s of (sectionsOf.get(parentId) ?? []).sort(byPosition)) {
      ordered.push(s);
      visit(s.id, depth + 1);
    }
  };
  visit(null, 0);
  const sectionById = new Map(menu.sections.map((s) => [s.id, s]));
  const groupById = new Map(menu.modifierGroups.map((g) => [g.id, g]));
  const optional = (text: string | undefined) => (text ?? '').trim();

  const sections = ordered.map((s) => ({
    title: english(s.title),
    parent: s.parentId ? english(sectionById.get(s.parentId)?.title) : '',
    description: english(s.description),
    titleAr: optional(s.title.ar),
    titleEs: optional(s.title.es),
    id: s.id,
  }));

  const itemsOf = new Map<string, ExistingMenu['items']>();
  for (const i of menu.items) itemsOf.set(i.categoryId, [...(itemsOf.get(i.categoryId) ?? []), i]);
  const variantsOf = new Map<string, ExistingMenu['variants']>();
  for (const v of menu.variants) variantsOf.set(v.itemId, [...(variantsOf.get(v.itemId) ?? []), v]);
  const linksOf = new Map<string, ExistingMenu['links']>();
  for (const l of menu.links) linksOf.set(l.itemId, [...(linksOf.get(l.itemId) ?? []), l]);
  const items = ordered.flatMap((section) =>
    (itemsOf.get(section.id) ?? []).sort(byPosition).flatMap((item) => {
      const groups = (linksOf.get(item.id) ?? [])
        .sort(byPosition)
        .map((l) => groupById.get(l.groupId)?.name.trim())
        .filter(Boolean)
        .join(', ');
      const variants = (variantsOf.get(item.id) ?? []).sort(byPosition);
      return variants.map((v, i) => ({
        section: english(section.title),
        title: english(item.title),
        description: i === 0 ? english(item.description) : '',
        variant: english(v.title),
        price: Number(v.price),
        modifierGroups: groups,
        titleAr: i === 0 ? optional(item.title.ar) : '',
        titleEs: i === 0 ? optional(item.title.es) : '',
        id: item.id,
        variantId: v.id,
      }));
    }),
  );

  const choicesOf = new Map<string, ExistingMenu['choices']>();
  for (const c of menu.choices) choicesOf.set(c.groupId, [...(choicesOf.get(c.groupId) ?? []), c]);
  const modifierGroups = menu.modifierGroups.flatMap((g) =>
    (choicesOf.get(g.id) ?? []).sort(byPosition).map((c, i) => ({
      name: g.name.trim(),
      min: i === 0 ? g.minQuantity : '',
      max: i === 0 ? g.maxQuantity : '',
      modifier: english(c.title),
      price: Number(c.price),
      nameAr: i === 0 ? optional(g.title.ar) : '',
      modifierAr: optional(c.title.ar),
      id: g.id,
      modifierId: c.id,
    })),
  );
  return { sections, items, modifierGroups };
}
