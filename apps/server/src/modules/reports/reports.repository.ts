import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  NOT_ACCEPTED_STATUSES,
  REFUNDED_PAYMENT_STATUS,
  REPORT_LIMITS,
  reportPaymentMethodType,
  type Currency,
  type Language,
  type LocalizedText,
  type OrderingTemplate,
  type PaymentMethodType,
  type ReportFilter,
  type TicketStatus,
} from '@app/contracts';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import PgCursor from 'pg-cursor';
import { rowsOf, type Database, type Db, type Tx } from '../../db/client.ts';
import { isoUtcText } from '../../db/sql-text.ts';
import { branches } from '../identity/identity.table.ts';
import { deliveryZones } from '../outlet-settings/outlet-settings.table.ts';
import { branchOrder } from '../identity/branches.ts';

/** The filter as the repository takes it: validated, with its days resolved. */
export type ReportQuery = ReportFilter & { tenantId: string };

// The customer's number: the one of the order, or the one given at the table.
const PHONE = sql.raw(
  `coalesce(t.ticket_details ->> 'phoneNumber', t.ticket_details -> 'onPropertyInfo' ->> 'phoneNumber')`,
);
const AREA = `t.ticket_details -> 'serviceArea'`;
// "Table 12", or "12" when the area has no title: as the live orders list prints it.
const AREA_NAME = sql.raw(`case when jsonb_typeof(${AREA}) is distinct from 'object' then null
  when coalesce(${AREA} ->> 'title', '') = '' then ${AREA} ->> 'value'
  else (${AREA} ->> 'title') || ' ' || (${AREA} ->> 'value') end`);

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A span of `created_at`: from `from` (included) to `to` (excluded, none: no end). */
type Span = { from: SQL; to: SQL | null };

/** The filter's days in the user's zone: from the start of the first to the start of the day after the last. */
function daySpan(q: ReportQuery): Span {
  const tz = q.timezone;
  const start = q.startDate ?? REPORT_LIMITS.minDate;
  return {
    from: sql`(${start}::date)::timestamp at time zone ${tz}`,
    to: q.endDate ? sql`(${q.endDate}::date + 1)::timestamp at time zone ${tz}` : null,
  };
}

/** The filters on the columns the day totals keep too, as conditions on their columns. */
function columnConditions(
  q: ReportQuery,
  c: { status: SQL; template: SQL; payment: SQL; branch: SQL; zone: SQL },
): SQL[] {
  const parts: SQL[] = [];
  if (q.statuses.length > 0) {
    const statuses: TicketStatus[] = q.statuses.flatMap((s) =>
      s === 'UnVerified' ? [...NOT_ACCEPTED_STATUSES] : [s],
    );
    parts.push(sql`${c.status} in (${list(statuses)})`);
  }
  if (q.checkoutFlows.length > 0) parts.push(sql`${c.template} in (${list(q.checkoutFlows)})`);
  if (q.paymentMethods.length > 0)
    parts.push(sql`${c.payment} in (${list(q.paymentMethods.map(reportPaymentMethodType))})`);
  if (q.branchIds.length > 0) parts.push(sql`${c.branch} in (${list(q.branchIds)})`);
  if (q.deliveryZoneIds.length > 0) parts.push(sql`${c.zone} in (${list(q.deliveryZoneIds)})`);
  return parts;
}

