// Customers of a simulated day: phones on the storefront's own calls, at lunch and dinner
// peaks, with what real customers do (retries after a timeout, declined cards, wrong codes).
import {
  fillRoutePath,
  storefrontRoutes,
  tableBillsRoutes,
  ticketIntakeRoutes,
  type PublicStorefront,
  type PublicTableBill,
  type TableBillReceipt,
  type Ticket,
} from '@app/contracts';
// @ts-expect-error a plain Node script without types
import { loadStorefront, makeOrder } from '../../../scripts/orders.mjs';
import type { Rnd } from './random.ts';
import { sleep } from './world.ts';

type Menu = {
  branch: { branchId: string; branchName: { fieldValue: string; en?: string } };
  template: string;
  menu: { paymentMethods?: string[] };
};
const orders = { loadStorefront, makeOrder } as {
  loadStorefront(base: string, slug: string): Promise<{ store: PublicStorefront; menus: Menu[] }>;
  makeOrder(menu: Menu, rnd: Rnd): Record<string, unknown>;
};

export const TENANT_SLUG = 'al-bayt';

/** What the simulator was told about one order it placed: its own ledger. */
export type LedgerOrder = {
  n: number;
  key: string;
  branchId: string;
  branchName: string;
  template: string;
  /** Planned arrival, ms from the day's start. */
  arrival: number;
  /** CASH: anything paid on the spot (cash, card machine); PAY_LATER: on the table's bill. */
  payment: 'CASH' | 'CARD' | 'PAY_LATER';
  /** The table of a dine-in order. */
  serviceAreaId?: string;
  card?: 'approve' | 'decline' | 'fail';
  promo?: 'valid' | 'wrong';
  /** Requests sent under this key (retries with the same key included). */
  attempts: number;
  /** First attempts abandoned by the client's own short timeout, then sent again. */
  timedOut: number;
  outcome: 'acknowledged' | 'refused' | 'gave-up';
  refusal?: string;
  ackAt?: number;
  /** When the acknowledged request was sent (ms since the start). */
  sentAt?: number;
  ticketId?: string;
  ticketNumber?: number;
  /** Every ticket id the server acknowledged under this key (one, unless replays differ). */
  ids: Set<string>;
  total?: number;
  currency?: string;
  discountCode?: string | null;
  /** What the staff made of it (set by the staff's tabs): the status it ends in. */
  status?: string;
  refunded?: boolean;
  /** A delivery the staff asked a driver for, and the provider took the request. */
  driver?: 'requested';
};

/** A table's bill paid by card at the end of the meal, as the customer was told. */
export type BillPayment = {
  serviceAreaId: string;
  transactionId: string;
  amount: number;
  currency: string;
  ticketNumbers: number[];
  /** What staff refunded of it. */
  refunded: number;
};

/**
 * Every HTTP answer of the day by time (ms since the start), for the fault windows' check:
 * `expected` marks a 5xx the simulator caused on purpose (a card the gateway fails on).
 */
export type Answer = {
  at: number;
  status: number;
  what: string;
  retryAfter?: boolean;
  expected?: boolean;
};

const CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  fail: '4000000000000119',
} as const;

/** Arrival times of `n` orders over `ms`, at a lunch and a dinner peak over a quiet base. */
export function arrivals(n: number, ms: number, rnd: Rnd): number[] {
  const density = (x: number) =>
    0.25 + Math.exp(-(((x - 0.3) / 0.08) ** 2)) + 1.3 * Math.exp(-(((x - 0.72) / 0.09) ** 2));
  const times: number[] = [];
  while (times.length < n) {
    const x = rnd.next();
    if (rnd.next() * 1.6 < density(x)) times.push(Math.floor(x * ms));
  }
  return times.sort((a, b) => a - b);
}

export class Customers {
  readonly ledger: LedgerOrder[] = [];
  readonly bills: BillPayment[] = [];
  readonly answers: Answer[] = [];
  private store!: PublicStorefront;
  private menus: Menu[] = [];

  constructor(
    private readonly base: string,
    private readonly rnd: Rnd,
    private readonly start: number,
    private readonly opts: { promoCode: string; runId: string },
  ) {}

  private now = () => Date.now() - this.start;

  async load() {
    const { store, menus } = await orders.loadStorefront(this.base, TENANT_SLUG);
    if (menus.length === 0) throw new Error(`${TENANT_SLUG} has nothing to order now`);
    this.store = store;
    this.menus = menus;
    return { tenantId: store.tenantId, branches: store.branches };
  }

