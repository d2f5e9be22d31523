import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  NOT_ACCEPTED_STATUSES,
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
import type { Db } from '../../db/client.ts';
import { branches } from '../identity/identity.table.ts';
import { deliveryZones } from '../outlet-settings/outlet-settings.table.ts';

/** The filter as the repository takes it: validated, with its days resolved. */
export type ReportQuery = ReportFilter & { tenantId: string };

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

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

/** The filter as SQL conditions on `tickets t`; each keeps the report's indexes usable. */
function conditions(q: ReportQuery): SQL {
  const tz = q.timezone;
  const parts: SQL[] = [sql`t.tenant_id = ${q.tenantId}`, sql`t.ticket_type = 'cartticket'`];
  // Days of the user's zone: from the start of the first to the start of the day after the last.
  const start = q.startDate ?? REPORT_LIMITS.minDate;
  parts.push(sql`t.created_at >= (${start}::date)::timestamp at time zone ${tz}`);
  if (q.endDate)
    parts.push(sql`t.created_at < (${q.endDate}::date + 1)::timestamp at time zone ${tz}`);
  if (q.ticketNumber) parts.push(sql`t.ticket_number = ${q.ticketNumber}::bigint`);
  if (q.phoneNumber) {
    // The end of the number: typed with or without its country code or a leading 0.
    const digits = q.phoneNumber.replace(/^\+/, '').replace(/^0+/, '');
    const reversed = [...digits].reverse().join('');
    parts.push(sql`reverse(${PHONE}) like ${`${reversed}%`}`);
  }
  if (q.statuses.length > 0) {
    const statuses: TicketStatus[] = q.statuses.flatMap((s) =>
      s === 'UnVerified' ? [...NOT_ACCEPTED_STATUSES] : [s],
    );
    parts.push(sql`t.status in (${list(statuses)})`);
  }
  if (q.checkoutFlows.length > 0)
    parts.push(sql`t.checkout_template in (${list(q.checkoutFlows)})`);
  if (q.paymentMethods.length > 0) {
    const methods = q.paymentMethods.map(reportPaymentMethodType);
    parts.push(sql`coalesce(t.payment_method_type, 'CASH') in (${list(methods)})`);
  }
  if (q.branchIds.length > 0) parts.push(sql`t.branch_id in (${list(q.branchIds)})`);
  if (q.deliveryZoneIds.length > 0)
    parts.push(sql`t.delivery_zone_id in (${list(q.deliveryZoneIds)})`);
  if (q.serviceArea) {
    const area = q.serviceArea.toLowerCase();
    parts.push(
      sql`(lower(${sql.raw(AREA)} ->> 'value') = ${area} or lower(${AREA_NAME}) = ${area})`,
    );
  }
  return sql.join(parts, sql` and `);
}

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
  delivery_zone: LocalizedText | null;
  timestamp: string;
};

/** One exported row: plain texts and numbers, names already in the export's language. */
export type ExportRowRecord = TicketColumns & {
  delivery_zone: string | null;
  /** Local date and time in the filter's zone as an Excel serial day number. */
  local_serial: number;
  /** The keyset of the next batch: created_at at full precision, and the number. */
  created_key: string;
};

export type ExportCursor = { createdKey: string; ticketNumber: string };

/** The orders report's reads: cart tickets of one tenant, always by tenant first. */
export function createReportsRepository(db: Db) {
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
          t.branch_id, b.name as branch_name,
          case when jsonb_typeof(t.ticket_details -> 'deliveryZone') = 'object'
            then t.ticket_details -> 'deliveryZone' end as delivery_zone,
          ${AREA_NAME} as service_area,
          to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as timestamp
        from tickets t
        join branches b on b.id = t.branch_id
        where ${conditions(q)}
        order by t.created_at desc, t.ticket_number desc
        limit ${pageSize} offset ${page * pageSize}
      `);
      return rowsOf<ReportRowRecord>(result);
    },

    async totals(q: ReportQuery): Promise<{ currency: Currency; count: string; total: string }[]> {
      const result = await db.execute(sql`
        select t.currency, count(*)::text as count, sum(t.total)::text as total
        from tickets t
        where ${conditions(q)}
        group by t.currency
        order by t.currency
      `);
      return rowsOf(result);
    },

    /** The next batch of the export after `cursor`, newest first. */
    async exportBatch(
      q: ReportQuery,
      lang: Language,
      cursor: ExportCursor | null,
      limit: number,
    ): Promise<ExportRowRecord[]> {
      const after = cursor
        ? sql` and (t.created_at, t.ticket_number) < (${cursor.createdKey}::timestamptz, ${cursor.ticketNumber}::bigint)`
        : sql``;
      // The zone as the ticket named it, in the export's language or its generic value.
      const zone = sql`case when jsonb_typeof(t.ticket_details -> 'deliveryZone') = 'object'
        then coalesce(nullif(t.ticket_details -> 'deliveryZone' ->> ${lang}::text, ''),
          t.ticket_details -> 'deliveryZone' ->> 'fieldValue') end`;
      const result = await db.execute(sql`
        select t.ticket_number::text as ticket_number, t.status,
          t.ticket_details ->> 'firstName' as first_name,
          t.ticket_details ->> 'lastName' as last_name,
          t.ticket_details ->> 'reservationLastName' as reservation_last_name,
          ${PHONE} as phone_number,
          coalesce(t.payment_method_type, 'CASH') as payment_method,
          t.checkout_template as type, t.total::text as total, t.currency, t.branch_id,
          ${zone} as delivery_zone,
          ${AREA_NAME} as service_area,
          extract(epoch from t.created_at at time zone ${q.timezone})::float8 / 86400 + 25569 as local_serial,
          t.created_at::text as created_key
        from tickets t
        where ${conditions(q)}${after}
        order by t.created_at desc, t.ticket_number desc
        limit ${limit}
      `);
      return rowsOf<ExportRowRecord>(result);
    },

    async branchNames(tenantId: string): Promise<{ id: string; name: LocalizedText }[]> {
      return db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(eq(branches.tenantId, tenantId))
        .orderBy(asc(branches.position), asc(branches.createdAt));
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
