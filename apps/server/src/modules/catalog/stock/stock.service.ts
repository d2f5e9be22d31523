import { and, asc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  STOCK_LIMITS,
  fullWeek,
  nextClosing,
  nextOpening,
  type BranchStock,
  type LocalizedText,
  type SoldOutEntry,
  type StockKind,
  type StockMatch,
  type StockState,
} from '@app/contracts';
import { rowsOf, type Db, type Tx } from '../../../db/client.ts';
import { NotFound, ValidationFailed } from '../../../errors.ts';
import { recordChange } from '../../audit/audit.ts';
import { branches } from '../../identity/identity.table.ts';
import { modifierGroups, modifierItems } from '../../modifier-groups/modifier-groups.table.ts';
import { branchOpeningHours } from '../../outlet-settings/outlet-settings.table.ts';
import { items, variants } from '../catalog.table.ts';
import { branchStock } from './stock.table.ts';

const DAY = 86_400_000;

/** What a stock call names: the row's kind and id, and the entity its history is kept under. */
type Target = {
  kind: StockKind;
  id: string;
  /** The item (item, variant) or modifier group (choice) whose history records it. */
  owner: { type: 'item' | 'modifierGroup'; id: string; title: LocalizedText };
  /** The field of the owner's history: `soldOut`, `variants.Large.soldOut`, … */
  field: string;
};

type StockBodyIn = { outOfStock: boolean; until: string | null };

