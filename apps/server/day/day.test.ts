import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import type { TicketStatus } from '@app/contracts';
import { CHROMIUM_LAUNCH } from '../../../tools/e2e/chromium.ts';
import { REPORT_LABELS } from '../src/modules/reports/report-labels.ts';
import { balance, ledgerBuckets, minor, seenOnScreens, type ProductFigures } from './books.ts';
import type { LedgerOrder } from './customers.ts';
import { dayLine } from './report.ts';
import { WATCH } from './staff.ts';

/**
 * The simulator itself (issue 35): the day must fail when the product gets the books wrong or
 * a staff screen never shows an order. Each check is fed a product that does and one that does
 * not.
 */
const order = (n: number, status: string, total: number, over: Partial<LedgerOrder> = {}) =>
  ({
    n,
    key: `day-t-${n}`,
    branchId: 'b1',
    branchName: 'Abdoun',
    template: 'PICKUP',
    arrival: n * 100,
    payment: 'CASH',
    attempts: 1,
    timedOut: 0,
    outcome: 'acknowledged',
    ackAt: n * 100 + 50,
    sentAt: n * 100,
    ticketId: `t${n}`,
    ticketNumber: n,
    ids: new Set([`t${n}`]),
    total,
    currency: 'JOD',
    discountCode: null,
    status,
    ...over,
  }) as LedgerOrder;

const ledger = [
  order(1, 'Completed', 10.5, { template: 'DELIVERY', driver: 'requested' }),
  order(2, 'InProgress', 4.25, {
    payment: 'CARD',
    discountCode: 'DAY1',
    template: 'DELIVERY',
    driver: 'requested',
  }),
  order(3, 'Cancelled', 7, { payment: 'CARD', discountCode: 'DAY1' }),
  order(4, 'UnVerified', 3.125),
  { ...order(5, 'UnVerified', 0), outcome: 'refused', ids: new Set<string>() } as LedgerOrder,
];

/** What a correct product answers for that ledger (deltas of the day). */
function truthfulProduct(): ProductFigures {
  const b = ledgerBuckets(ledger);
  return {
    report: b,
    reportOnline: ledgerBuckets(ledger, (o) => o.payment === 'CARD'),
    dashboard: {
      orders: b.sales.count,
      sales: b.sales.total,
      awaiting: b.awaiting.count,
      cancelled: b.cancelled.count,
    },
    discountUses: 1,
    automaticUses: 0,
  };
}

const stored = ledger
  .filter((o) => o.outcome === 'acknowledged')
  .map((o) => ({ id: o.ticketId!, key: o.key, status: o.status!, total: o.total! }));
const exported = ledger
  .filter((o) => o.outcome === 'acknowledged')
  .map((o) => ({
    number: o.ticketNumber!,
    status: REPORT_LABELS.en.status[o.status as TicketStatus],
    total: o.total!,
  }));
// Card orders: 4.25 captured and kept, 7 captured and refunded (in fils).
const gateway = [
  { capturedAmount: 4250, refundedAmount: 0, currency: 'JOD', reference: 'a' },
  { capturedAmount: 7000, refundedAmount: 7000, currency: 'JOD', reference: 'b' },
];
const books = (figures: ProductFigures, over: Partial<Parameters<typeof balance>[0]> = {}) =>
  balance({
    ledger,
    stored,
    figures,
    exported,
    gateway,
    promoCode: 'DAY1',
    promoLimit: 5,
    automaticCode: 'DAYAUTO1',
    bills: [],
    billTotals: { count: 0, paid: 0, refunded: 0 },
    deliveries,
    ...over,
  });
// The provider's deliveries for the two drivers: the cash order's total, nothing for the card's.
const deliveries = [
  { reference: 't1', cashToCollect: { amount: 10.5, currency: 'JOD' } },
  { reference: 't2', cashToCollect: null },
];

