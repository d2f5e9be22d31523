import {
  applyAdjustment,
  type PriceAdjustmentBody,
  type PriceAdjustmentResponse,
  type ScheduleEntry,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import { fillSchedule, toScheduleRows } from '../catalog/catalog.service.ts';
import {
  priceAdjustmentsRepository as repo,
  type AdjustmentRow,
} from './price-adjustments.repository.ts';

export type PriceAdjustmentsService = ReturnType<typeof createPriceAdjustmentsService>;

export function createPriceAdjustmentsService(deps: { db: Db }) {
  const { db } = deps;

  async function read(
    q: Db | Tx,
    tenantId: string,
    ids?: string[],
  ): Promise<PriceAdjustmentResponse[]> {
    const rows = await repo.list(q, tenantId, ids);
    const idsOf = rows.map((r) => r.id);
    const [linked, schedules] = await Promise.all([
      repo.linked(q, tenantId, idsOf),
      repo.schedules(q, tenantId, idsOf),
    ]);
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
        .map((l) => ({
          variantId: l.variantId,
          itemId: l.itemId,
          itemTitle: l.itemTitle.fieldValue,
          variantTitle: l.variantTitle.fieldValue,
          oldPrice: Number(l.price),
          newPrice: Number(applyAdjustment(l.price, r)),
        })),
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
        return one(tx, tenantId, row.id);
      });
    },

    async update(tenantId: string, id: string, body: PriceAdjustmentBody) {
      return db.transaction(async (tx) => {
        if (await repo.nameTaken(tx, tenantId, body.name, id))
          throw new ValidationFailed('name', ['ItemAlreadyExists']);
        const row = await repo.update(tx, tenantId, id, columns(body));
        if (!row) throw new NotFound('Price adjustment');
        return one(tx, tenantId, id);
      });
    },

    async remove(tenantId: string, id: string) {
      if (!(await repo.remove(db, tenantId, id))) throw new NotFound('Price adjustment');
    },

    async getSchedule(tenantId: string, id: string) {
      return (await one(db, tenantId, id)).schedule;
    },

    async setSchedule(tenantId: string, id: string, entries: ScheduleEntry[]) {
      return db.transaction(async (tx) => {
        await one(tx, tenantId, id);
        await repo.replaceSchedule(tx, tenantId, id, toScheduleRows(entries));
        return (await one(tx, tenantId, id)).schedule;
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
        await one(tx, tenantId, id);
        const unique = [...new Set(selected)];
        const found = await repo.existingVariantIds(tx, tenantId, unique);
        if (found.length !== unique.length)
          throw new ValidationFailed('SelectedVariantsIds', ['variant_not_found']);
        await repo.link(tx, tenantId, id, unique);
        if (removed) await repo.unlink(tx, tenantId, id, removed);
        return (await one(tx, tenantId, id)).linkedVariants;
      });
    },
  };
}