/** Sold out per branch until a time (issue 38): set, listed, and read by the intake. */
export function createStockService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  async function branchOf(q: Db | Tx, tenantId: string, branchId: string) {
    const [row] = await q
      .select({
        id: branches.id,
        timeZone: branches.timeZone,
        templates: branches.checkoutTemplates,
      })
      .from(branches)
      .where(and(eq(branches.tenantId, tenantId), eq(branches.id, branchId)));
    if (!row) throw new NotFound('Branch');
    return row;
  }

  /** `until` checked against now: in the future, within the limit; null for none. */
  function untilOf(body: StockBodyIn): Date | null {
    if (!body.outOfStock || body.until === null) return null;
    const until = new Date(body.until);
    const now = clock().getTime();
    if (until.getTime() <= now) throw new ValidationFailed('until', ['until_past']);
    if (until.getTime() > now + STOCK_LIMITS.untilMaxDays * DAY)
      throw new ValidationFailed('until', ['until_too_far']);
    return until;
  }

  async function set(
    tenantId: string,
    branchId: string,
    what: string,
    find: (tx: Tx) => Promise<Target | undefined>,
    body: StockBodyIn,
    userId: string | undefined,
  ): Promise<StockState> {
    const until = untilOf(body);
    return db.transaction(async (tx) => {
      await branchOf(tx, tenantId, branchId);
      const target = await find(tx);
      if (!target) throw new NotFound(what);
      const key = and(
        eq(branchStock.tenantId, tenantId),
        eq(branchStock.branchId, branchId),
        eq(branchStock.kind, target.kind),
        eq(branchStock.entityId, target.id),
      );
      const [was] = await tx
        .select({ until: branchStock.until })
        .from(branchStock)
        .where(and(key, or(isNull(branchStock.until), gt(branchStock.until, clock()))));
      if (body.outOfStock) {
        await tx
          .insert(branchStock)
          .values({
            tenantId,
            branchId,
            kind: target.kind,
            entityId: target.id,
            until,
            updatedBy: userId ?? null,
          })
          .onConflictDoUpdate({
            target: [
              branchStock.tenantId,
              branchStock.branchId,
              branchStock.kind,
              branchStock.entityId,
            ],
            set: { until, updatedAt: clock(), updatedBy: userId ?? null },
          });
      } else {
        await tx.delete(branchStock).where(key);
      }
      const shape = (soldOut: boolean, at: Date | null | undefined) => ({
        [target.field]: { soldOut, until: at ? at.toISOString() : null },
      });
      await recordChange(tx, {
        tenantId,
        entityType: target.owner.type,
        entityId: target.owner.id,
        branchId,
        action: 'stock',
        label: target.owner.title,
        before: shape(Boolean(was), was?.until),
        after: shape(body.outOfStock, until),
      });
      return {
        kind: target.kind,
        id: target.id,
        branchId,
        outOfStock: body.outOfStock,
        until: until?.toISOString() ?? null,
      };
    });
  }

  const itemOf = async (tx: Tx, tenantId: string, itemId: string) => {
    const [row] = await tx
      .select({ id: items.id, title: items.title })
      .from(items)
      .where(and(eq(items.tenantId, tenantId), eq(items.id, itemId)));
    return row;
  };

  /** Items, variants and choices whose title holds `search` in any language, items first. */
  async function matching(
    tenantId: string,
    search: string,
    soldOut: SoldOutEntry[],
  ): Promise<StockMatch[]> {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const titled = (column: SQL) =>
      sql`(${column}->>'fieldValue' ilike ${like} or ${column}->>'en' ilike ${like}
        or ${column}->>'ar' ilike ${like} or ${column}->>'es' ilike ${like})`;
    const rows = rowsOf<{
      kind: StockKind;
      id: string;
      parentId: string;
      title: LocalizedText | string;
      parentTitle: LocalizedText | string | null;
    }>(
      await db.execute(sql`
        (select 'item' as kind, i.id, i.id as "parentId", i.title, null::jsonb as "parentTitle", 0 as o
          from catalog_items i where i.tenant_id = ${tenantId} and ${titled(sql`i.title`)}
          order by i.position limit ${STOCK_LIMITS.matchesMax})
        union all
        (select 'variant', v.id, i.id, v.title, i.title, 1
          from catalog_item_variants v
          join catalog_items i on i.tenant_id = v.tenant_id and i.id = v.item_id
          where v.tenant_id = ${tenantId} and (select count(*) from catalog_item_variants w
            where w.tenant_id = v.tenant_id and w.item_id = v.item_id) > 1
            and (${titled(sql`i.title`)} or ${titled(sql`v.title`)})
          order by i.position, v.position limit ${STOCK_LIMITS.matchesMax})
        union all
        (select 'modifierItem', m.id, g.id, m.title, g.title, 2
          from modifier_items m
          join modifier_groups g on g.tenant_id = m.tenant_id and g.id = m.group_id
          where m.tenant_id = ${tenantId} and ${titled(sql`m.title`)}
          order by g.name, m.position limit ${STOCK_LIMITS.matchesMax})
        order by o
        limit ${STOCK_LIMITS.matchesMax}`),
    );
    const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    return rows.map((r) => {
      const sold = soldOut.find((e) => e.kind === r.kind && e.id === r.id);
      return {
        kind: r.kind,
        id: r.id,
        parentId: r.parentId,
        title: json(r.title),
        parentTitle: r.parentTitle === null ? null : json(r.parentTitle),
        soldOut: sold !== undefined,
        until: sold?.until ?? null,
      };
    });
  }

  return {
    setItem: (
      tenantId: string,
      branchId: string,
      itemId: string,
      body: StockBodyIn,
      userId?: string,
    ) =>
      set(
        tenantId,
        branchId,
        'Item',
        async (tx) => {
          const item = await itemOf(tx, tenantId, itemId);
          return (
            item && {
              kind: 'item',
              id: item.id,
              owner: { type: 'item', id: item.id, title: item.title },
              field: 'stock',
            }
          );
        },
        body,
        userId,
      ),

    setVariant: (
      tenantId: string,
      branchId: string,
      itemId: string,
      variantId: string,
      body: StockBodyIn,
      userId?: string,
    ) =>
      set(
        tenantId,
        branchId,
        'Variant',
        async (tx) => {
          const item = await itemOf(tx, tenantId, itemId);
          const [v] = await tx
            .select({ id: variants.id, title: variants.title })
            .from(variants)
            .where(
              and(
                eq(variants.tenantId, tenantId),
                eq(variants.itemId, itemId),
                eq(variants.id, variantId),
              ),
            );
          return (
            item &&
            v && {
              kind: 'variant',
              id: v.id,
              owner: { type: 'item', id: item.id, title: item.title },
              field: `variants.${v.title.fieldValue}.stock`,
            }
          );
        },
        body,
        userId,
      ),

    setModifierItem: (
      tenantId: string,
      branchId: string,
      groupId: string,
      modifierItemId: string,
      body: StockBodyIn,
      userId?: string,
    ) =>
      set(
        tenantId,
        branchId,
        'Modifier item',
        async (tx) => {
          const [row] = await tx
            .select({
              id: modifierItems.id,
              title: modifierItems.title,
              group: modifierGroups.title,
            })
            .from(modifierItems)
            .innerJoin(
              modifierGroups,
              and(
                eq(modifierGroups.tenantId, modifierItems.tenantId),
                eq(modifierGroups.id, modifierItems.groupId),
              ),
            )
            .where(
              and(
                eq(modifierItems.tenantId, tenantId),
                eq(modifierItems.groupId, groupId),
                eq(modifierItems.id, modifierItemId),
              ),
            );
          return (
            row && {
              kind: 'modifierItem',
              id: row.id,
              owner: { type: 'modifierGroup', id: groupId, title: row.group },
              field: `modifierItems.${row.title.fieldValue}.stock`,
            }
          );
        },
        body,
        userId,
      ),

    /** What is sold out at the branch now, soonest back first; its next closing and opening. */
    async branchStock(tenantId: string, branchId: string, search?: string): Promise<BranchStock> {
      const now = clock();
      const branch = await branchOf(db, tenantId, branchId);
      const rows = rowsOf<{
        kind: StockKind;
        id: string;
        parentId: string;
        title: LocalizedText;
        parentTitle: LocalizedText | null;
        until: string | Date | null;
        updatedAt: string | Date;
      }>(
        await db.execute(sql`
        select s.kind, s.entity_id as "id",
          coalesce(i.id, vi.id, mg.id) as "parentId",
          coalesce(i.title, v.title, mi.title) as "title",
          coalesce(vi.title, mg.title) as "parentTitle",
          s.until, s.updated_at as "updatedAt"
        from branch_stock s
        left join catalog_items i
          on s.kind = 'item' and i.tenant_id = s.tenant_id and i.id = s.entity_id
        left join catalog_item_variants v
          on s.kind = 'variant' and v.tenant_id = s.tenant_id and v.id = s.entity_id
        left join catalog_items vi on vi.tenant_id = v.tenant_id and vi.id = v.item_id
        left join modifier_items mi
          on s.kind = 'modifierItem' and mi.tenant_id = s.tenant_id and mi.id = s.entity_id
        left join modifier_groups mg on mg.tenant_id = mi.tenant_id and mg.id = mi.group_id
        where s.tenant_id = ${tenantId} and s.branch_id = ${branchId}
          and (s.until is null or s.until > ${now.toISOString()}::timestamptz)
          and coalesce(i.id, v.id, mi.id) is not null
        order by s.until asc nulls last, s.updated_at desc
        limit ${STOCK_LIMITS.listMax}`),
      );
      const iso = (v: string | Date) => new Date(v).toISOString();
      const soldOut: SoldOutEntry[] = rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        parentId: r.parentId,
        title: typeof r.title === 'string' ? JSON.parse(r.title) : r.title,
        parentTitle: typeof r.parentTitle === 'string' ? JSON.parse(r.parentTitle) : r.parentTitle,
        until: r.until === null ? null : iso(r.until),
        updatedAt: iso(r.updatedAt),
      }));
      // "Until closing": the hours of pickup, else of the branch's first template.
      const template = branch.templates.includes('PICKUP') ? 'PICKUP' : branch.templates[0];
      let closesAt: Date | null = null;
      let opensAt: Date | null = null;
      if (template) {
        const stored = await db
          .select()
          .from(branchOpeningHours)
          .where(
            and(
              eq(branchOpeningHours.tenantId, tenantId),
              eq(branchOpeningHours.branchId, branchId),
              eq(branchOpeningHours.checkoutTemplate, template),
            ),
          )
          .orderBy(asc(branchOpeningHours.day));
        const week = fullWeek(template, stored);
        closesAt = nextClosing(week, now, branch.timeZone);
        opensAt = nextOpening(week, closesAt ?? now, branch.timeZone)?.at ?? null;
      }
      return {
        soldOut,
        closesAt: closesAt?.toISOString() ?? null,
        opensAt: opensAt?.toISOString() ?? null,
        matches: search ? await matching(tenantId, search, soldOut) : [],
      };
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