describe("the day's books", () => {
  it('balance when the product agrees with the ledger to the minor unit', () => {
    const result = books(truthfulProduct());
    expect(result.rows.filter((r) => !r.ok)).toEqual([]);
    expect(result).toMatchObject({ lost: 0, duplicated: 0, balanced: true });
  });

  it('do not balance when the report counts cancelled orders as sales', () => {
    const wrong = truthfulProduct();
    wrong.report.sales = {
      count: wrong.report.sales.count + 1,
      total: wrong.report.sales.total + minor(7),
    };
    const result = books(wrong);
    expect(result.balanced).toBe(false);
    expect(result.rows.find((r) => r.what === 'report: sales')).toMatchObject({ ok: false });
  });

  it('do not balance when the gateway kept a refund, or a discount counts uses it did not have', () => {
    const kept = books(truthfulProduct(), {
      gateway: [gateway[0]!, { ...gateway[1]!, refundedAmount: 0 }],
    });
    expect(kept.balanced).toBe(false);
    // A table's bill paid by card (12.5, 2.5 refunded): in the gateway, and in the product's
    // transactions, or the books do not balance.
    const bill = {
      serviceAreaId: 's1',
      transactionId: 'tb1',
      amount: 12.5,
      currency: 'JOD',
      ticketNumbers: [9],
      refunded: 2.5,
    };
    const withBill = {
      bills: [bill],
      gateway: [
        ...gateway,
        { capturedAmount: 12500, refundedAmount: 2500, currency: 'JOD', reference: 'c' },
      ],
    };
    expect(
      books(truthfulProduct(), {
        ...withBill,
        billTotals: { count: 1, paid: minor(12.5), refunded: minor(2.5) },
      }).balanced,
    ).toBe(true);
    expect(
      books(truthfulProduct(), {
        ...withBill,
        billTotals: { count: 1, paid: minor(12.5), refunded: 0 },
      }).rows.filter((r) => !r.ok).length,
    ).toBe(2);
    const automatic = books({ ...truthfulProduct(), automaticUses: 1 });
    expect(automatic.rows.filter((r) => !r.ok).map((r) => r.what)).toEqual([
      'uses of the automatic discount DAYAUTO1',
    ]);
    const overused = books({ ...truthfulProduct(), discountUses: 6 });
    expect(overused.rows.filter((r) => !r.ok).map((r) => r.what)).toEqual([
      'uses of the code DAY1 (cancelled orders give theirs back)',
      'uses of the code DAY1 within its limit',
    ]);
  });

  it('do not balance when a driver is booked twice or unasked, or collects the wrong cash', () => {
    const failing = (list: typeof deliveries) =>
      books(truthfulProduct(), { deliveries: list })
        .rows.filter((r) => !r.ok)
        .map((r) => r.what.split(':')[0]);
    expect(failing([...deliveries, deliveries[0]!])).toEqual([
      'drivers requested, each booked once at the provider',
      'cash the drivers collect',
    ]);
    expect(failing([...deliveries, { reference: 't4', cashToCollect: null }])).toEqual([
      'deliveries at the provider that staff never asked for',
    ]);
    expect(
      failing([
        { reference: 't1', cashToCollect: { amount: 10, currency: 'JOD' } },
        { reference: 't2', cashToCollect: { amount: 4.25, currency: 'JOD' } },
      ]),
    ).toEqual(['cash the drivers collect']);
    expect(failing(deliveries.slice(1))).toEqual([
      'drivers requested, each booked once at the provider',
      'cash the drivers collect',
    ]);
  });

  it('count an acknowledged order the database lost, and a key stored twice', () => {
    const result = books(truthfulProduct(), {
      stored: [...stored.slice(1), { ...stored[1]!, id: 'another' }],
    });
    expect(result).toMatchObject({ lost: 1, duplicated: 1, balanced: false });
  });
});

describe('staff screens', () => {
  it('fail the day for an order no screen of its branch showed', () => {
    const screens = [
      {
        branchId: 'b1',
        seen: new Map([
          [1, 120],
          [2, 260],
          [4, 470],
        ]),
      },
      // Another branch's screen showing order 3 does not count for branch b1.
      { branchId: 'b2', seen: new Map([[3, 330]]) },
    ];
    const { seen, unseen, latencies } = seenOnScreens(ledger, screens);
    expect(seen).toBe(3);
    expect(unseen.map((o) => o.ticketNumber)).toEqual([3]);
    expect(latencies).toEqual([
      [150, 20],
      [250, 60],
      [450, 70],
    ]);
  });

  it('see a row or a toast when the page shows one, and nothing when it shows none', async () => {
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      const page = await browser.newPage();
      await page.addInitScript({ content: WATCH });
      await page.goto('data:text/html,<main></main>');
      const seen = () =>
        page.evaluate(() =>
          Object.keys((window as unknown as { __day: { seen: object } }).__day.seen),
        );
      expect(await seen()).toEqual([]);
      await page.evaluate(() => {
        const row = document.createElement('tr');
        row.setAttribute('aria-label', 'Order #17, Not Accepted');
        document.querySelector('main')!.append(row);
        const toast = document.createElement('div');
        toast.textContent = 'New order #18';
        document.body.append(toast);
      });
      await expect.poll(seen).toEqual(['17', '18']);
    } finally {
      await browser.close();
    }
  });
});

it("prints the day's line as the issue writes it", () => {
  expect(
    dayLine({
      placed: 2000,
      acknowledged: 1987,
      lost: 0,
      duplicated: 0,
      seen: 1987,
      balanced: true,
      p50: 41.2,
      p99: 180,
    }),
  ).toBe(
    'day: placed 2000, acknowledged 1987, lost 0, duplicated 0, seen by staff 1987/1987, books balance yes, order→screen p50 41 ms p99 180 ms',
  );
});
