import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { categories, items, variants } from '../catalog/catalog.table.ts';
import {
  itemModifierGroups,
  modifierGroups,
  modifierItems,
} from '../modifier-groups/modifier-groups.table.ts';
import type { PlannedGroup, PlannedItem, PlannedSection, PlannedUpdates } from './import-plan.ts';

type Q = Db | Tx;

/** Matches no row: `in ()` is not SQL. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

type Insertable<T extends PgTable> = keyof T['$inferInsert'] & string;

/**
 * `insert into <table> select …` of many rows sent as one JSON parameter expanded by the
 * database (jsonb_to_recordset, its record fields named as the rows' keys): one statement per
 * chunk instead of thousands of bound values, about three times faster on PGlite. `shared`
 * values are the same for every row and sent once.
 */
function insertFromJson<T extends PgTable, K extends Insertable<T>>(
  table: T,
  shared: Partial<T['$inferInsert']>,
  keys: readonly K[],
  rows: readonly { [P in K]: T['$inferInsert'][P] }[],
): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const sharedKeys = Object.keys(shared) as Insertable<T>[];
  const given = shared as Record<string, unknown>;
  const names = sql.raw([...sharedKeys, ...keys].map((k) => `"${columns[k]!.name}"`).join(', '));
  const values = sql.join(
    [
      ...sharedKeys.map((k) => sql`${given[k]}::${sql.raw(columns[k]!.getSQLType())}`),
      ...keys.map((k) => sql.raw(`r."${k}"`)),
    ],
    sql`, `,
  );
  const types = sql.raw(keys.map((k) => `"${k}" ${columns[k]!.getSQLType()}`).join(', '));
  // Only the listed keys are sent (a planned item also carries its variants and links).
  const sent = rows.map((row) => {
    const picked: Record<string, unknown> = {};
    for (const k of keys) picked[k] = row[k];
    return picked;
  });
  return sql`insert into ${table} (${names}) select ${values} from jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) as r(${types})`;
}

/**
 * `update <table> … from jsonb_to_recordset(…)`: many rows by their id, of this tenant only,
 * in one statement (the keys after `id` are the columns set).
 */
function updateFromJson<T extends PgTable, K extends Insertable<T>>(
  table: T,
  tenantId: string,
  keys: readonly K[],
  rows: readonly ({ id: string } & { [P in K]: T['$inferInsert'][P] })[],
): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const set = sql.raw(keys.map((k) => `"${columns[k]!.name}" = r."${k}"`).join(', '));
  const types = sql.raw(
    ['id uuid', ...keys.map((k) => `"${k}" ${columns[k]!.getSQLType()}`)].join(', '),
  );
  const sent = rows.map((row) => {
    const picked: Record<string, unknown> = { id: row.id };
    for (const k of keys) picked[k] = row[k];
    return picked;
  });
  const t = table as unknown as { id: unknown; tenantId: unknown };
  return sql`update ${table} set ${set} from jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) as r(${types}) where ${t.id} = r.id and ${t.tenantId} = ${tenantId}`;
}

/** Inserts of several tables in one statement (each a data-modifying WITH query but the last). */
function together(inserts: SQL[]): SQL {
  if (inserts.length === 1) return inserts[0]!;
  const last = inserts[inserts.length - 1]!;
  const before = inserts.slice(0, -1).map((insert, i) => sql`${sql.raw(`w${i}`)} as (${insert})`);
  return sql`with ${sql.join(before, sql`, `)} ${last}`;
}

