import { CATALOG_LIMITS, catalogRoutes, type MoveBody, type TreeNode } from '@app/contracts';
import { recordChange } from '../audit/audit.ts';
import { ValidationFailed, NotFound } from '../../errors.ts';
import { serializeResults, type SerializedReply } from '../../serialized-reply.ts';
import { type ScheduleRow, type VariantRow } from './catalog.repository.ts';
import { assertImages, tenantFlags, type CatalogDeps } from './catalog-common.ts';
import { fillSchedule, levelOf, money } from './catalog-shapes.ts';
import { assertMainSectionsEditable } from './delivery-focused.ts';

/** The catalogue as one tree (cached per catalogue version), its banner and its arrangement. */
/** The menu as a whole in the history of changes: its arrangement and banner. */
const menuEntry = (tenantId: string) =>
  ({ tenantId, entityType: 'menu', entityId: tenantId, action: 'update' }) as const;

export function createTreeService(deps: CatalogDeps) {
  const { db, repository: repo } = deps;
  // Serialized trees by tenant, valid while the tenant's catalog version is unchanged.
  const treeCache = new Map<string, { version: number; json: SerializedReply }>();
  const cacheSize = deps.treeCacheSize ?? 200;

  async function buildTree(tenantId: string): Promise<TreeNode> {
    const [cats, its, vars, taxes, schedules, f] = await Promise.all([
      repo.allCategories(db, tenantId),
      repo.allItems(db, tenantId),
      repo.allVariants(db, tenantId),
      repo.allItemTaxes(db, tenantId),
      repo.allSchedules(db, tenantId),
      tenantFlags(repo, db, tenantId),
    ]);
    const byId = new Map(cats.map((c) => [c.id, c]));
    const varsByItem = new Map<string, VariantRow[]>();
    for (const v of vars) varsByItem.set(v.itemId, [...(varsByItem.get(v.itemId) ?? []), v]);
    const taxesByItem = new Map<string, string[]>();
    for (const t of taxes)
      taxesByItem.set(t.itemId, [...(taxesByItem.get(t.itemId) ?? []), t.taxId]);
    const schedByCat = new Map<string, ScheduleRow[]>();
    for (const s of schedules)
      schedByCat.set(s.categoryId, [...(schedByCat.get(s.categoryId) ?? []), s]);

    const root: TreeNode = {
      id: tenantId,
      parentId: null,
      type: 'CATALOG',
      title: { fieldValue: 'Menu', en: 'Menu', ar: 'القائمة', es: 'Menú' },
      desc: null,
      img: f.banner,
      active: true,
      new: false,
      position: 0,
      level: -1,
      schedule: [],
      taxes: [],
      excludedCheckoutTemplates: [],
      variants: [],
      children: [],
    };
    const nodes = new Map<string, TreeNode>();
    for (const c of cats) {
      nodes.set(c.id, {
        id: c.id,
        parentId: c.parentId,
        type: 'CATALOG_CATEGORY',
        title: c.title,
        desc: c.description,
        img: c.images[0] ?? null,
        active: c.active,
        new: false,
        position: c.position,
        level: levelOf(byId, c.id),
        schedule: fillSchedule(schedByCat.get(c.id) ?? []),
        taxes: [],
        excludedCheckoutTemplates: c.excludedCheckoutTemplates,
        variants: [],
        children: [],
      });
    }
    for (const c of cats) {
      const node = nodes.get(c.id)!;
      (c.parentId ? (nodes.get(c.parentId) ?? root) : root).children.push(node);
    }
    for (const it of its) {
      const parent = nodes.get(it.categoryId);
      if (!parent) continue;
      parent.children.push({
        id: it.id,
        parentId: it.categoryId,
        type: 'CATALOG_ITEM',
        title: it.title,
        desc: it.description,
        img: it.images[0] ?? null,
        active: it.active && !it.outOfStock,
        new: it.isNew,
        position: it.position,
        level: parent.level + 1,
        schedule: [],
        taxes: taxesByItem.get(it.id) ?? [],
        excludedCheckoutTemplates: it.excludedCheckoutTemplates,
        variants: (varsByItem.get(it.id) ?? []).map((v) => ({
          id: v.id,
          price: money(v.price),
          title: v.title,
        })),
        children: [],
      });
    }
    return root;
  }

  return {
    /** The whole catalog as one tree, answered from cache while nothing changed. */
    async treeJson(tenantId: string): Promise<SerializedReply> {
      const f = await tenantFlags(repo, db, tenantId);
      const cached = treeCache.get(tenantId);
      if (cached && cached.version === f.catalogVersion) return cached.json;
      // Through the route's contract once per catalogue version, not once per request.
      const json = serializeResults(catalogRoutes.tree, await buildTree(tenantId));
      if (treeCache.size >= cacheSize) treeCache.delete(treeCache.keys().next().value!);
      treeCache.set(tenantId, { version: f.catalogVersion, json });
      return json;
    },

    async tree(tenantId: string) {
      return buildTree(tenantId);
    },

    async setBanner(tenantId: string, images: string[]) {
      await db.transaction(async (tx) => {
        await assertImages(deps.images, tenantId, images);
        await repo.setBanner(tx, tenantId, images[0] ?? null);
        await repo.bumpVersion(tx, tenantId);
        await recordChange(tx, {
          ...menuEntry(tenantId),
          changes: [{ field: 'banner', before: null, after: images[0] ?? null }],
        });
      });
      return { images };
    },

    /** Rewrites positions of sections and items in one transaction; an unknown id undoes all. */
    async setPositions(tenantId: string, list: { id: string; position: number }[]) {
      await db.transaction(async (tx) => {
        const cats = await repo.setCategoryPositions(tx, tenantId, list);
        const its = await repo.setItemPositions(tx, tenantId, list);
        if (cats + its !== new Set(list.map((p) => p.id)).size)
          throw new ValidationFailed('id', ['not_found']);
        await repo.bumpVersion(tx, tenantId);
        await recordChange(tx, {
          ...menuEntry(tenantId),
          changes: list.map((p) => ({
            field: `positions.${p.id}`,
            before: null,
            after: p.position,
          })),
        });
      });
      return list;
    },

    /** Moves a section in the tree under the categories manager's drop rules, then reindexes. */
    async move(tenantId: string, body: MoveBody) {
      await db.transaction(async (tx) => {
        const cats = await repo.allCategories(tx, tenantId);
        const byId = new Map(cats.map((c) => [c.id, c]));
        const node = byId.get(body.nodeId);
        if (!node) throw new NotFound('Section');
        await repo.category(tx, tenantId, node.id, true);
        const parentId = body.parentId;
        if (!node.parentId || !parentId) await assertMainSectionsEditable(repo, tx, tenantId);
        if (parentId !== null) {
          if (!byId.has(parentId)) throw new ValidationFailed('parentId', ['category_not_found']);
          // Not under itself nor under one of its own descendants.
          for (let cur: string | null = parentId; cur; cur = byId.get(cur)?.parentId ?? null) {
            if (cur === node.id) throw new ValidationFailed('parentId', ['move_into_itself']);
          }
          if (levelOf(byId, parentId) >= CATALOG_LIMITS.maxSectionLevel) {
            throw new ValidationFailed('parentId', ['category_max_depth']);
          }
        }
        const hasSubSections = cats.some((c) => c.parentId === node.id);
        if (hasSubSections && parentId !== node.parentId) {
          throw new ValidationFailed('parentId', ['category_with_sections_cannot_move']);
        }
        const siblings = cats.filter((c) => c.parentId === parentId && c.id !== node.id);
        const index = Math.min(body.newIndex, siblings.length);
        siblings.splice(index, 0, node);
        if (node.parentId !== parentId)
          await repo.updateCategory(tx, tenantId, node.id, { parentId });
        const oldSiblings =
          node.parentId !== parentId
            ? cats.filter((c) => c.parentId === node.parentId && c.id !== node.id)
            : [];
        await repo.setCategoryPositions(tx, tenantId, [
          ...siblings.map((c, i) => ({ id: c.id, position: i })),
          ...oldSiblings.map((c, i) => ({ id: c.id, position: i })),
        ]);
        await repo.bumpVersion(tx, tenantId);
        await recordChange(tx, {
          tenantId,
          entityType: 'section',
          entityId: node.id,
          action: 'update',
          label: node.title,
          changes: [
            { field: 'parentId', before: node.parentId, after: parentId },
            { field: 'position', before: node.position, after: index },
          ].filter((c) => c.before !== c.after),
        });
      });
      return buildTree(tenantId);
    },
  };
}
