// `npm run day`: a restaurant's busiest day, simulated end to end (issue 35). Customers order on
// the storefront's calls at lunch and dinner peaks, staff watch and act in Chromium tabs on Live
// orders and ask drivers for deliveries, a server copy and PostgreSQL are restarted mid-peak, a
// tablet drops off Wi-Fi, the dispatch provider fails a request, the gateway answers refunds
// late; then the simulator's ledger is checked against the product's books and the providers'. Prints one line and writes reports/day-<time>/index.html; exit 1 when anything is
// lost, duplicated, unseen or out of balance.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  dashboardRoutes,
  discountsRoutes,
  fillRoutePath,
  outletSettingsRoutes,
  reportsRoutes,
  tableBillsRoutes,
  type CartTicketsReportResponse,
  type DashboardSummary,
  type ReportPaymentMethod,
  type TableBillTransactionsResponse,
} from '@app/contracts';
import {
  balance,
  delta,
  exportRows,
  minor,
  seenOnScreens,
  type Buckets,
  type GatewayPayment,
  type ProductFigures,
  type Stored,
} from './books.ts';
import { accessToken } from '../../../tools/e2e/auth.ts';
import { arrivals, Customers, type Answer } from './customers.ts';
import { randomSource } from './random.ts';
import { dayLine, percentileOf, reportHtml, type Fault } from './report.ts';
import { Staff } from './staff.ts';
import { root, sleep, startWorld } from './world.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '2000' },
    minutes: { type: 'string', default: '10' },
    copies: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
    tabs: { type: 'string', default: '2' },
    out: { type: 'string', default: path.join(root, 'reports') },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(
    'npm run day -- [--orders 2000] [--minutes 10] [--copies 2] [--seed 1] [--tabs 2 (per branch)] [--out reports]',
  );
  process.exit(0);
}
const ORDERS = Number(values.orders);
const MINUTES = Number(values.minutes);
const COPIES = Number(values.copies);
const SEED = Number(values.seed);
const TABS = Number(values.tabs);
if (!Number.isInteger(ORDERS) || ORDERS < 1 || ORDERS > 100_000)
  throw new Error('--orders: 1 to 100000');
if (!(MINUTES > 0 && MINUTES <= 24 * 60)) throw new Error('--minutes: above 0, at most 1440');
if (!Number.isInteger(COPIES) || COPIES < 1 || COPIES > 8) throw new Error('--copies: 1 to 8');
if (!Number.isInteger(TABS) || TABS < 1 || TABS > 4) throw new Error('--tabs: 1 to 4 per branch');

const DAY_MS = MINUTES * 60_000;
const started = Date.now();
const since = () => Date.now() - started;
const log = (s: string) => process.stdout.write(`${s}\n`);