  /**
   * A fetch that records its answer; no answer (a copy down, a connection cut, a body cut off
   * before its end) is `null`.
   */
  private async call(
    what: string,
    url: string,
    init: RequestInit & { timeoutMs?: number; expected5xx?: boolean } = {},
  ): Promise<{ status: number; body: unknown } | null> {
    try {
      const res = await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
      });
      const text = await res.text();
      const body: unknown = text === '' ? null : JSON.parse(text);
      this.answers.push({
        at: this.now(),
        status: res.status,
        what,
        retryAfter: res.headers.has('retry-after'),
        ...(init.expected5xx ? { expected: true } : {}),
      });
      return { status: res.status, body };
    } catch {
      return null;
    }
  }

  /** One customer: looks at the menu, prices the cart, orders, then watches the status page. */
  async visit(n: number, arrival: number): Promise<void> {
    const rnd = this.rnd;
    const storefront = `${this.base}${fillRoutePath(storefrontRoutes.storefront.path, { slug: TENANT_SLUG })}`;
    await this.call('storefront', storefront);
    const target = rnd.pick(this.menus);
    const { branchId } = target.branch;
    await this.call(
      'menu',
      `${this.base}${fillRoutePath(storefrontRoutes.menu.path, { tenantId: this.store.tenantId, branchId })}?checkoutTemplate=${target.template}`,
    );
    const order = orders.makeOrder(target, rnd);
    if (order.ticketType === 'callstaff') return;
    const takesCard =
      !!this.store.payments && !!target.menu.paymentMethods?.includes('CREDIT_CARD_ONLINE');
    const entry: LedgerOrder = {
      n,
      key: `day-${this.opts.runId}-${n}`,
      branchId,
      branchName: target.branch.branchName.en ?? target.branch.branchName.fieldValue,
      template: target.template,
      arrival,
      payment: 'CASH',
      attempts: 0,
      timedOut: 0,
      outcome: 'refused',
      ids: new Set(),
    };
    if (order.paymentMethodType === 'PAY_LATER') entry.payment = 'PAY_LATER';
    if (typeof order.serviceAreaId === 'string') entry.serviceAreaId = order.serviceAreaId;
    if (entry.payment !== 'PAY_LATER' && takesCard && rnd.chance(0.5)) {
      entry.payment = 'CARD';
      entry.card = rnd.chance(0.9) ? 'approve' : rnd.chance(0.6) ? 'decline' : 'fail';
    }
    if (rnd.chance(0.2)) {
      entry.promo = rnd.chance(0.85) ? 'valid' : 'wrong';
      order.discountCode = entry.promo === 'valid' ? this.opts.promoCode : 'NOSUCHCODE';
    }
    const intake = `${this.base}${fillRoutePath(ticketIntakeRoutes.intake.path, { tenantId: this.store.tenantId, branchId })}`;
    const quote = `${this.base}${fillRoutePath(storefrontRoutes.quote.path, { tenantId: this.store.tenantId, branchId })}`;
    await this.call('quote', quote, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });
    if (entry.payment === 'CARD') {
      const token = await this.cardToken(CARDS[entry.card!]);
      if (!token) entry.payment = 'CASH';
      else Object.assign(order, { paymentMethodType: 'CREDIT_CARD_ONLINE', paymentToken: token });
    }
    this.ledger.push(entry);
    await this.place(entry, intake, order);
    // A refused code or card: many try again, without the code or paying cash (a new order).
    if (entry.outcome === 'refused' && rnd.chance(0.6)) {
      const again = { ...order };
      delete again.discountCode;
      delete again.paymentToken;
      again.paymentMethodType = 'CASH';
      await this.visitAgain(n, arrival, entry, intake, again);
    }
    if (entry.outcome === 'acknowledged' && entry.ticketId) await this.watch(entry.ticketId);
  }

  private async visitAgain(
    n: number,
    arrival: number,
    first: LedgerOrder,
    intake: string,
    order: Record<string, unknown>,
  ) {
    const entry: LedgerOrder = {
      ...first,
      n: n + 0.5,
      key: `${first.key}-again`,
      payment: 'CASH',
      card: undefined,
      promo: undefined,
      attempts: 0,
      timedOut: 0,
      outcome: 'refused',
      refusal: undefined,
      ids: new Set(),
      arrival,
    };
    this.ledger.push(entry);
    await this.place(entry, intake, order);
    if (entry.outcome === 'acknowledged' && entry.ticketId) await this.watch(entry.ticketId);
  }

  /**
   * The end of the meal at every table with accepted pay-later orders: the table's bill (its
   * public page), paid by card for the amount it shows, under an Idempotency-Key; a bill that
   * changed meanwhile is read and paid again.
   */
  async payTables(runId: string) {
    const tables = new Set(
      this.ledger
        .filter((o) => o.outcome === 'acknowledged' && o.payment === 'PAY_LATER')
        .map((o) => o.serviceAreaId!)
        .filter(Boolean),
    );
    let n = 0;
    for (const serviceAreaId of tables) {
      const url = `${this.base}${fillRoutePath(tableBillsRoutes.publicBill.path, { tenantId: this.store.tenantId, serviceAreaId })}`;
      for (let attempt = 0; attempt < 5; attempt++) {
        const bill = await this.call('table bill', url);
        const due = (bill?.body as { results?: PublicTableBill } | null)?.results;
        if (!due || due.amountDue <= 0) break;
        const token = await this.cardToken(CARDS.approve);
        if (!token) break;
        const paid = await this.call('table bill payment', `${url}/payments`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': `day-bill-${runId}-${n++}`,
          },
          body: JSON.stringify({
            amount: due.amountDue,
            paymentMethodType: 'CREDIT_CARD_ONLINE',
            paymentToken: token,
          }),
        });
        if (paid && (paid.status === 200 || paid.status === 201)) {
          const receipt = (paid.body as { results: TableBillReceipt }).results;
          this.bills.push({
            serviceAreaId,
            transactionId: receipt.tableBillTransactionId,
            amount: receipt.amount,
            currency: receipt.currency,
            ticketNumbers: receipt.ticketNumbers,
            refunded: 0,
          });
          break;
        }
        await sleep(500);
      }
    }
  }

  /** What a storefront's browser does: the card to the gateway, a token back. */
  private async cardToken(number: string): Promise<string | null> {
    const payments = this.store.payments!;
    const res = await fetch(payments.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${payments.publishableKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        number,
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      }),
    }).catch(() => null);
    return res?.ok ? ((await res.json()) as { id: string }).id : null;
  }

  /**
   * The order under one Idempotency-Key until the server answers it: one in ten phones gives
   * up on its first try after a few milliseconds (a timeout on a bad network) and sends it
   * again; a 5xx or no answer is retried with back-off, for two minutes at most.
   */
  private async place(entry: LedgerOrder, url: string, order: Record<string, unknown>) {
    const body = JSON.stringify(order);
    const giveUpAt = Date.now() + 120_000;
    const impatient = this.rnd.chance(0.1);
    for (let attempt = 0; Date.now() < giveUpAt; attempt++) {
      entry.attempts++;
      const sentAt = this.now();
      const res = await this.call('order', url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': entry.key },
        body,
        timeoutMs: attempt === 0 && impatient ? 5 + Math.floor(this.rnd.next() * 40) : 30_000,
        expected5xx: entry.card === 'fail',
      });
      const problem = res?.body as {
        errors?: { field: string; codes: string[] }[];
        error?: { code?: string };
      } | null;
      if (!res || ((res.status === 200 || res.status === 201) && !res.body)) {
        if (attempt === 0 && impatient) entry.timedOut++;
      } else if (
        res.status === 503 &&
        problem?.error?.code === 'payment_provider_unavailable' &&
        attempt >= 2
      ) {
        // The card keeps failing: the customer stops trying it.
        entry.outcome = 'refused';
        entry.refusal = 'payment_provider_unavailable';
        return;
      } else if (res.status === 200 || res.status === 201) {
        const ticket = (res.body as { results: Ticket }).results;
        entry.ids.add(ticket.id);
        entry.outcome = 'acknowledged';
        entry.ackAt ??= this.now();
        entry.sentAt ??= sentAt;
        entry.ticketId = ticket.id;
        entry.ticketNumber = ticket.ticketNumber;
        entry.total = ticket.cartData.total;
        entry.currency = ticket.cartData.currency;
        entry.discountCode = ticket.cartData.discountDetails.discountCode;
        entry.status = ticket.status;
        return;
      } else if (res.status < 500 && res.status !== 429) {
        entry.outcome = 'refused';
        entry.refusal =
          problem?.errors?.map((e) => `${e.field}: ${e.codes.join(',')}`).join('; ') ??
          problem?.error?.code ??
          `HTTP ${res.status}`;
        return;
      }
      await sleep(Math.min(2000, 100 * 2 ** attempt) * (0.5 + this.rnd.next() / 2));
    }
    entry.outcome = 'gave-up';
  }

  /** The status page, looked at a couple of times (with its ETag, as the storefront polls). */
  private async watch(ticketId: string) {
    const url = `${this.base}${fillRoutePath(storefrontRoutes.ticket.path, { tenantId: this.store.tenantId, ticketId })}`;
    for (let i = 0; i < 2; i++) {
      await this.call('status', url);
      await sleep(2000 + this.rnd.next() * 3000);
    }
  }
}