/** The filter as SQL conditions on `tickets t`; each keeps the report's indexes usable. */
function conditions(q: ReportQuery, span: Span = daySpan(q)): SQL {
  const parts: SQL[] = [sql`t.tenant_id = ${q.tenantId}`, sql`t.ticket_type = 'cartticket'`];
  parts.push(sql`t.created_at >= ${span.from}`);
  if (span.to) parts.push(sql`t.created_at < ${span.to}`);
  if (q.ticketNumber) parts.push(sql`t.ticket_number = ${q.ticketNumber}::bigint`);
  if (q.phoneNumber) {
    // The end of the number: typed with or without its country code or a leading 0.
    const digits = q.phoneNumber.replace(/^\+/, '').replace(/^0+/, '');
    const reversed = [...digits].reverse().join('');
    parts.push(sql`reverse(${PHONE}) like ${`${reversed}%`}`);
  }
  parts.push(
    ...columnConditions(q, {
      status: sql`t.status`,
      template: sql`t.checkout_template`,
      payment: sql`coalesce(t.payment_method_type, 'CASH')`,
      branch: sql`t.branch_id`,
      zone: sql`t.delivery_zone_id`,
    }),
  );
  if (q.serviceArea) {
    const area = q.serviceArea.toLowerCase();
    parts.push(
      sql`(lower(${sql.raw(AREA)} ->> 'value') = ${area} or lower(${AREA_NAME}) = ${area})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** The day totals of whole UTC days from `firstDay` to before `lastDay` (none: no end). */
function dayTotalConditions(q: ReportQuery, firstDay: string, lastDay: string | null): SQL {
  const parts: SQL[] = [sql`r.tenant_id = ${q.tenantId}`, sql`r.day >= ${firstDay}::date`];
  if (lastDay) parts.push(sql`r.day < ${lastDay}::date`);
  parts.push(
    ...columnConditions(q, {
      status: sql`r.status`,
      template: sql`r.checkout_template`,
      payment: sql`r.payment_method`,
      branch: sql`r.branch_id`,
      zone: sql`r.delivery_zone_id`,
    }),
  );
  return sql.join(parts, sql` and `);
}

/** Whether the day totals can answer the filter: every part of it is one of their columns. */
export const byDayTotals = (q: ReportFilter) => !q.ticketNumber && !q.phoneNumber && !q.serviceArea;

type Bounds = {
  /** The span's ends as PostgreSQL writes a timestamptz; `hi` null without an end date. */
  lo: string;
  hi: string | null;
  /** The first whole UTC day in the span, and the day after the last (null: no end). */
  first_day: string;
  last_day: string | null;
  first_start: string;
  last_start: string | null;
};

/** The columns a report row and an exported row share. */
type TicketColumns = {
  ticket_number: string;
  status: TicketStatus;
  first_name: string | null;
  last_name: string | null;
  reservation_last_name: string | null;
  phone_number: string | null;
  payment_method: PaymentMethodType;
  type: OrderingTemplate;
  total: string;
  currency: Currency;
  branch_id: string;
  service_area: string | null;
};

export type ReportRowRecord = TicketColumns & {
  id: string;
  tenant_id: string;
  branch_name: LocalizedText;
  branch_time_zone: string;
  delivery_zone: LocalizedText | null;
  timestamp: string;
};

/** One exported row, names already in the export's language: the columns of `exportColumns`. */
export type ExportRow = [
  ticketNumber: string,
  status: TicketStatus,
  firstName: string | null,
  lastName: string | null,
  reservationLastName: string | null,
  phoneNumber: string | null,
  paymentMethod: PaymentMethodType,
  type: OrderingTemplate,
  total: string,
  currency: Currency,
  branchId: string,
  deliveryZone: string | null,
  serviceArea: string | null,
  /** Local date and time on the branch's clock as an Excel serial day number. */
  localSerial: number,
  /** A cancelled order whose online payment went back. */
  refunded: boolean,
];

/** The export's columns in the order of ExportRow. */
function exportColumns(q: ReportQuery, lang: Language, zones: BranchZone[]): SQL[] {
  // The zone as the ticket named it, in the export's language or its generic value.
  const zone = sql`case when jsonb_typeof(t.ticket_details -> 'deliveryZone') = 'object'
    then coalesce(nullif(t.ticket_details -> 'deliveryZone' ->> ${lang}::text, ''),
      t.ticket_details -> 'deliveryZone' ->> 'fieldValue') end`;
  const columns = [
    sql`t.ticket_number::text`,
    sql`t.status`,
    sql`t.ticket_details ->> 'firstName'`,
    sql`t.ticket_details ->> 'lastName'`,
    sql`t.ticket_details ->> 'reservationLastName'`,
    PHONE,
    sql`coalesce(t.payment_method_type, 'CASH')`,
    sql`t.checkout_template`,
    sql`t.total::text`,
    sql`t.currency`,
    sql`t.branch_id`,
    zone,
    AREA_NAME,
    // date_part answers a float8 (extract a numeric, slower per row).
    sql`date_part('epoch', t.created_at at time zone ${branchZone(q, zones)}) / 86400 + 25569`,
    REFUNDED,
  ];
  return columns.map((c, i) => sql`${c} as ${sql.raw(`c${i}`)}`);
}

/** A branch and the zone its clock keeps. */
export type BranchZone = { id: string; timeZone: string };

/** Each ticket's branch's zone, from the tenant's few branches (the filter's for any other). */
function branchZone(q: ReportQuery, zones: BranchZone[]): SQL {
  if (zones.length === 0) return sql`${q.timezone}`;
  const cases = zones.map((z) => sql`when ${z.id}::uuid then ${z.timeZone}`);
  return sql`(case t.branch_id ${sql.join(cases, sql` `)} else ${q.timezone} end)`;
}

/**
 * Takes one exported row as it is read; answers a promise when the reading must wait for the
 * writer (backpressure), nothing to go on. Throwing stops the reading.
 */
export type ExportSink = (row: ExportRow) => Promise<void> | undefined;

/** Rows the embedded database reads per query while exporting (no network to hide). */
export const EXPORT_BATCH = 500;

type Cursor = { at: string; ticketNumber: string };

/**
 * Rows a cursor fetches per round trip while exporting from PostgreSQL (250, two batches held:
 * time 1.4× and retained memory 1.1× the writer alone in the bench; one batch of 1,000 gave
 * 1.37× memory).
 */
const CURSOR_BATCH = 250;

/**
 * One statement read through a cursor (pg-cursor), `CURSOR_BATCH` rows at a time, each batch
 * handed to `sink` row by row while the next one is read: the writer's backpressure holds
 * the reading, and no more than two batches are held. In a read-only transaction on a
 * connection of its own; a reading stopped half-way drops that connection, which ends the
 * statement.
 */
async function streamRows<T>(
  pool: pg.Pool,
  query: { sql: string; params: unknown[] },
  sink: (row: T) => Promise<void> | undefined,
): Promise<void> {
  const client = await pool.connect();
  let clean = false;
  try {
    await client.query('begin read only');
    const cursor = client.query(new PgCursor<T>(query.sql, query.params, { rowMode: 'array' }));
    const read = () => {
      const next = cursor.read(CURSOR_BATCH);
      // A reading stopped by the sink leaves this read to fail with the dropped connection.
      next.catch(() => undefined);
      return next;
    };
    let next = read();
    for (;;) {
      const rows = await next;
      const last = rows.length < CURSOR_BATCH;
      // The next batch travels while this one is written: at most two batches are held.
      if (!last) next = read();
      for (const row of rows) {
        const wait = sink(row);
        if (wait) await wait;
      }
      if (last) break;
    }
    await cursor.close();
    await client.query('commit');
    clean = true;
  } finally {
    client.release(clean ? undefined : true);
  }
}

/** Tickets of one currency and status, counted and added up. */
export type StatusSum = { currency: Currency; status: TicketStatus; count: string; total: string };

/** A cancelled order whose online payment went back (the same test as its partial index). */
const REFUNDED = sql.raw(
  `t.ticket_details -> 'paymentDetails' ->> 'paymentStatus' = '${REFUNDED_PAYMENT_STATUS}'`,
);

/**
 * The filter's tickets per currency and status: from the day totals where the filter is on
 * their columns (whole UTC days from them, the partial days at the span's edges from the
 * tickets), else from the tickets.
 */
async function statusSums(q: Db | Tx, r: ReportQuery, dayTotals: boolean): Promise<StatusSum[]> {
  if (!dayTotals) {
    const result = await q.execute(sql`
      select t.currency, t.status, count(*)::text as count, sum(t.total)::text as total
      from tickets t
      where ${conditions(r)}
      group by t.currency, t.status
      order by t.currency, t.status
    `);
    return rowsOf(result);
  }
  const span = daySpan(r);
  const [b] = rowsOf<Bounds>(
    await q.execute(sql`
      select lo::text, hi::text, first_day::text, last_day::text,
        (first_day::timestamp at time zone 'UTC')::text as first_start,
        (last_day::timestamp at time zone 'UTC')::text as last_start
      from (
        select lo, hi,
          ((lo at time zone 'UTC') + interval '1 day' - interval '1 microsecond')::date as first_day,
          (hi at time zone 'UTC')::date as last_day
        from (select ${span.from} as lo, ${span.to ?? sql`null::timestamptz`} as hi) s
      ) d
    `),
  );
  const at = (v: string) => sql`${v}::timestamptz`;
  const ticketsIn = (s: Span) =>
    sql`select t.currency, t.status, 1::bigint as n, t.total as amount from tickets t
      where ${conditions(r, s)}`;
  const parts: SQL[] = [];
  if (b!.last_day === null || b!.first_day < b!.last_day) {
    parts.push(
      sql`select r.currency, r.status, r.ticket_count as n, r.total as amount
        from report_day_totals r
        where ${dayTotalConditions(r, b!.first_day, b!.last_day)}`,
      ticketsIn({ from: at(b!.lo), to: at(b!.first_start) }),
    );
    if (b!.hi && b!.last_start) parts.push(ticketsIn({ from: at(b!.last_start), to: at(b!.hi) }));
  } else {
    parts.push(ticketsIn({ from: at(b!.lo), to: b!.hi ? at(b!.hi) : null }));
  }
  const result = await q.execute(sql`
    select x.currency, x.status, sum(x.n)::text as count, sum(x.amount)::text as total
    from (${sql.join(parts, sql` union all `)}) x
    group by x.currency, x.status
    having sum(x.n) > 0
    order by x.currency, x.status
  `);
  return rowsOf(result);
}

/** The orders report's reads: cart tickets of one tenant, always by tenant first. */
export function createReportsRepository(
  db: Db,
  raw?: Database['raw'],
  /** Rows per keyset batch on the embedded database; tests take a few. */
  exportBatch = EXPORT_BATCH,
) {
  const dialect = new PgDialect();
  return {
    async page(q: ReportQuery, page: number, pageSize: number): Promise<ReportRowRecord[]> {
      const result = await db.execute(sql`
        select t.id, t.tenant_id, t.ticket_number::text as ticket_number, t.status,
          t.ticket_details ->> 'firstName' as first_name,
          t.ticket_details ->> 'lastName' as last_name,
          t.ticket_details ->> 'reservationLastName' as reservation_last_name,
          ${PHONE} as phone_number,
          coalesce(t.payment_method_type, 'CASH') as payment_method,
          t.checkout_template as type, t.total::text as total, t.currency,
          t.branch_id, b.name as branch_name, b.time_zone as branch_time_zone,
          case when jsonb_typeof(t.ticket_details -> 'deliveryZone') = 'object'
            then t.ticket_details -> 'deliveryZone' end as delivery_zone,
          ${AREA_NAME} as service_area,
          ${isoUtcText(sql`t.created_at`)} as timestamp
        from tickets t
        join branches b on b.id = t.branch_id
        where ${conditions(q)}
        order by t.created_at desc, t.ticket_number desc
        limit ${pageSize} offset ${page * pageSize}
      `);
      return rowsOf<ReportRowRecord>(result);
    },

    /**
     * The footer of the whole filter per currency and status. Filters on the day totals'
     * columns add up the whole UTC days inside the span from them and the tickets of the
     * partial days at its edges; the others (number, phone, table) add up the tickets. The
     * refunded orders (few, under a partial index) are added up from the tickets. One
     * transaction, one snapshot.
     */
    async totals(
      q: ReportQuery,
      opts: { dayTotals?: boolean } = {},
    ): Promise<{
      byStatus: StatusSum[];
      refunded: { currency: Currency; count: string; total: string }[];
    }> {
      return db.transaction(
        async (tx) => {
          const byStatus = await statusSums(tx, q, opts.dayTotals !== false && byDayTotals(q));
          const refunded = rowsOf<{ currency: Currency; count: string; total: string }>(
            await tx.execute(sql`
              select t.currency, count(*)::text as count, sum(t.total)::text as total
              from tickets t
              where ${conditions(q)} and ${REFUNDED}
              group by t.currency
              order by t.currency
            `),
          );
          return { byStatus, refunded };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * The filter's rows for the export, newest first, each handed to `sink` as it is read:
     * one streamed statement on PostgreSQL; on the embedded database, keyset batches, each
     * asked for while the one before is written.
     */
    async exportRows(
      q: ReportQuery,
      lang: Language,
      zones: BranchZone[],
      sink: ExportSink,
    ): Promise<void> {
      const columns = sql.join(exportColumns(q, lang, zones), sql`, `);
      const order = sql`order by t.created_at desc, t.ticket_number desc`;
      if (raw?.kind === 'postgres') {
        const query = dialect.sqlToQuery(
          sql`select ${columns} from tickets t where ${conditions(q)} ${order}`,
        );
        return streamRows<ExportRow>(raw.pool, query, sink);
      }
      const batch = async (after: Cursor | null) => {
        const keyset = after
          ? sql` and (t.created_at, t.ticket_number) < (${after.at}::timestamptz, ${after.ticketNumber}::bigint)`
          : sql``;
        const result = await db.execute(sql`
          select ${columns}, t.created_at::text as at
          from tickets t
          where ${conditions(q)}${keyset}
          ${order}
          limit ${exportBatch}
        `);
        return rowsOf<Record<string, unknown>>(result);
      };
      let rows = await batch(null);
      while (rows.length > 0) {
        const last = rows[rows.length - 1]!;
        const next =
          rows.length === exportBatch
            ? batch({ at: last.at as string, ticketNumber: last.c0 as string })
            : Promise.resolve([]);
        next.catch(() => undefined);
        for (const r of rows) {
          // The columns in their order, the cursor's time left out.
          const wait = sink(Object.values(r).slice(0, -1) as ExportRow);
          if (wait) await wait;
        }
        rows = await next;
      }
    },

    async branchNames(
      tenantId: string,
    ): Promise<{ id: string; name: LocalizedText; timeZone: string }[]> {
      return db
        .select({ id: branches.id, name: branches.name, timeZone: branches.timeZone })
        .from(branches)
        .where(eq(branches.tenantId, tenantId))
        .orderBy(...branchOrder());
    },

    async zones(tenantId: string): Promise<{ id: string; localizedTitle: LocalizedText }[]> {
      const rows = await db
        .select({ id: deliveryZones.id, title: deliveryZones.title })
        .from(deliveryZones)
        .where(eq(deliveryZones.tenantId, tenantId))
        .orderBy(sql`${deliveryZones.title} ->> 'fieldValue'`, asc(deliveryZones.id));
      return rows.map((r) => ({ id: r.id, localizedTitle: r.title }));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
