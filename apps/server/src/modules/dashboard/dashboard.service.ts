import {
  Currency,
  DASHBOARD_COUNTED_STATUSES,
  ORDER_BUCKET_STATUSES,
  DASHBOARD_LIMITS,
  DASHBOARD_WEEK_START_DAY,
  OrderingTemplate,
  fromMilli,
  roundedShare,
  toMilli,
  type DashboardPeriod,
  type DashboardQuery,
  type DashboardSummary,
  type SetupChecklist,
  type SetupStep,
  type LocalizedText,
  type TicketStatus,
  branchLocalTime,
  minorUnit,
} from '@app/contracts';
import { NotFound } from '../../errors.ts';
import type {
  DashboardGroup,
  DashboardRepository,
  DashboardScope,
  TopItemRow,
} from './dashboard.repository.ts';

const COUNTED: readonly TicketStatus[] = DASHBOARD_COUNTED_STATUSES;
const AWAITING: readonly TicketStatus[] = ORDER_BUCKET_STATUSES.awaiting;

/** A calendar day `days` after `date` (YYYY-MM-DD); negative goes back. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The days from `start` to `end`, both included. */
function daysFrom(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

type Branch = { id: string; name: LocalizedText };

const amount = (milli: bigint) => Number(fromMilli(milli));

/** Orders and sales of some groups, exactly (milli units, BigInt). */
function tally(groups: readonly DashboardGroup[]) {
  let orders = 0;
  let sales = 0n;
  for (const g of groups) {
    orders += g.count;
    sales += toMilli(g.total);
  }
  return { orders, sales };
}

const sumOf = (groups: readonly DashboardGroup[]) => {
  const t = tally(groups);
  return { orders: t.orders, sales: amount(t.sales) };
};

/** One period's figures and breakdowns from the groups of its days. */
function periodOf(
  groups: readonly DashboardGroup[],
  startDate: string,
  endDate: string,
  branches: readonly Branch[],
  top: readonly TopItemRow[],
  currency: Currency,
): DashboardPeriod {
  const counted = groups.filter((g) => COUNTED.includes(g.status));
  const total = tally(counted);
  const unit = minorUnit(currency);
  const average = total.orders > 0 ? roundedShare(total.sales, 1n, BigInt(total.orders), unit) : 0n;
  const count = (statuses: readonly TicketStatus[]) =>
    groups.filter((g) => statuses.includes(g.status)).reduce((n, g) => n + g.count, 0);
  return {
    startDate,
    endDate,
    figures: {
      orders: total.orders,
      sales: amount(total.sales),
      averageTicket: amount(average),
      awaitingAcceptance: count(AWAITING),
      cancelled: count(['Cancelled']),
    },
    byDay: daysFrom(startDate, endDate).map((date) => ({
      date,
      ...sumOf(counted.filter((g) => g.day === date)),
    })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      ...sumOf(counted.filter((g) => g.hour === hour)),
    })),
    byTemplate: OrderingTemplate.options.map((checkoutTemplate) => ({
      checkoutTemplate,
      ...sumOf(counted.filter((g) => g.checkout_template === checkoutTemplate)),
    })),
    byBranch: branches.map((b) => ({
      branchId: b.id,
      branchName: b.name,
      ...sumOf(counted.filter((g) => g.branch_id === b.id)),
    })),
    topItems: top.map((r) => ({
      itemId: r.item_id,
      localizedTitle: r.title,
      quantity: r.quantity,
      sales: amount(toMilli(r.sales)),
    })),
  };
}

/**
 * The owner's dashboard: today and this week (from Sunday) in the time zone of the branch, or
 * of the tenant's first branch for all of them. Counted orders are the orders report's cart
 * tickets in InProgress or Completed for the same days, zone and branch.
 */
export function createDashboardService(deps: {
  repository: DashboardRepository;
  clock: () => Date;
}) {
  const { repository, clock } = deps;
  return {
    async summary(tenantId: string, query: DashboardQuery): Promise<DashboardSummary> {
      const [tenant, all] = await Promise.all([
        repository.tenant(tenantId),
        repository.branches(tenantId),
      ]);
      if (!tenant) throw new NotFound('Tenant');
      const branchId = query.branchId ?? null;
      const scoped = branchId ? all.filter((b) => b.id === branchId) : all;
      if (branchId && scoped.length === 0) throw new NotFound('Branch');
      const timeZone = scoped[0]?.timeZone ?? 'UTC';
      const currency = Currency.catch('JOD').parse(tenant.currency);

      const now = clock();
      const local = branchLocalTime(now, timeZone);
      const today = local.dateTime.slice(0, 10);
      const weekStart = addDays(today, -((local.day - DASHBOARD_WEEK_START_DAY + 7) % 7));
      const base = { tenantId, branchId, currency, timeZone };
      const week: DashboardScope = { ...base, startDate: weekStart, endDate: today };
      const day: DashboardScope = { ...base, startDate: today, endDate: today };
      const [groups, topToday, topWeek] = await Promise.all([
        repository.groups(week),
        repository.topItems(day, DASHBOARD_LIMITS.topItems),
        repository.topItems(week, DASHBOARD_LIMITS.topItems),
      ]);
      return {
        timeZone,
        currency,
        branchId,
        countedStatuses: [...COUNTED],
        generatedAt: now.toISOString(),
        today: periodOf(
          groups.filter((g) => g.day === today),
          today,
          today,
          scoped,
          topToday,
          currency,
        ),
        week: periodOf(groups, weekStart, today, scoped, topWeek, currency),
      };
    },

    /** The setup checklist: the steps that apply, each done from the stored data. */
    async setup(tenantId: string): Promise<SetupChecklist> {
      const [facts, branches] = await Promise.all([
        repository.setupFacts(tenantId),
        repository.branches(tenantId),
      ]);
      const steps: { step: SetupStep; done: boolean; applies?: boolean }[] = [
        { step: 'menu', done: facts.menu },
        { step: 'hours', done: facts.hours },
        { step: 'paymentMethods', done: facts.payment_methods },
        { step: 'deliveryZones', done: facts.delivery_zones, applies: facts.delivers },
        { step: 'tables', done: facts.tables, applies: facts.dines },
        { step: 'storefrontLink', done: facts.storefront_link },
        { step: 'testOrder', done: facts.test_order },
      ];
      return {
        steps: steps.filter((s) => s.applies !== false).map(({ step, done }) => ({ step, done })),
        branchId: branches[0]?.id ?? null,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
