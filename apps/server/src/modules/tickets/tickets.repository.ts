import { and, asc, desc, eq, getTableColumns, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CLOSED_TICKET_STATUSES,
  OPEN_TICKET_STATUSES,
  type RejectReason,
  type TicketChange,
  type ChangesCursor,
  type TicketsCursor,
  type TicketStatus,
} from '@app/contracts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { branches, tenants, users } from '../identity/identity.table.ts';
import { isoUtcText } from '../../db/sql-text.ts';
import { changeFields, type TicketColumns } from './ticket-events.ts';
import {
  CURRENT_XID,
  ticketCounters,
  ticketEvents,
  ticketPrints,
  tickets,
} from './tickets.table.ts';
import { tenantRow } from '../../db/tenant-keys.ts';
import { findTenantRow } from '../../db/tenant-rows.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { notifySql } from '../../realtime/notifier.ts';

type Q = Db | Tx;
import type { NewTicketRow } from './tickets.table.ts';
export type { NewTicketRow, TicketRow } from './tickets.table.ts';

const withNames = {
  ticket: tickets,
  branchName: branches.name,
  tenantName: tenants.name,
};

/** The columns a ticket's hub event is made of (ticket-events.ts), with its creation time. */
const eventColumns = {
  id: tickets.id,
  tenantId: tickets.tenantId,
  branchId: tickets.branchId,
  ticketNumber: tickets.ticketNumber,
  ticketType: tickets.ticketType,
  status: tickets.status,
  createdAt: tickets.createdAt,
};

/** The hub's ticket event as a SQL json object, from the columns of a row being inserted. */
function ticketChangeSql(
  change: TicketChange['change'],
  columns: Omit<TicketColumns<SQL>, 'at'> & { createdAt: SQL },
): SQL {
  const fields = changeFields<SQL>(change, { ...columns, at: isoUtcText(columns.createdAt) });
  const pairs = Object.entries(fields).map(
    ([key, value]) => sql`${key}::text, ${typeof value === 'string' ? sql`${value}::text` : value}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A new ticket's row as the intake stores it: every column but its number and creation time. */
type InsertedRow = Omit<NewTicketRow, 'ticketNumber' | 'createdAt' | 'changeXid'> & { id: string };

/** The columns `insertNumbered` writes, each from the placeholder of its name. */
const INSERTED_COLUMNS = Object.entries(getTableColumns(tickets)).filter(
  ([c]) => c !== 'ticketNumber' && c !== 'createdAt' && c !== 'changeXid',
);

/**
 * The row's values as the driver takes them (a column's own encoding, JSON for jsonb), null as
 * SQL's null: the placeholders are plain SQL, so nothing encodes them on the way.
 */
const driverValues = (row: InsertedRow) =>
  Object.fromEntries(
    INSERTED_COLUMNS.map(([c, column]) => {
      const value = row[c as keyof InsertedRow];
      return [c, value === null || value === undefined ? null : column.mapToDriverValue(value)];
    }),
  );

/**
 * The numbered insert as one prepared statement (db/prepared.ts): the counter's upsert, the
 * ticket and its hub event, built once with a placeholder per column.
 */
const numberedInsert = preparedStatement<Record<string, unknown>>(
  'tickets_insert_numbered',
  (q) => {
    const next = q
      .insert(ticketCounters)
      .values({ tenantId: sql.placeholder('tenantId'), lastNumber: 1 })
      .onConflictDoUpdate({
        target: ticketCounters.tenantId,
        set: { lastNumber: sql`${ticketCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: ticketCounters.lastNumber });
    const values = Object.fromEntries(
      INSERTED_COLUMNS.map(([c]) => [c, sql`${sql.placeholder(c)}`]),
    );
    const insert = q
      .insert(tickets)
      .values({
        ...(values as unknown as NewTicketRow),
        ticketNumber: sql`(select last_number from next_number)`,
      })
      .returning(eventColumns);
    // The same columns as read back from the `created` step below.
    const inserted = Object.fromEntries(
      Object.entries(eventColumns).map(([key, column]) => [key, sql.raw(`created.${column.name}`)]),
    ) as Record<keyof typeof eventColumns, SQL>;
    const change = ticketChangeSql('created', inserted);
    return sql`
    with next_number as ${next}, created as ${insert}
    select created.ticket_number::text as ticket_number,
      ${isoUtcText(inserted.createdAt)} as created_at,
      ${notifySql(inserted.tenantId, 'ticketsUpdate', change)}
    from created
  `;
  },
);

