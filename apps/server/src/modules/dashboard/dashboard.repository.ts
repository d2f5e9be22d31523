import { eq, sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_COUNTED_STATUSES,
  type Currency,
  type LocalizedText,
  type OrderingTemplate,
  type TicketStatus,
} from '@app/contracts';
import { rowsOf, type Db } from '../../db/client.ts';
import { branches, tenants } from '../identity/identity.table.ts';
import { branchOrder } from '../identity/branches.ts';

/** Which tickets, over which local days: always one tenant first, then its time range. */
export type DashboardScope = {
  tenantId: string;
  branchId: string | null;
  currency: Currency;
  timeZone: string;
  /** First and last local day (YYYY-MM-DD), both included. */
  startDate: string;
  endDate: string;
};

/** One group of the period's tickets: a local day and hour, a branch, a template, a status. */
export type DashboardGroup = {
  day: string;
  hour: number;
  branch_id: string;
  checkout_template: OrderingTemplate;
  status: TicketStatus;
  count: number;
  total: string;
};

export type TopItemRow = {
  item_id: string;
  title: LocalizedText;
  quantity: number;
  sales: string;
};

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The orders report's own conditions (reports.repository.ts): cart tickets of the tenant from
 * the start of the first local day to the start of the day after the last, in one currency.
 */
function conditions(s: DashboardScope): SQL {
  const parts: SQL[] = [
    sql`t.tenant_id = ${s.tenantId}`,
    sql`t.ticket_type = 'cartticket'`,
    sql`t.created_at >= (${s.startDate}::date)::timestamp at time zone ${s.timeZone}`,
    sql`t.created_at < (${s.endDate}::date + 1)::timestamp at time zone ${s.timeZone}`,
    sql`t.currency = ${s.currency}`,
  ];
  if (s.branchId) parts.push(sql`t.branch_id = ${s.branchId}`);
  return sql.join(parts, sql` and `);
}

/** The dashboard's reads: SQL aggregates over the tenant's tickets, by tenant first. */
export function createDashboardRepository(db: Db) {
  return {
    async tenant(tenantId: string) {
      const [row] = await db
        .select({ currency: tenants.defaultCurrency })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .limit(1);
      return row;
    },

    /** The tenant's branches in its own order, with their time zones. */
    async branches(tenantId: string) {
      return db
        .select({ id: branches.id, name: branches.name, timeZone: branches.timeZone })
        .from(branches)
        .where(eq(branches.tenantId, tenantId))
        .orderBy(...branchOrder());
    },

    /**
     * One grouped scan of the period: tickets counted and added up per local day, local hour,
     * branch, template and status. Every figure and breakdown is a sum of these groups.
     */
    async groups(s: DashboardScope): Promise<DashboardGroup[]> {
      const result = await db.execute(sql`
        select to_char(local_at, 'YYYY-MM-DD') as day,
          extract(hour from local_at)::int as hour,
          branch_id, checkout_template, status,
          count(*)::int as count, sum(total)::text as total
        from (
          select t.branch_id, t.checkout_template, t.status, t.total,
            t.created_at at time zone ${s.timeZone} as local_at
          from tickets t
          where ${conditions(s)}
        ) counted
        group by 1, 2, 3, 4, 5
      `);
      return rowsOf<DashboardGroup>(result);
    },

    /** The most ordered items of the counted tickets, from the lines of their carts. */
    async topItems(s: DashboardScope, limit: number): Promise<TopItemRow[]> {
      const result = await db.execute(sql`
        select line ->> 'itemId' as item_id,
          (array_agg(line -> 'localizedTitle' order by t.created_at desc))[1] as title,
          sum((line ->> 'quantity')::int)::int as quantity,
          sum((line ->> 'total')::numeric)::text as sales
        from tickets t
        cross join lateral jsonb_array_elements(t.cart_data -> 'cartItems') as line
        where ${conditions(s)} and t.status in (${list(DASHBOARD_COUNTED_STATUSES)})
        group by 1
        order by quantity desc, sum((line ->> 'total')::numeric) desc, 1
        limit ${limit}
      `);
      return rowsOf<TopItemRow>(result);
    },

    /** What the setup checklist ticks: whether the tenant has stored each thing yet. */
    async setupFacts(tenantId: string): Promise<SetupFacts> {
      const result = await db.execute(sql`
        select
          exists(select 1 from catalog_items where tenant_id = ${tenantId}) as menu,
          exists(select 1 from branch_opening_hours where tenant_id = ${tenantId}) as hours,
          exists(select 1 from branch_payment_methods where tenant_id = ${tenantId})
            as payment_methods,
          exists(select 1 from branch_delivery_zones where tenant_id = ${tenantId} and active)
            as delivery_zones,
          exists(select 1 from service_areas where tenant_id = ${tenantId}) as tables,
          exists(select 1 from unique_links where tenant_id = ${tenantId}) as storefront_link,
          exists(
            select 1 from tickets where tenant_id = ${tenantId} and ticket_type = 'cartticket'
          ) as test_order,
          exists(
            select 1 from branches
            where tenant_id = ${tenantId} and 'DELIVERY' = any(checkout_templates)
          ) as delivers,
          exists(
            select 1 from branches
            where tenant_id = ${tenantId} and 'DINING' = any(checkout_templates)
          ) as dines
      `);
      return rowsOf<SetupFacts>(result)[0]!;
    },
  };
}

export type SetupFacts = {
  menu: boolean;
  hours: boolean;
  payment_methods: boolean;
  delivery_zones: boolean;
  tables: boolean;
  storefront_link: boolean;
  test_order: boolean;
  /** A branch offers delivery: zones apply. */
  delivers: boolean;
  /** A branch offers dine-in: tables apply. */
  dines: boolean;
};

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