/** The menu as the import matches against it, and the batched inserts of what it adds. */
export const bulkUploadRepository = {
  async sections(q: Q, tenantId: string) {
    return q
      .select({
        id: categories.id,
        parentId: categories.parentId,
        title: categories.title,
        description: categories.description,
        position: categories.position,
      })
      .from(categories)
      .where(eq(categories.tenantId, tenantId))
      .orderBy(asc(categories.position), asc(categories.id));
  },

  async items(q: Q, tenantId: string) {
    return q
      .select({
        id: items.id,
        categoryId: items.categoryId,
        title: items.title,
        description: items.description,
        position: items.position,
      })
      .from(items)
      .where(eq(items.tenantId, tenantId))
      .orderBy(asc(items.position), asc(items.id));
  },

  async modifierGroups(q: Q, tenantId: string) {
    return q
      .select({
        id: modifierGroups.id,
        name: modifierGroups.name,
        title: modifierGroups.title,
        minQuantity: modifierGroups.minQuantity,
        maxQuantity: modifierGroups.maxQuantity,
      })
      .from(modifierGroups)
      .where(eq(modifierGroups.tenantId, tenantId))
      .orderBy(asc(modifierGroups.createdAt), asc(modifierGroups.id));
  },

  /**
   * The variants and modifier-group links of the given items and the modifier items of the
   * given groups (all of the tenant's when `null`): what rows naming ids are compared with.
   */
  async details(q: Q, tenantId: string, itemIds: string[] | null, groupIds: string[] | null) {
    const of = <C>(column: C, ids: string[] | null) =>
      ids === null ? undefined : inArray(column as never, ids.length > 0 ? ids : [NO_ID]);
    // One after another: a transaction is one connection.
    const variantRows = await q
      .select({
        id: variants.id,
        itemId: variants.itemId,
        title: variants.title,
        price: variants.price,
        position: variants.position,
      })
      .from(variants)
      .where(and(eq(variants.tenantId, tenantId), of(variants.itemId, itemIds)))
      .orderBy(asc(variants.position), asc(variants.id));
    const links = await q
      .select({
        itemId: itemModifierGroups.itemId,
        groupId: itemModifierGroups.groupId,
        position: itemModifierGroups.position,
      })
      .from(itemModifierGroups)
      .where(
        and(eq(itemModifierGroups.tenantId, tenantId), of(itemModifierGroups.itemId, itemIds)),
      );
    const choices = await q
      .select({
        id: modifierItems.id,
        groupId: modifierItems.groupId,
        title: modifierItems.title,
        price: modifierItems.price,
        position: modifierItems.position,
      })
      .from(modifierItems)
      .where(and(eq(modifierItems.tenantId, tenantId), of(modifierItems.groupId, groupIds)))
      .orderBy(asc(modifierItems.position), asc(modifierItems.id));
    return { variants: variantRows, links, choices };
  },

  /** Writes what rows with ids change (after the adds: items may move to a new section). */
  async update(q: Q, tenantId: string, u: PlannedUpdates) {
    const statements: SQL[] = [];
    if (u.sections.length > 0)
      statements.push(updateFromJson(categories, tenantId, ['title', 'description'], u.sections));
    if (u.groups.length > 0)
      statements.push(
        updateFromJson(
          modifierGroups,
          tenantId,
          ['name', 'title', 'minQuantity', 'maxQuantity'],
          u.groups,
        ),
      );
    if (u.choices.length > 0)
      statements.push(updateFromJson(modifierItems, tenantId, ['title', 'price'], u.choices));
    if (u.newChoices.length > 0)
      statements.push(
        insertFromJson(
          modifierItems,
          { tenantId },
          ['groupId', 'title', 'price', 'position'],
          u.newChoices,
        ),
      );
    if (u.items.length > 0)
      statements.push(
        updateFromJson(
          items,
          tenantId,
          ['categoryId', 'title', 'description', 'position'],
          u.items,
        ),
      );
    if (u.variants.length > 0)
      statements.push(updateFromJson(variants, tenantId, ['title', 'price'], u.variants));
    if (u.newVariants.length > 0)
      statements.push(
        insertFromJson(
          variants,
          { tenantId },
          ['itemId', 'title', 'price', 'position'],
          u.newVariants,
        ),
      );
    if (u.links.length > 0) {
      statements.push(
        sql`delete from ${itemModifierGroups} where ${itemModifierGroups.tenantId} = ${tenantId} and ${inArray(
          itemModifierGroups.itemId,
          u.links.map((l) => l.itemId),
        )}`,
      );
      const linkRows = u.links.flatMap((l) =>
        l.groupIds.map((groupId, position) => ({ itemId: l.itemId, groupId, position })),
      );
      if (linkRows.length > 0)
        statements.push(
          insertFromJson(
            itemModifierGroups,
            { tenantId },
            ['itemId', 'groupId', 'position'],
            linkRows,
          ),
        );
    }
    for (const statement of statements) await q.execute(statement);
  },

  /** Inserts planned sections. */
  async addSections(q: Q, tenantId: string, sections: PlannedSection[]) {
    if (sections.length === 0) return;
    await q.execute(
      insertFromJson(
        categories,
        { tenantId },
        ['id', 'parentId', 'title', 'description', 'position'],
        sections,
      ),
    );
  },

  /** Inserts planned modifier groups and their modifier items, in one statement. */
  async addGroups(q: Q, tenantId: string, groups: PlannedGroup[]) {
    if (groups.length === 0) return;
    await q.execute(
      together([
        insertFromJson(
          modifierGroups,
          { tenantId, allowModifierItemCounter: false },
          ['id', 'name', 'title', 'minQuantity', 'maxQuantity'],
          groups,
        ),
        insertFromJson(
          modifierItems,
          { tenantId },
          ['groupId', 'title', 'price', 'position'],
          groups.flatMap((g) => g.choices.map((c) => ({ groupId: g.id, ...c }))),
        ),
      ]),
    );
  },

  /**
   * Inserts planned items, their variants and their modifier-group links in one statement (the
   * foreign keys are checked at the statement's end).
   */
  async addItems(q: Q, tenantId: string, chunk: PlannedItem[]) {
    if (chunk.length === 0) return;
    const variantRows = chunk.flatMap((i) => i.variants.map((v) => ({ itemId: i.id, ...v })));
    const linkRows = chunk.flatMap((i) =>
      i.groupIds.map((groupId, position) => ({ itemId: i.id, groupId, position })),
    );
    const inserts = [
      insertFromJson(
        items,
        { tenantId },
        ['id', 'categoryId', 'title', 'description', 'position'],
        chunk,
      ),
      insertFromJson(variants, { tenantId }, ['itemId', 'title', 'price', 'position'], variantRows),
    ];
    if (linkRows.length > 0)
      inserts.push(
        insertFromJson(
          itemModifierGroups,
          { tenantId },
          ['itemId', 'groupId', 'position'],
          linkRows,
        ),
      );
    await q.execute(together(inserts));
  },

  /** Serializes imports of one tenant: the second waits and then sees the first one's rows. */
  async lockTenant(q: Q, tenantId: string) {
    await q.execute(
      sql`select pg_advisory_xact_lock(hashtext('bulk-upload'), hashtext(${tenantId}))`,
    );
  },
};

export type BulkUploadRepository = typeof bulkUploadRepository;