/** Ticket rows, their history, counters and print requests; every query by tenant. */
export const ticketsRepository = {
  /**
   * Numbers and stores a ticket and announces it, in one statement (so in one implicit
   * transaction): the tenant's counter row is bumped and stays locked until the ticket is in,
   * so concurrent orders get consecutive numbers and a failed insert gives its number back.
   * The inserted row's `created` hub event goes out in the NOTIFY, sent only on commit.
   */
  async insertNumbered(q: Q, row: InsertedRow): Promise<{ ticketNumber: number; createdAt: Date }> {
    const [created] = await numberedInsert<{ ticket_number: string; created_at: string }>(
      q,
      driverValues(row),
    );
    return {
      ticketNumber: Number(created!.ticket_number),
      createdAt: new Date(created!.created_at),
    };
  },

  async byIdempotencyKey(q: Q, tenantId: string, key: string) {
    const [row] = await q
      .select({ id: tickets.id, requestHash: tickets.requestHash })
      .from(tickets)
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.idempotencyKey, key)))
      .limit(1);
    return row;
  },

  async withNames(q: Q, tenantId: string, id: string) {
    const [row] = await q
      .select(withNames)
      .from(tickets)
      .innerJoin(branches, eq(branches.id, tickets.branchId))
      .innerJoin(tenants, eq(tenants.id, tickets.tenantId))
      .where(tenantRow(tickets, tenantId, id))
      .limit(1);
    return row;
  },

  async idByNumber(q: Q, tenantId: string, ticketNumber: number) {
    const [row] = await q
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.ticketNumber, ticketNumber)))
      .limit(1);
    return row?.id;
  },

  /** Locks the ticket for a state change: a second writer waits, then sees the new state. */
  async byId(q: Q, tenantId: string, id: string) {
    const [row] = await q
      .select()
      .from(tickets)
      .where(tenantRow(tickets, tenantId, id));
    return row;
  },

  /** Tickets of every tenant whose refund's outcome is not known yet (the reconciler's). */
  async pendingRefunds(q: Q): Promise<{ tenantId: string; id: string }[]> {
    return q
      .select({ tenantId: tickets.tenantId, id: tickets.id })
      .from(tickets)
      .where(
        sql`${tickets.ticketDetails} -> 'paymentDetails' ->> 'paymentStatus' = 'REFUND_PENDING'`,
      )
      .orderBy(tickets.createdAt)
      .limit(500);
  },

  async lock(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx
      .select()
      .from(tickets)
      .where(tenantRow(tickets, tenantId, id))
      .for('update');
    return row;
  },

  async update(tx: Tx, tenantId: string, id: string, patch: Partial<NewTicketRow>) {
    await tx
      .update(tickets)
      .set({ ...patch, updatedAt: sql`now()`, changeXid: CURRENT_XID })
      .where(tenantRow(tickets, tenantId, id));
  },

  async insertEvent(
    tx: Tx,
    row: {
      tenantId: string;
      ticketId: string;
      kind: 'status' | 'transfer';
      fromStatus?: TicketStatus | null;
      toStatus?: TicketStatus | null;
      reason?: RejectReason | null;
      note?: string | null;
      fromBranchId?: string | null;
      toBranchId?: string | null;
      userId: string | null;
    },
  ) {
    await tx.insert(ticketEvents).values(row);
  },

  async history(q: Q, tenantId: string, ticketId: string) {
    return q
      .select({ event: ticketEvents, by: users.displayName })
      .from(ticketEvents)
      .leftJoin(users, eq(users.id, ticketEvents.userId))
      .where(and(eq(ticketEvents.tenantId, tenantId), eq(ticketEvents.ticketId, ticketId)))
      .orderBy(asc(ticketEvents.createdAt), asc(ticketEvents.id));
  },

  /**
   * This moment's snapshot (`xmin:xmax:running,…`): a read after it sees every transaction it
   * counts as finished; `changedFrom` next time asks for the rows it could not see.
   */
  async snapshot(q: Q): Promise<string> {
    const [row] = rowsOf<{ snapshot: string }>(
      await q.execute(sql`select pg_current_snapshot()::text as snapshot`),
    );
    return row!.snapshot;
  },

  /**
   * Open tickets of any age and those finished since `closedSince`: newest first by (time, id)
   * after the cursor's ticket (`at` is the exact time, for the next cursor); or, with
   * `changedFrom`, only those written by a transaction that snapshot did not see as finished,
   * most recent first (the index finds them from its `xmin`).
   */
  async live(
    q: Q,
    tenantIds: string[],
    closedSince: Date,
    limit: number,
    from: { after?: TicketsCursor; changedFrom?: ChangesCursor } = {},
  ) {
    const { after, changedFrom } = from;
    if (tenantIds.length === 0) return [];
    return q
      .select({
        at: sql<string>`to_char(${tickets.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        ...eventColumns,
        checkoutTemplate: tickets.checkoutTemplate,
        lang: tickets.lang,
        paymentMethodType: tickets.paymentMethodType,
        currency: tickets.currency,
        total: tickets.total,
        updatedAt: tickets.updatedAt,
        closedAt: tickets.closedAt,
        escalatedAt: tickets.escalatedAt,
        serviceArea: sql<unknown>`${tickets.ticketDetails} -> 'serviceArea'`,
        deliveryZone: sql<unknown>`${tickets.ticketDetails} -> 'deliveryZone'`,
        firstName: sql<string | null>`${tickets.ticketDetails} ->> 'firstName'`,
        lastName: sql<string | null>`${tickets.ticketDetails} ->> 'lastName'`,
        paymentStatus: sql<
          string | null
        >`${tickets.ticketDetails} -> 'paymentDetails' ->> 'paymentStatus'`,
        branchName: branches.name,
        tenantName: tenants.name,
      })
      .from(tickets)
      .innerJoin(branches, eq(branches.id, tickets.branchId))
      .innerJoin(tenants, eq(tenants.id, tickets.tenantId))
      .where(
        and(
          inArray(tickets.tenantId, tenantIds),
          or(
            inArray(tickets.status, [...OPEN_TICKET_STATUSES]),
            and(
              inArray(tickets.status, [...CLOSED_TICKET_STATUSES]),
              gte(tickets.closedAt, closedSince),
            ),
          ),
          after
            ? sql`(${tickets.createdAt}, ${tickets.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
          changedFrom
            ? sql`${tickets.changeXid} >= ${changedFrom.xmin}::bigint and not pg_visible_in_snapshot(${tickets.changeXid}::text::xid8, ${changedFrom.snapshot}::pg_snapshot)`
            : undefined,
        ),
      )
      .orderBy(
        ...(changedFrom
          ? [desc(tickets.changeXid), desc(tickets.id)]
          : [desc(tickets.createdAt), desc(tickets.id)]),
      )
      .limit(limit);
  },

  async openCounts(q: Q, tenantIds: string[]) {
    if (tenantIds.length === 0) return [];
    return q
      .select({ status: tickets.status, n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(
        and(
          inArray(tickets.tenantId, tenantIds),
          inArray(tickets.status, [...OPEN_TICKET_STATUSES]),
        ),
      )
      .groupBy(tickets.status);
  },

  async insertPrint(q: Q, row: { tenantId: string; ticketId: string; userId: string | null }) {
    const [created] = await q.insert(ticketPrints).values(row).returning({ id: ticketPrints.id });
    return created!.id;
  },

  async print(q: Q, tenantId: string, id: string) {
    return findTenantRow(q, ticketPrints, tenantId, id);
  },

  async branchOf(q: Q, tenantId: string, branchId: string) {
    return findTenantRow(q, branches, tenantId, branchId);
  },
};

export type TicketsRepository = typeof ticketsRepository;