/** The product's own reading of the day: the report, the dashboard, the code's uses. */
async function productFigures(
  base: string,
  token: () => Promise<string>,
  tenantId: string,
  discountIds: { promo: string; automatic: string },
): Promise<ProductFigures & { timeZone: string; today: string }> {
  const headers = async () => ({
    authorization: `Bearer ${await token()}`,
    'content-type': 'application/json',
  });
  const get = async <T>(url: string): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${base}${url}`, { headers: await headers() }).catch(() => null);
      if (res?.ok) return (await res.json()) as T;
      if (attempt > 30) throw new Error(`GET ${url}: ${res?.status ?? 'no answer'}`);
      await sleep(1000);
    }
  };
  const dashboard = (
    await get<{ results: DashboardSummary }>(
      fillRoutePath(dashboardRoutes.summary.path, { tenantId }),
    )
  ).results;
  const timeZone = dashboard.timeZone;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const report = async (paymentMethods: ReportPaymentMethod[]): Promise<Buckets> => {
    const res = await fetch(
      `${base}${fillRoutePath(reportsRoutes.cartTickets.path, { tenantId })}`,
      {
        method: 'POST',
        headers: await headers(),
        body: JSON.stringify({
          startDate: today,
          endDate: today,
          timezone: timeZone,
          paymentMethods,
          page: 0,
          pageSize: 1,
        }),
      },
    );
    if (!res.ok) throw new Error(`the orders report answered ${res.status}`);
    const { totals } = (await res.json()) as CartTicketsReportResponse;
    const sums = (key: 'sales' | 'awaiting' | 'cancelled') =>
      totals.amounts.reduce(
        (s, a) => ({ count: s.count + a[key].count, total: s.total + minor(a[key].total) }),
        { count: 0, total: 0 },
      );
    return { sales: sums('sales'), awaiting: sums('awaiting'), cancelled: sums('cancelled') };
  };
  const uses = async (id: string) =>
    (
      await get<{ results: { usageCount: number } }>(
        fillRoutePath(discountsRoutes.get.path, { tenantId, id }),
      )
    ).results.usageCount;
  const f = dashboard.today.figures;
  return {
    timeZone,
    today,
    report: await report([]),
    reportOnline: await report(['credit_card_online']),
    dashboard: {
      orders: f.orders,
      sales: minor(f.sales),
      awaiting: f.awaitingAcceptance,
      cancelled: f.cancelled,
    },
    discountUses: await uses(discountIds.promo),
    automaticUses: await uses(discountIds.automatic),
  };
}

/** The tables' bill payments of the day as the admin's transactions page adds them up. */
async function tableBillTotals(
  base: string,
  token: () => Promise<string>,
  tenantId: string,
  since: number,
) {
  const query = new URLSearchParams({
    dateFrom: new Date(since - 60_000).toISOString(),
    dateTo: new Date(Date.now() + 60_000).toISOString(),
    pageSize: '1',
  });
  const res = await fetch(
    `${base}${fillRoutePath(tableBillsRoutes.transactions.path, { tenantId })}?${query}`,
    { headers: { authorization: `Bearer ${await token()}` } },
  );
  if (!res.ok) throw new Error(`the table bill transactions answered ${res.status}`);
  const { totals } = (await res.json()) as TableBillTransactionsResponse;
  return {
    count: totals.count,
    paid: totals.amounts.reduce((n, a) => n + minor(a.paid), 0),
    refunded: totals.amounts.reduce((n, a) => n + minor(a.refunded), 0),
  };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'day-'));
  const runId = `${SEED}-${started.toString(36)}`;
  const promoCode = `DAY${SEED}`;
  const automaticCode = `DAYAUTO${SEED}`;
  log(
    `A day of ${ORDERS} orders in ${MINUTES} min over ${COPIES} server cop${COPIES === 1 ? 'y' : 'ies'} (seed ${SEED}); logs in ${work}`,
  );
  const world = await startWorld({ copies: COPIES, work, log });
  let staff: Staff | undefined;
  // Stopped early (Ctrl-C): the server copies, the browser and the day's own PostgreSQL (a
  // daemon of its own, which would outlive the terminal) go with it.
  const stopEarly = (signal: NodeJS.Signals) => {
    log(`\n${signal}: stopping the day's servers, browser and PostgreSQL (logs kept in ${work})`);
    void Promise.allSettled([staff?.close(), world.close()]).then(() =>
      process.exit(signal === 'SIGINT' ? 130 : 143),
    );
  };
  process.once('SIGINT', stopEarly);
  process.once('SIGTERM', stopEarly);
  const faults: Fault[] = [];
  const notes: string[] = [];
  try {
    const rnd = randomSource(SEED);
    const customers = new Customers(world.base, rnd, started, { promoCode, runId });
    const { tenantId, branches } = await customers.load();
    staff = new Staff(world.base, tenantId, started, SEED);
    await staff.open(
      branches.map((b) => ({
        branchId: b.branchId,
        name: b.branchName.en ?? b.branchName.fieldValue,
      })),
      TABS,
    );
    log(`${staff.tabs.length} staff tabs on Live orders (${TABS} per branch)`);
    const ownerTab = staff.tabs[0]!;
    const token = () => accessToken(ownerTab.page);

    // The promo code of the day: 10 % off, limited to a few uses (customers race for the last);
    // and an automatic 5 % off delivery and pickup orders over 25 (when no code is given).
    const limit = Math.max(5, Math.floor(ORDERS * 0.04));
    const createDiscount = async (body: Record<string, unknown>) => {
      const res = await fetch(
        `${world.base}${fillRoutePath(discountsRoutes.create.path, { tenantId })}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await token()}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            discountType: 'PERCENTAGE',
            catalogItemsRefIds: [],
            ...body,
          }),
        },
      );
      if (res.status !== 201 && res.status !== 200)
        throw new Error(`a discount was refused: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { results: { id: string } }).results.id;
    };
    const discountId = await createDiscount({
      discountName: { fieldValue: `Day ${SEED}`, en: `Day ${SEED}` },
      discountCode: promoCode,
      discountApplication: 'MANUAL_ENTRY',
      discountValue: 10,
      minOrderValue: 0,
      maximumDiscountValue: 5,
      overallUsageLimit: limit,
      checkoutTemplates: ['DELIVERY', 'PICKUP', 'DINING'],
    });
    const automaticId = await createDiscount({
      discountName: { fieldValue: 'Day automatic', en: 'Day automatic' },
      discountCode: automaticCode,
      discountApplication: 'AUTOMATIC',
      discountValue: 5,
      minOrderValue: 25,
      maximumDiscountValue: 3,
      overallUsageLimit: 0,
      checkoutTemplates: ['DELIVERY', 'PICKUP'],
    });
    log(`Promo code ${promoCode}: 10 % off, ${limit} uses; ${automaticCode}: 5 % off over 25`);

    // Opening hours of each branch, every day all day (the day may run at any hour): the intake
    // checks stored hours rather than none.
    for (const branch of branches) {
      const week = ['DELIVERY', 'PICKUP', 'DINING'].flatMap((checkoutTemplate) =>
        Array.from({ length: 7 }, (_, day) => ({
          day,
          checkoutTemplate,
          dayClosed: false,
          hours: [{ openHour: 0, openMinute: 0, closeHour: 23, closeMinute: 59 }],
        })),
      );
      const res = await fetch(
        `${world.base}${fillRoutePath(outletSettingsRoutes.setOperatingHours.path, { tenantId, branchId: branch.branchId })}`,
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
          body: JSON.stringify(week),
        },
      );
      if (!res.ok) throw new Error(`opening hours refused: ${res.status} ${await res.text()}`);
    }

    const before = await productFigures(world.base, token, tenantId, {
      promo: discountId,
      automatic: automaticId,
    });

    // Faults on a schedule, each a window in which 503 (and no other 5xx) may be answered.
    const at = (share: number) => started + share * DAY_MS;
    const until = async (time: number) => {
      const wait = time - Date.now();
      if (wait > 0) await sleep(wait);
    };
    const faultRuns: Promise<void>[] = [];
    if (COPIES > 1)
      faultRuns.push(
        (async () => {
          await until(at(0.42));
          const from = since();
          const copy = world.copies[1]!;
          await copy.kill();
          log(`  server copy 2 killed at ${(from / 1000).toFixed(0)} s`);
          await sleep(Math.max(3000, DAY_MS * 0.02));
          await copy.start();
          faults.push({ name: 'server copy 2 killed and restarted', from, to: since() + 2000 });
          log(`  server copy 2 back after ${((since() - from) / 1000).toFixed(1)} s`);
        })(),
      );
    if (world.cluster)
      faultRuns.push(
        (async () => {
          await until(at(0.68));
          const from = since();
          await world.cluster!.kill();
          log(`  PostgreSQL killed at ${(from / 1000).toFixed(0)} s`);
          await sleep(3000);
          await world.cluster!.start();
          faults.push({ name: 'PostgreSQL killed and restarted', from, to: since() + 5000 });
          log(`  PostgreSQL back after ${((since() - from) / 1000).toFixed(1)} s`);
        })(),
      );
    else notes.push('PostgreSQL of DATABASE_URL: its restart was left out.');
    faultRuns.push(
      (async () => {
        await until(at(0.2));
        const tab = staff!.tabs.at(-1)!;
        const ms = Math.min(120_000, DAY_MS * 0.2);
        const from = since();
        log(`  tab ${tab.name} offline for ${(ms / 1000).toFixed(0)} s`);
        await staff!.offline(tab, ms);
        faults.push({ name: `tab ${tab.name} offline`, from, to: since() });
      })(),
    );
    faultRuns.push(
      (async () => {
        await until(at(0.3));
        // The next driver request meets a provider error (HTTP 500): staff ask again.
        world.dispatch.setNext('fail');
        log(`  dispatch provider fails the next driver request`);
        const from = since();
        faults.push({ name: 'dispatch provider failing the next driver request', from, to: from });
      })(),
    );
    faultRuns.push(
      (async () => {
        await until(at(0.55));
        const from = since();
        Object.assign(world.gateway.faults, { refunds: 'late', delayMs: 5000 });
        log(`  card gateway answers refunds late (after the server gave up)`);
        await sleep(Math.max(5000, DAY_MS * 0.08));
        Object.assign(world.gateway.faults, { refunds: 'none' });
        faults.push({ name: 'card gateway answering refunds late', from, to: since() });
      })(),
    );

    // The customers, each at their time; the staff working through what their screens show.
    const times = arrivals(ORDERS, DAY_MS, rnd);
    const working = staff.work(customers.ledger, MINUTES / 10);
    let done = 0;
    // A progress bar on a terminal; a line every tenth of the day in a log (CI).
    let printed = -1;
    const progress = setInterval(() => {
      const share = Math.min(1, since() / DAY_MS);
      const bar = '█'.repeat(Math.round(share * 30)).padEnd(30, '░');
      const acked = customers.ledger.filter((o) => o.outcome === 'acknowledged').length;
      const text = `  ${bar} ${(share * 100).toFixed(0).padStart(3)} %  customers ${done}/${ORDERS}  acknowledged ${acked}  staff actions ${staff!.actions}`;
      if (process.stdout.isTTY) process.stdout.write(`\r${text}   `);
      else if (Math.floor(share * 10) > printed) {
        printed = Math.floor(share * 10);
        log(text);
      }
    }, 500);
    await Promise.all(
      times.map(async (t, n) => {
        await until(started + t);
        await customers.visit(n, t).catch((error: unknown) => {
          notes.push(`customer ${n}: ${String(error)}`);
        });
        done++;
      }),
    );
    await Promise.all(faultRuns);
    // Settle: every acknowledged order on a screen of its branch, or 60 s.
    const acked = () => customers.ledger.filter((o) => o.outcome === 'acknowledged');
    const unseen = () => seenOnScreens(customers.ledger, staff!.tabs).unseen;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      await staff.collect();
      if (unseen().length === 0) break;
      await sleep(500);
    }
    await sleep(20_000 * (MINUTES / 10) + 3000);
    staff.stop();
    await working;
    clearInterval(progress);
    if (process.stdout.isTTY) process.stdout.write('\n');

    // The end of the meal: the tables' bills paid by card; the owner refunds one in four.
    await customers.payTables(runId);
    for (const [i, bill] of customers.bills.entries())
      if (i % 4 === 0) bill.refunded = (await staff.refundBill(bill)) ?? 0;

    // Refunds whose answer came late: the server finds them again (PAYMENT_REFUND_RECONCILE).
    const db = new pg.Client({ connectionString: world.cluster?.url ?? process.env.DATABASE_URL });
    await db.connect();
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const { rows } = await db.query<{ n: string }>(
        `select count(*) as n from tickets where idempotency_key like $1 and ticket_details -> 'paymentDetails' ->> 'paymentStatus' = 'REFUND_PENDING'`,
        [`day-${runId}-%`],
      );
      if (Number(rows[0]!.n) === 0) break;
      await sleep(1000);
    }
    const stored: Stored[] = (
      await db.query<{ id: string; key: string; status: string; total: string }>(
        'select id, idempotency_key as key, status, total from tickets where tenant_id = $1 and idempotency_key like $2',
        [tenantId, `day-${runId}-%`],
      )
    ).rows.map((r) => ({ ...r, total: Number(r.total) }));
    await db.end();

    const after = await productFigures(world.base, token, tenantId, {
      promo: discountId,
      automatic: automaticId,
    });
    const exportRes = await fetch(
      `${world.base}${fillRoutePath(reportsRoutes.exportCartTickets.path, { tenantId })}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          startDate: after.today,
          endDate: after.today,
          timezone: after.timeZone,
          exportFormat: 'excel',
          lang: 'en',
        }),
      },
    );
    if (!exportRes.ok) throw new Error(`the Excel export answered ${exportRes.status}`);
    const exported = await exportRows(Buffer.from(await exportRes.arrayBuffer()));
    const gateway: GatewayPayment[] = [...world.gateway.payments.values()].map((p) => ({
      capturedAmount: p.capturedAmount,
      refundedAmount: p.refundedAmount,
      currency: p.currency,
      reference: p.reference,
    }));
    const billTotals = await tableBillTotals(world.base, token, tenantId, started);
    const books = balance({
      ledger: customers.ledger,
      stored,
      figures: delta(after, before),
      exported,
      gateway,
      promoCode,
      promoLimit: limit,
      automaticCode,
      bills: customers.bills,
      billTotals,
      deliveries: [...world.dispatch.deliveries.values()].map((d) => ({
        reference: d.reference,
        cashToCollect: d.cashToCollect,
      })),
    });

    // No 5xx outside the fault windows; inside them, 503 with Retry-After alone. A card the
    // gateway fails on is a fault of its own (503, nothing charged).
    const answers: Answer[] = [...customers.answers, ...staff.answers];
    const inWindow = (a: Answer) =>
      faults.some((f) => a.at >= f.from - 1000 && a.at <= f.to + 5000);
    const bad = answers.filter(
      (a) =>
        a.status >= 500 &&
        !(a.expected && a.status === 503) &&
        (!inWindow(a) || a.status !== 503 || !a.retryAfter),
    );
    books.rows.push({
      what: 'answers 5xx outside the fault windows (inside them, 503 with Retry-After alone)',
      ledger: '0',
      product: String(bad.length),
      ok: bad.length === 0,
    });
    if (bad.length > 0)
      notes.push(
        `5xx: ${bad
          .slice(0, 10)
          .map((a) => `${a.status} ${a.what} at ${(a.at / 1000).toFixed(1)} s`)
          .join(', ')}`,
      );

    const ackedOrders = acked();
    const { seen, latencies } = seenOnScreens(customers.ledger, staff.tabs);
    const summary = {
      placed: customers.ledger.length,
      acknowledged: ackedOrders.length,
      lost: books.lost,
      duplicated: books.duplicated,
      seen,
      balanced: books.balanced && bad.length === 0,
      p50: percentileOf(
        latencies.map(([, ms]) => ms),
        0.5,
      ),
      p99: percentileOf(
        latencies.map(([, ms]) => ms),
        0.99,
      ),
    };
    const refused = new Map<string, number>();
    for (const o of customers.ledger)
      if (o.outcome !== 'acknowledged')
        refused.set(o.refusal ?? o.outcome, (refused.get(o.refusal ?? o.outcome) ?? 0) + 1);
    notes.push(
      `Refused orders, by reason: ${[...refused].map(([why, n]) => `${why} ×${n}`).join('; ') || 'none'}.`,
      `Retries: ${customers.ledger.reduce((n, o) => n + o.attempts - 1, 0)} requests sent again under the same key (${customers.ledger.reduce((n, o) => n + o.timedOut, 0)} after a phone's own timeout).`,
      `Drivers: ${staff.drivers} requested from the tabs (${staff.driverRetries} requests sent again after a provider error or no answer), ${world.dispatch.deliveries.size} deliveries at the provider.`,
      `By hand on the screens (the order's row, its sheet, the action and its confirmation: accept, reject with a reason, request a driver, complete; the owner's table bill refunds on Table transactions): ${staff.byHandActions} done, ${staff.byHandMisses} the screen did not let through (then sent from the tab)${staff.byHandMissReasons.length ? `: ${staff.byHandMissReasons.join('; ')}` : ''}.`,
      `Staff: ${staff.actions} status changes from the tabs, ${staff.conflicts} refused as already changed by the other tablet; chimes heard per tab: ${staff.tabs.map((t) => `${t.name} ${t.chimes.length}`).join(', ')}.`,
    );
    for (const r of books.rows)
      if (!r.ok) notes.push(`Out of balance: ${r.what}: ledger ${r.ledger}, product ${r.product}.`);
    const line = dayLine(summary);
    const folder = path.join(
      values.out!,
      `day-${new Date(started).toISOString().replace(/[:.]/g, '-').slice(0, 19)}`,
    );
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'index.html'),
      reportHtml({
        title: `A day at Al Bayt Kitchen: ${ORDERS} orders in ${MINUTES} minutes`,
        line,
        minutes: MINUTES,
        acks: ackedOrders.map((o) => o.ackAt!),
        latencies,
        faults,
        books: books.rows,
        notes,
      }),
    );
    for (const [i, tab] of staff.tabs.entries())
      await tab.page
        .screenshot({ path: path.join(folder, `staff-${i + 1}.png`) })
        .catch(() => undefined);
    for (const r of books.rows)
      log(`  ${r.ok ? '✓' : '✗'} ${r.what}: ${r.ledger}${r.ok ? '' : ` ≠ ${r.product}`}`);
    log(line);
    log(`report: ${path.relative(process.cwd(), path.join(folder, 'index.html'))}`);
    const ok =
      summary.lost === 0 &&
      summary.duplicated === 0 &&
      summary.seen === summary.acknowledged &&
      summary.balanced;
    process.exitCode = ok ? 0 : 1;
  } finally {
    await staff?.close();
    await world.close();
    if (process.exitCode === 0) fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`\n✗ ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
