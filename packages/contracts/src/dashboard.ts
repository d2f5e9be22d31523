import { z } from 'zod';
import { Currency, LocalizedText, TenantParams, Uuid } from './common.ts';
import { routesOf, TENANT_PATH } from './http.ts';
import { Amount, OrderingTemplate, TicketStatus } from './tickets.ts';
import { ORDER_BUCKET_STATUSES } from './rules/order-buckets.ts';

/**
 * The owner's main dashboard (operations-platform §2.1 dashboard/main-dashboard, §6
 * MainDashboard; its content is not shown in the spec): today's and this week's orders, sales,
 * average ticket, top items, orders by hour, by checkout template and by branch, from SQL
 * aggregates over the tenant's cart tickets in one time zone.
 */
export const DASHBOARD_LIMITS = {
  /** How many items the top items list names. */
  topItems: 5,
} as const;

/** The tickets that count as orders and sales (order-buckets.ts, the report's too). */
export const DASHBOARD_COUNTED_STATUSES = ORDER_BUCKET_STATUSES.sales;

/** Weeks start on Sunday, as the spec's days do (0–6 from Sunday, §9). */
export const DASHBOARD_WEEK_START_DAY = 0;

export const DashboardQuery = z.object({
  /** One branch; every branch of the tenant when absent. */
  branchId: Uuid.optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

const Count = z.number().int().min(0);

export const DashboardFigures = z.object({
  /** Counted tickets (accepted, not cancelled) placed in the period. */
  orders: Count,
  /** Their totals added up, in the dashboard's currency. */
  sales: Amount,
  /** sales ÷ orders, rounded to the currency's minor unit; 0 without orders. */
  averageTicket: Amount,
  /** Placed in the period and not accepted yet (UnVerified, New). */
  awaitingAcceptance: Count,
  /** Placed in the period and rejected or cancelled. */
  cancelled: Count,
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

const Sales = { orders: Count, sales: Amount };

export const DashboardPeriod = z.object({
  /** First and last local day of the period (YYYY-MM-DD), both included. */
  startDate: z.string(),
  endDate: z.string(),
  figures: DashboardFigures,
  /** Every day of the period in order, with no gap (days after today are left out). */
  byDay: z.array(z.object({ date: z.string(), ...Sales })),
  /** Hours 0 to 23 of the local clock, all 24, summed over the period's days. */
  byHour: z.array(z.object({ hour: z.number().int().min(0).max(23), ...Sales })),
  /** Every orderable template (DELIVERY, PICKUP, DINING), zeros included. */
  byTemplate: z.array(z.object({ checkoutTemplate: OrderingTemplate, ...Sales })),
  /** Every branch in the dashboard's scope, in the tenant's order, zeros included. */
  byBranch: z.array(z.object({ branchId: Uuid, branchName: LocalizedText, ...Sales })),
  /** The most ordered items by quantity (then sales), at most DASHBOARD_LIMITS.topItems. */
  topItems: z.array(
    z.object({
      itemId: Uuid,
      /** The title as the newest counted ticket of the period named it. */
      localizedTitle: LocalizedText,
      quantity: Count,
      /** The lines' totals (menu prices with modifiers, before discounts and fees). */
      sales: Amount,
    }),
  ),
});
export type DashboardPeriod = z.infer<typeof DashboardPeriod>;

export const DashboardSummary = z.object({
  /** The IANA zone whose days and hours these are: the branch's, or the tenant's first branch's. */
  timeZone: z.string(),
  /** Sales are of tickets in this currency, the tenant's (others are not added in). */
  currency: Currency,
  branchId: Uuid.nullable(),
  /** The statuses counted as orders (DASHBOARD_COUNTED_STATUSES). */
  countedStatuses: z.array(TicketStatus),
  /** When the figures were read (ISO 8601, UTC). */
  generatedAt: z.string(),
  today: DashboardPeriod,
  /** From the week's Sunday through today. */
  week: DashboardPeriod,
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/**
 * A new outlet's setup, in the order it is best done (issue 33): each step ticked from the
 * tenant's real data, shown on the dashboard until every step that applies is done.
 * - menu: an item in the catalogue;
 * - hours: opening hours saved for a branch (without any, a branch is open around the clock);
 * - paymentMethods: a branch's payment methods saved (the defaults reviewed);
 * - deliveryZones: a delivery zone switched on for a branch (only when a branch delivers);
 * - tables: a table or service area (only when a branch serves dine-in);
 * - storefrontLink: a link to the storefront made (delivery/pickup QR, for a site or a flyer);
 * - testOrder: an order placed through the storefront.
 */
export const SETUP_STEPS = [
  'menu',
  'hours',
  'paymentMethods',
  'deliveryZones',
  'tables',
  'storefrontLink',
  'testOrder',
] as const;
export const SetupStep = z.enum(SETUP_STEPS);
export type SetupStep = z.infer<typeof SetupStep>;

export const SetupChecklist = z.object({
  /** The steps that apply to the tenant, in SETUP_STEPS order. */
  steps: z.array(z.object({ step: SetupStep, done: z.boolean() })),
  /** The branch whose settings the steps open: the tenant's first (null without a branch). */
  branchId: Uuid.nullable(),
});
export type SetupChecklist = z.infer<typeof SetupChecklist>;

const route = routesOf('dashboard');

/** The dashboard's one read; the spec names no call for it (its content is not shown). */
export const dashboardRoutes = {
  summary: route({
    method: 'GET',
    path: `${TENANT_PATH}/dashboard/summary`,
    access: { permission: 'MainDashboard' },
    summary: "Today's and this week's orders, sales and breakdowns, for one branch or all",
    description: [
      'Orders are cart tickets in InProgress or Completed (accepted, not cancelled) placed in',
      'the period, as the orders report finds them with those statuses, the same days, time',
      'zone and branch. Days and hours are those of `timeZone`: the branch’s, or for every',
      'branch the zone of the tenant’s first branch. Weeks start on Sunday. 404 for a branch',
      'of another tenant.',
    ].join('\n'),
    params: TenantParams,
    query: DashboardQuery,
    results: DashboardSummary,
  }),
  setup: route({
    method: 'GET',
    path: `${TENANT_PATH}/dashboard/setup`,
    access: { permission: 'MainDashboard' },
    summary: "The new outlet's setup checklist, each step ticked from the tenant's data",
    description: [
      'Steps in SETUP_STEPS order; deliveryZones only when a branch offers delivery, tables only',
      'when a branch offers dine-in. Each is done from what is stored (an item, saved opening',
      'hours, saved payment methods, a zone switched on, a table, a storefront link, an order).',
    ].join('\n'),
    params: TenantParams,
    results: SetupChecklist,
  }),
};
