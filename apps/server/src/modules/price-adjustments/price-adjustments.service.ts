import {
  applyAdjustment,
  toMilli,
  type PriceAdjustmentBody,
  type PriceAdjustmentResponse,
  type ScheduleEntry,
} from '@app/contracts';
import { recordChange } from '../audit/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import { fillSchedule, toScheduleRows } from '../catalog/catalog-shapes.ts';
import {
  type PriceAdjustmentsRepository,
  type AdjustmentRow,
} from './price-adjustments.repository.ts';

export type PriceAdjustmentsService = ReturnType<typeof createPriceAdjustmentsService>;

/**
 * The place of each section's own items in the menu: the catalogue tree walked depth first,
 * siblings in their given order, a section's sub-sections before its own items (as the tree
 * lists them); a section whose parent is gone sits at the top, as the tree shows it.
 */
function menuRanks(sections: readonly { id: string; parentId: string | null }[]) {
  const ids = new Set(sections.map((c) => c.id));
  const children = new Map<string | null, string[]>();
  for (const c of sections) {
    const parent = c.parentId && ids.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c.id]);
  }
  const rank = new Map<string, number>();
  const walk = (parent: string | null) => {
    for (const id of children.get(parent) ?? []) {
      walk(id);
      rank.set(id, rank.size);
    }
  };
  walk(null);
  return rank;
}

/** A price adjustment's entry in the history of changes. */
const entry = (tenantId: string, entityId: string, action: 'create' | 'update' | 'delete') =>
  ({ tenantId, entityType: 'priceAdjustment', entityId, action }) as const;

export function createPriceAdjustmentsService(deps: {
  db: Db;
  repository: PriceAdjustmentsRepository;
}) {
  const { db, repository: repo } = deps;

  async function read(
    q: Db | Tx,
    tenantId: string,
    ids?: string[],
  ): Promise<PriceAdjustmentResponse[]> {
    const rows = await repo.list(q, tenantId, ids);
    const idsOf = rows.map((r) => r.id);
    // One after another: `q` may be a transaction, whose one connection runs one statement.
    const found = await repo.linked(q, tenantId, idsOf);
    const schedules = await repo.schedules(q, tenantId, idsOf);
    const sections = await repo.sections(q, tenantId);
    // Menu order: sections as the catalogue tree walks them, then items, then variants.
    const rank = menuRanks(sections);
    const linked = found
      .map((l, i) => ({ l, i }))
      .sort(
        (a, b) =>
          (rank.get(a.l.categoryId) ?? Infinity) - (rank.get(b.l.categoryId) ?? Infinity) ||
          a.i - b.i,
      )
      .map(({ l }) => l);
    return rows.map((r: AdjustmentRow) => ({
      id: r.id,
      name: r.name,
      adjustmentType: r.adjustmentType,
      adjustmentDirection: r.adjustmentDirection,
      amount: Number(r.amount),
      checkoutTemplates: r.checkoutTemplates,
      priority: r.priority,
      isActive: r.isActive,
      // New price as this adjustment alone makes it (the Menu Items tab).
      linkedVariants: linked
        .filter((l) => l.adjustmentId === r.id)
        .map((l) => {
          const newPrice = applyAdjustment(l.price, r);
          return {
            variantId: l.variantId,
            itemId: l.itemId,
            itemTitle: l.itemTitle.fieldValue,
            variantTitle: l.variantTitle.fieldValue,
            oldPrice: Number(l.price),
            newPrice: Number(newPrice),
            priceReachesZero: toMilli(newPrice) === 0n && toMilli(l.price) > 0n,
          };
        }),
      schedule: fillSchedule(schedules.filter((s) => s.adjustmentId === r.id)),
    }));
  }

  async function one(q: Db | Tx, tenantId: string, id: string) {
    const [a] = await read(q, tenantId, [id]);
    if (!a) throw new NotFound('Price adjustment');
    return a;
  }

  const columns = (b: PriceAdjustmentBody) => ({
    name: b.name,
    adjustmentType: b.adjustmentType,
    adjustmentDirection: b.adjustmentDirection!,
    amount: b.amount,
    checkoutTemplates: b.checkoutTemplates,
    priority: b.priority,
    isActive: b.isActive,
  });

  return {
    list: (tenantId: string) => read(db, tenantId),
    get: (tenantId: string, id: string) => one(db, tenantId, id),

    async create(tenantId: string, body: PriceAdjustmentBody) {
      return db.transaction(async (tx) => {
        if (await repo.nameTaken(tx, tenantId, body.name))
          throw new ValidationFailed('name', ['ItemAlreadyExists']);
        const row = await repo.insert(tx, { tenantId, ...columns(body) });
        const after = await one(tx, tenantId, row.id);
        await recordChange(tx, { ...entry(tenantId, row.id, 'create'), before: null, after });
        return after;
      });
    },

    async update(tenantId: string, id: string, body: PriceAdjustmentBody) {
      return db.transaction(async (tx) => {
        if (await repo.nameTaken(tx, tenantId, body.name, id))
          throw new ValidationFailed('name', ['ItemAlreadyExists']);
        const before = await one(tx, tenantId, id);
        await repo.update(tx, tenantId, id, columns(body));
        const after = await one(tx, tenantId, id);
        await recordChange(tx, { ...entry(tenantId, id, 'update'), before, after });
        return after;
      });
    },

    async remove(tenantId: string, id: string) {
      await db.transaction(async (tx) => {
        const before = await one(tx, tenantId, id);
        if (!(await repo.remove(tx, tenantId, id))) throw new NotFound('Price adjustment');
        await recordChange(tx, { ...entry(tenantId, id, 'delete'), before, after: null });
      });
    },

    async getSchedule(tenantId: string, id: string) {
      return (await one(db, tenantId, id)).schedule;
    },

    async setSchedule(tenantId: string, id: string, entries: ScheduleEntry[]) {
      return db.transaction(async (tx) => {
        const before = await one(tx, tenantId, id);
        await repo.replaceSchedule(tx, tenantId, id, toScheduleRows(entries));
        const after = await one(tx, tenantId, id);
        await recordChange(tx, { ...entry(tenantId, id, 'update'), before, after });
        return after.schedule;
      });
    },

    /** Links the selected variants and unlinks one; every variant must be the tenant's own. */
    async linkVariants(
      tenantId: string,
      id: string,
      selected: string[],
      removed: string | null | undefined,
    ) {
      return db.transaction(async (tx) => {
        const before = await one(tx, tenantId, id);
        const unique = [...new Set(selected)];
        const found = await repo.existingVariantIds(tx, tenantId, unique);
        if (found.length !== unique.length)
          throw new ValidationFailed('SelectedVariantsIds', ['variant_not_found']);
        await repo.link(tx, tenantId, id, unique);
        if (removed) await repo.unlink(tx, tenantId, id, removed);
        const after = await one(tx, tenantId, id);
        await recordChange(tx, { ...entry(tenantId, id, 'update'), before, after });
        return after.linkedVariants;
      });
    },
  };
}
