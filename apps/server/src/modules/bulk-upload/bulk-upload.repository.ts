import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { categories, items, variants } from '../catalog/catalog.table.ts';
import {
  itemModifierGroups,
  modifierGroups,
  modifierItems,
} from '../modifier-groups/modifier-groups.table.ts';
import type { PlannedGroup, PlannedItem, PlannedSection } from './import-plan.ts';

type Q = Db | Tx;

/** Items per statement (with their variants and links, in the same statement), by default. */
const ITEMS_PER_STATEMENT = 1000;

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

/** Inserts of several tables in one statement (each a data-modifying WITH query but the last). */
function together(inserts: SQL[]): SQL {
  if (inserts.length === 1) return inserts[0]!;
  const last = inserts[inserts.length - 1]!;
  const before = inserts.slice(0, -1).map((insert, i) => sql`${sql.raw(`w${i}`)} as (${insert})`);
  return sql`with ${sql.join(before, sql`, `)} ${last}`;
}

/**
 * The import's statements on the transaction's one connection, queued: `run` returns at once
 * (the caller goes on reading and planning), each statement starts when the one before it has
 * finished, and after a failure the rest are not sent (the transaction is lost anyway).
 * `done` waits for the queue and throws the first failure.
 */
export function createBulkWriter(q: Q, options: { yieldBetween?: boolean } = {}) {
  let queue: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | null = null;
  return {
    run(statement: SQL) {
      queue = queue.then(async () => {
        if (failure) return;
        // An embedded database runs each statement in this thread: others get a turn first.
        if (options.yieldBetween) await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          await q.execute(statement);
        } catch (error) {
          failure = { error };
        }
      });
    },
    /** Waits for every statement queued to finish or be dropped. */
    async settled() {
      await queue;
    },
    async done() {
      await queue;
      if (failure) throw failure.error;
    },
  };
}

export type BulkWriter = ReturnType<typeof createBulkWriter>;

/** The menu as the import matches against it, and the batched inserts of what it adds. */
export const bulkUploadRepository = {
  async sections(q: Q, tenantId: string) {
    return q
      .select({
        id: categories.id,
        parentId: categories.parentId,
        title: categories.title,
        position: categories.position,
      })
      .from(categories)
      .where(eq(categories.tenantId, tenantId));
  },

  async items(q: Q, tenantId: string) {
    return q
      .select({
        id: items.id,
        categoryId: items.categoryId,
        title: items.title,
        position: items.position,
      })
      .from(items)
      .where(eq(items.tenantId, tenantId));
  },

  async modifierGroups(q: Q, tenantId: string) {
    return q
      .select({ id: modifierGroups.id, name: modifierGroups.name })
      .from(modifierGroups)
      .where(eq(modifierGroups.tenantId, tenantId));
  },

  /** Sends the inserts of planned sections (not awaited: see `createBulkWriter`). */
  addSections(writer: BulkWriter, tenantId: string, sections: PlannedSection[]) {
    if (sections.length === 0) return;
    writer.run(
      insertFromJson(
        categories,
        { tenantId },
        ['id', 'parentId', 'title', 'description', 'position'],
        sections,
      ),
    );
  },

  /** Sends the inserts of planned modifier groups and their modifier items. */
  addGroups(writer: BulkWriter, tenantId: string, groups: PlannedGroup[]) {
    if (groups.length === 0) return;
    writer.run(
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
   * Sends the inserts of planned items, a chunk a statement: the items, their variants and
   * their modifier-group links together (the foreign keys are checked at the statement's end).
   */
  addItems(
    writer: BulkWriter,
    tenantId: string,
    planned: PlannedItem[],
    perStatement = ITEMS_PER_STATEMENT,
  ) {
    for (let at = 0; at < planned.length; at += perStatement) {
      const chunk = planned.slice(at, at + perStatement);
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
        insertFromJson(
          variants,
          { tenantId },
          ['itemId', 'title', 'price', 'position'],
          variantRows,
        ),
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
      writer.run(together(inserts));
    }
  },

  /** Sends the delete of items sent earlier (their variants and links go with them). */
  removeItems(writer: BulkWriter, tenantId: string, ids: string[]) {
    if (ids.length > 0)
      writer.run(
        sql`delete from ${items} where ${and(eq(items.tenantId, tenantId), inArray(items.id, ids))}`,
      );
  },

  /** Serializes imports of one tenant: the second waits and then sees the first one's rows. */
  async lockTenant(q: Q, tenantId: string) {
    await q.execute(
      sql`select pg_advisory_xact_lock(hashtext('bulk-upload'), hashtext(${tenantId}))`,
    );
  },
};

export type BulkUploadRepository = typeof bulkUploadRepository;
