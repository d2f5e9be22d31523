// Staff of a simulated day: real Chromium tabs on Live orders, per branch, that see each order
// arrive (its row or its toast) and hear the chime, and act on orders from the tab itself.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  dispatchRoutes,
  fillRoutePath,
  tableBillsRoutes,
  ticketsRoutes,
  type TableBillTransaction,
  type TableBillTransactionsResponse,
  type TicketStatus,
} from '@app/contracts';
import enDetails from '../../admin/src/locales/en/ticketDetails.json' with { type: 'json' };
import enTableBills from '../../admin/src/locales/en/tableBills.json' with { type: 'json' };
import enTickets from '../../admin/src/locales/en/tickets.json' with { type: 'json' };
import { ADMIN_PAGES } from '../../admin/src/lib/pages.ts';
import { accessToken, fillSignInPage } from '../../../tools/e2e/auth.ts';
import { CHROMIUM_LAUNCH } from '../../../tools/e2e/chromium.ts';
import type { Answer, BillPayment, LedgerOrder } from './customers.ts';
import { sleep } from './world.ts';

/**
 * Runs in each tab before the app: notes when each order number first shows on the screen (a
 * row of the list or a toast, through a MutationObserver) and when each chime starts (the
 * admin makes it with Web Audio oscillators). Plain JavaScript text: the page runs it as is.
 */
export const WATCH = `(() => {
  const day = { seen: {}, chimes: [] };
  window.__day = day;
  const note = (text) => {
    if (!text) return;
    for (const m of text.matchAll(/(?:^Order #?|New order #)(\\d+)/g))
      if (!(m[1] in day.seen)) day.seen[m[1]] = Date.now();
  };
  const scan = (node) => {
    if (!(node instanceof Element)) return;
    note(node.getAttribute('aria-label'));
    for (const el of node.querySelectorAll('[aria-label^="Order "]')) note(el.getAttribute('aria-label'));
    if (node.textContent && node.textContent.includes('New order #')) note(node.textContent);
  };
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === 'attributes') scan(m.target);
      m.addedNodes.forEach(scan);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  const start = OscillatorNode.prototype.start;
  let last = 0;
  OscillatorNode.prototype.start = function (...args) {
    // A chime is two notes: one start per chime.
    const now = Date.now();
    if (now - last > 150) day.chimes.push(now);
    last = now;
    return start.apply(this, args);
  };
})();`;

export type Tab = {
  name: string;
  branchId: string;
  page: Page;
  context: BrowserContext;
  seen: Map<number, number>;
  chimes: number[];
  offline: boolean;
  /** The list shows a hundred rows a page (set by the first order done by hand). */
  hundredRows?: boolean;
};

/** What staff do with an order, decided from its number so that a day can be run again. */
export function decision(n: number, seed: number) {
  const h = ((n * 2654435761) ^ seed) >>> 0;
  const roll = (h % 1000) / 1000;
  if (roll < 0.03) return 'leave' as const;
  if (roll < 0.1) return 'reject' as const;
  if (roll < 0.14) return 'accept-then-cancel' as const;
  if (roll < 0.7) return 'accept-then-complete' as const;
  return 'accept' as const;
}

/** A status as the admin's English screens show it, back to the status. */
const STATUS_OF_LABEL = new Map(
  Object.entries(enTickets.status).map(([status, label]) => [label, status as TicketStatus]),
);

/** One order in three is accepted or rejected by hand on the screen; the rest from the tab. */
const byHandShare = (n: number) => n % 3 === 0;
/**
 * What stopped a step by hand, short: Playwright's first line and the locator it waited for
 * (its call log, without the terminal's colour codes).
 */
function why(error: unknown): string {
  // eslint-disable-next-line no-control-regex
  const text = String(error).replace(/\u001b\[[0-9;]*m/g, '');
  const waited = /waiting for (.*?)(?:\n|$)/.exec(text)?.[1];
  return `${text.split('\n')[0]!.slice(0, 120)}${waited ? ` (waiting for ${waited.slice(0, 160)})` : ''}`;
}

/** How long a step by hand may wait for the screen (a button to show, a dialog to close). */
const STEP_MS = 10_000;

export class Staff {
  private browser: Browser | undefined;
  readonly tabs: Tab[] = [];
  /** Answers of the staff's own calls, by time (ms since the start). */
  readonly answers: Answer[] = [];
  actions = 0;
  /** Accepts and rejects done by hand on the screen; and those the screen did not let through. */
  byHandActions = 0;
  byHandMisses = 0;
  readonly byHandMissReasons: string[] = [];
  /** Tabs whose person is busy with an order's sheet. */
  private readonly busyHands = new Set<Tab>();
  /** Drivers the provider took a request for; requests sent again after no answer or a 5xx. */
  drivers = 0;
  driverRetries = 0;
  conflicts = 0;
  private stopped = false;

  constructor(
    private readonly base: string,
    private readonly tenantId: string,
    private readonly start: number,
    private readonly seed: number,
  ) {}

  private now = () => Date.now() - this.start;

  /** `perBranch` tabs for each branch, signed in as the demo's owner and manager in turn. */
  async open(branches: { branchId: string; name: string }[], perBranch: number) {
    this.browser = await chromium.launch({
      ...CHROMIUM_LAUNCH,
      args: [...CHROMIUM_LAUNCH.args, '--autoplay-policy=no-user-gesture-required'],
    });
    const emails = ['owner@demo.local', 'manager@demo.local'];
    let i = 0;
    for (const branch of branches) {
      for (let k = 0; k < perBranch; k++, i++) {
        const context = await this.browser.newContext({
          baseURL: this.base,
          viewport: { width: 1280, height: 900 },
          locale: 'en-US',
        });
        await context.addInitScript({ content: WATCH });
        const page = await context.newPage();
        await page.goto('/admin/tickets/manage');
        await page.waitForURL(/\/oidc\/interaction\//);
        await page.goto(`${page.url()}?lang=en`);
        await fillSignInPage(page, emails[i % emails.length]!);
        await page.goto('/admin/tickets/manage');
        await page.getByRole('button', { name: 'Start Live Orders' }).click();
        this.tabs.push({
          name: `${branch.name} ${k + 1}`,
          branchId: branch.branchId,
          page,
          context,
          seen: new Map(),
          chimes: [],
          offline: false,
        });
      }
    }
  }

  /** Reads what each tab saw so far (its page's notes). */
  async collect() {
    for (const tab of this.tabs) {
      const day = await tab.page
        .evaluate(
          () =>
            (window as unknown as { __day?: { seen: Record<string, number>; chimes: number[] } })
              .__day,
        )
        .catch(() => undefined);
      if (!day) continue;
      for (const [n, at] of Object.entries(day.seen))
        if (!tab.seen.has(Number(n))) tab.seen.set(Number(n), at - this.start);
      tab.chimes = day.chimes.map((at) => at - this.start);
    }
  }

  /** A tab loses its network (Wi-Fi gone) and gets it back `ms` later. */
  async offline(tab: Tab, ms: number) {
    tab.offline = true;
    await tab.context.setOffline(true);
    await sleep(ms);
    await tab.context.setOffline(false);
    tab.offline = false;
  }

  /**
   * A status change sent from the tab, with its own session, as the admin sends it (with the
   * status the tab saw): retried while the tab is offline or the server cannot answer. Answers
   * the ticket's status afterwards as the server tells it: the new one, or, when it was already
   * changed (by the other tablet, or by this call whose first answer was lost), the one it has
   * now, as the admin then shows it. `null`: no answer at all.
   */
  private async send(
    tab: Tab,
    ticketId: string,
    body: Record<string, unknown>,
  ): Promise<{ applied: boolean; status: string | null }> {
    const url = fillRoutePath(ticketsRoutes.updateStatus.path, {
      tenantId: this.tenantId,
      ticketId,
    });
    for (let attempt = 0; attempt < 120 && !this.stopped; attempt++) {
      const answer = await this.fromTab(tab, 'PUT', url, body).then((a) =>
        a
          ? {
              ...a,
              ticketStatus:
                (a.json as { results?: { status?: string } } | null)?.results?.status ??
                (a.json as { error?: { ticket?: { status?: string } } } | null)?.error?.ticket
                  ?.status ??
                null,
            }
          : null,
      );
      if (answer)
        this.answers.push({
          at: this.now(),
          status: answer.status,
          retryAfter: answer.retryAfter,
          what: 'status',
        });
      if (answer?.status === 200) {
        this.actions++;
        return { applied: true, status: answer.ticketStatus };
      }
      if (answer?.status === 409) {
        this.conflicts++;
        return { applied: false, status: answer.ticketStatus };
      }
      if (answer && answer.status < 500 && answer.status !== 429)
        return { applied: false, status: null };
      await sleep(1000);
    }
    return { applied: false, status: null };
  }

  /** A call from the tab's page with its session (the admin's bearer token), as the admin makes it. */
  private async fromTab(tab: Tab, method: string, url: string, body?: Record<string, unknown>) {
    // The tab's own token, renewed by the app; none while it is signed out.
    const token = await accessToken(tab.page).catch(() => '');
    return tab.page
      .evaluate(
        async ({ method, url, body, token }) => {
          const res = await fetch(url, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          }).catch(() => null);
          if (!res) return null;
          return {
            status: res.status,
            retryAfter: res.headers.has('retry-after'),
            json: (await res.json().catch(() => null)) as unknown,
          };
        },
        { method, url, body, token },
      )
      .catch(() => null);
  }

  /**
   * Works on an order by hand, as a person at the tablet does: its row in the list, the order's
   * sheet, then `work` on the sheet, then the sheet's close button. One person per tablet: while
   * a tab's hands are on one order, others go from the tab's session (a colleague at the
   * tablet's side; at a peak, hands alone would fall behind the orders). Answers null when the
   * hands were busy or the screen did not let it through within 10 s a step (the caller then
   * sends it from the tab's session, which the ledger follows as well); the first reasons go
   * to the report's notes.
   */
  private async onSheet<T>(
    tab: Tab,
    n: number,
    work: (sheet: Locator, page: Page) => Promise<T | null>,
  ): Promise<T | null> {
    if (this.busyHands.has(tab)) return null;
    this.busyHands.add(tab);
    const page = tab.page;
    const sheet = page.getByRole('dialog', { name: `Order #${n}` });
    try {
      // A hundred rows a page, set once the list has rows: the orders being worked on stay on
      // the first page.
      if (!tab.hundredRows) {
        await page.getByRole('combobox', { name: /Rows per page/ }).click({ timeout: STEP_MS });
        await page.getByRole('option', { name: '100', exact: true }).click({ timeout: STEP_MS });
        tab.hundredRows = true;
      }
      await page
        .getByRole('row', { name: new RegExp(`^Order #?${n},`) })
        .click({ timeout: STEP_MS });
      const done = await work(sheet, page);
      if (done !== null) this.byHandActions++;
      return done;
    } catch (error) {
      this.byHandMisses++;
      if (this.byHandMissReasons.length < 3) this.byHandMissReasons.push(`#${n}: ${why(error)}`);
      return null;
    } finally {
      // Closed with its close button, as a person does (focus may have left the sheet).
      await sheet
        .getByRole('button', { name: 'Close order details' })
        .click({ timeout: 5000 })
        .catch(() => page.keyboard.press('Escape'))
        .catch(() => undefined);
      await sheet.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
      this.busyHands.delete(tab);
    }
  }

  /**
   * Accepts, rejects (with a reason) or completes an order by hand on its sheet, with the
   * confirmation, and answers the status the sheet then shows: the new one, or what the other
   * tablet made of it first (the admin reads the order again after a 409).
   */
  private statusByHand(tab: Tab, order: LedgerOrder, action: 'accept' | 'reject' | 'complete') {
    const n = order.ticketNumber!;
    const from: TicketStatus = action === 'complete' ? 'InProgress' : 'UnVerified';
    const label = { accept: 'Accept', reject: 'Reject', complete: 'Complete' }[action];
    return this.onSheet(tab, n, async (sheet, page) => {
      // The status the sheet shows: the order's, once it has loaded.
      const chip = sheet.locator('h2 + .MuiChip-root');
      const shown = async () => STATUS_OF_LABEL.get(await chip.innerText({ timeout: STEP_MS }));
      const moved = async () => {
        for (let wait = 0; wait < 50; wait++) {
          const status = await shown();
          if (status && status !== from) return status;
          await sleep(200);
        }
        return null;
      };
      // Someone at the other tablet may have been quicker: the sheet shows what they did.
      if ((await shown()) !== from) return moved();
      await sheet.getByRole('button', { name: label, exact: true }).click({ timeout: STEP_MS });
      const confirm = page.getByRole('dialog', { name: `${label} order #${n}?` });
      if (action === 'reject')
        await confirm.getByRole('radio', { name: 'Out of stock' }).check({ timeout: STEP_MS });
      await confirm.getByRole('button', { name: label, exact: true }).click({ timeout: STEP_MS });
      await confirm.waitFor({ state: 'hidden', timeout: STEP_MS });
      return moved();
    });
  }

  /** Requests a driver by hand from the order's sheet (its dispatch panel), confirmed. */
  private driverByHand(tab: Tab, order: LedgerOrder) {
    return this.onSheet(tab, order.ticketNumber!, async (sheet, page) => {
      const panel = sheet.getByTestId('driver-dispatch-panel');
      const request = enDetails.dispatch.request;
      await panel.getByRole('button', { name: request }).click({ timeout: STEP_MS });
      await page
        .getByRole('dialog', { name: request })
        .getByRole('button', { name: request })
        .click({ timeout: STEP_MS });
      // The panel then shows the provider's status instead of "Not Requested".
      const status = panel.getByTestId('dispatch-status');
      const { DISPATCH_NOT_REQUESTED, DISPATCH_REQUEST_FAILED, REJECTED } =
        enDetails.dispatch.status;
      for (let wait = 0; wait < 50; wait++) {
        const text = await status.innerText({ timeout: STEP_MS });
        if (text === DISPATCH_REQUEST_FAILED || text === REJECTED) return null;
        if (text && text !== DISPATCH_NOT_REQUESTED) return 'requested' as const;
        await sleep(200);
      }
      return null;
    });
  }

  /**
   * A driver asked for from the tab (the ticket's Request driver), as the admin asks: sent again
   * while the provider could not be reached (503) or no answer came; a 409 saying a driver is
   * already requested means an earlier try got through.
   */
  private async requestDriver(tab: Tab, order: LedgerOrder) {
    const url = fillRoutePath(dispatchRoutes.request.path, { tenantId: this.tenantId });
    for (let attempt = 0; attempt < 60 && !this.stopped; attempt++) {
      const answer = await this.fromTab(tab, 'POST', url, { ticketId: order.ticketId! });
      const code = (answer?.json as { error?: { code?: string } } | null)?.error?.code;
      if (answer)
        this.answers.push({
          at: this.now(),
          status: answer.status,
          retryAfter: answer.retryAfter,
          what: 'driver request',
          // The provider failing a request is its fault, told as the spec says (503).
          expected: answer.status === 503 && code === 'driver_dispatch_request_failed',
        });
      if (answer?.status === 200 || (answer?.status === 409 && code === 'driver_dispatch_active')) {
        order.driver = 'requested';
        this.drivers++;
        return;
      }
      if (answer && answer.status < 500 && answer.status !== 429) return;
      this.driverRetries++;
      await sleep(1000);
    }
  }

  /**
   * A table bill payment refunded whole by hand from the owner's tab: Table transactions, the
   * payment's row (found by its first order number), Refund, then the dialog's "Refund JOD …".
   * Answers what is refunded now as the server tells the tab (its transactions call), so a
   * refund whose screen did not confirm it is counted as it really went. When the screen did
   * not let it through before the click that sends it, it is sent from the tab's session.
   */
  async refundBill(bill: BillPayment): Promise<number | null> {
    const tab = this.tabs[0]!;
    const page = tab.page;
    let sent = false;
    try {
      await page.goto(ADMIN_PAGES.tableBillTransactions.path);
      const row = page
        .getByRole('row')
        .filter({ hasText: new RegExp(`#${bill.ticketNumbers[0]}(?!\\d)`) });
      await row.getByRole('button', { name: /^Refund the payment of/ }).click({ timeout: STEP_MS });
      const dialog = page.getByRole('dialog', { name: enTableBills.refundDialog.title });
      const confirm = dialog.getByRole('button', { name: /^Refund / });
      await confirm.waitFor({ timeout: STEP_MS });
      sent = true;
      await confirm.click({ timeout: STEP_MS });
      await dialog.waitFor({ state: 'hidden', timeout: STEP_MS });
      this.byHandActions++;
    } catch (error) {
      this.byHandMisses++;
      if (this.byHandMissReasons.length < 3)
        this.byHandMissReasons.push(
          `refund of the bill of #${bill.ticketNumbers[0]}: ${why(error)}`,
        );
    }
    if (!sent) return this.refundFromSession(bill.transactionId);
    return this.refundedNow(tab, bill.transactionId);
  }

  /** What the server says is refunded of a table bill payment now (its transactions call). */
  private async refundedNow(tab: Tab, transactionId: string): Promise<number | null> {
    const url = fillRoutePath(tableBillsRoutes.transactions.path, { tenantId: this.tenantId });
    for (let page = 0, attempt = 0; attempt < 30; attempt++) {
      const query = new URLSearchParams({
        dateFrom: new Date(this.start - 60_000).toISOString(),
        dateTo: new Date(Date.now() + 60_000).toISOString(),
        pageSize: '100',
        page: String(page),
      });
      const answer = await this.fromTab(tab, 'GET', `${url}?${query}`);
      if (answer?.status !== 200) {
        await sleep(1000);
        continue;
      }
      const { results } = answer.json as TableBillTransactionsResponse;
      const found = results.find((t) => t.tableBillTransactionId === transactionId);
      if (found) return found.refundedAmount;
      if (results.length < 100) return null;
      page++;
    }
    return null;
  }

  /** A table bill payment refunded whole from the owner's tab's session; answers what is now refunded. */
  private async refundFromSession(transactionId: string): Promise<number | null> {
    const tab = this.tabs[0]!;
    const url = fillRoutePath(tableBillsRoutes.refund.path, { tenantId: this.tenantId });
    for (let attempt = 0; attempt < 30; attempt++) {
      const answer = await this.fromTab(tab, 'PATCH', url, {
        tableBillTransactionId: transactionId,
      });
      if (answer)
        this.answers.push({
          at: this.now(),
          status: answer.status,
          retryAfter: answer.retryAfter,
          what: 'table bill refund',
        });
      if (answer?.status === 200)
        return (answer.json as { results: TableBillTransaction }).results.refundedAmount;
      if (answer && answer.status < 500 && answer.status !== 429) return null;
      await sleep(1000);
    }
    return null;
  }

  /**
   * Works through the orders as they show on the branch's tabs: the tab whose turn it is acts
   * (the other one now and then too, racing it as two people at two tablets do); an accepted
   * order is completed or cancelled a little later.
   */
  async work(ledger: LedgerOrder[], pace: number) {
    const handled = new Set<string>();
    const jobs: Promise<void>[] = [];
    while (!this.stopped) {
      await this.collect();
      for (const order of ledger) {
        if (order.outcome !== 'acknowledged' || !order.ticketId || handled.has(order.ticketId))
          continue;
        const tabs = this.tabs.filter((t) => t.branchId === order.branchId);
        const seenBy = tabs.filter((t) => t.seen.has(order.ticketNumber!));
        if (seenBy.length === 0) continue;
        handled.add(order.ticketId);
        const act = decision(order.ticketNumber!, this.seed);
        if (act === 'leave') continue;
        const tab = tabs[order.ticketNumber! % tabs.length] ?? seenBy[0]!;
        const other = tabs.find((t) => t !== tab);
        jobs.push(this.act(order, act, tab, other, pace));
      }
      await sleep(200);
    }
    await Promise.all(jobs);
  }

  private async act(
    order: LedgerOrder,
    act: ReturnType<typeof decision>,
    tab: Tab,
    other: Tab | undefined,
    pace: number,
  ) {
    const id = order.ticketId!;
    /** The ledger follows what the server answered (the status the admin then shows). */
    const note = (result: { status: string | null }) => {
      if (result.status) order.status = result.status as TicketStatus;
      return result.status;
    };
    await sleep((1000 + Math.random() * 4000) * pace);
    // By hand only on a tablet that shows the order and has its network.
    const hand = () =>
      byHandShare(order.ticketNumber!) && !tab.offline && tab.seen.has(order.ticketNumber!);
    if (act === 'reject') {
      const shown = hand() ? await this.statusByHand(tab, order, 'reject') : null;
      note(
        shown
          ? { status: shown }
          : await this.send(tab, id, {
              status: 'Cancelled',
              fromStatus: 'UnVerified',
              reason: 'OUT_OF_STOCK',
            }),
      );
      return;
    }
    const accept = { status: 'InProgress', fromStatus: 'UnVerified' };
    const mine = async () => {
      const shown = hand() ? await this.statusByHand(tab, order, 'accept') : null;
      return shown ? { applied: true, status: shown } : this.send(tab, id, accept);
    };
    // Now and then both tablets tap Accept: one wins, the other is told it changed.
    const race =
      other && Math.random() < 0.1
        ? this.send(other, id, accept)
        : Promise.resolve({ applied: false, status: null });
    const results = await Promise.all([mine(), race]);
    const accepted = results.find((r) => r.applied) ?? results.find((r) => r.status !== null);
    if (!accepted || note(accepted) !== 'InProgress') return;
    // A delivery that goes out gets a driver from the branch's provider.
    if (order.template === 'DELIVERY' && act !== 'accept-then-cancel') {
      if (hand() && (await this.driverByHand(tab, order))) {
        order.driver = 'requested';
        this.drivers++;
      } else await this.requestDriver(tab, order);
    }
    if (act === 'accept') return;
    await sleep((3000 + Math.random() * 10_000) * pace);
    if (act === 'accept-then-complete') {
      const shown = hand() ? await this.statusByHand(tab, order, 'complete') : null;
      note(
        shown
          ? { status: shown }
          : await this.send(tab, id, { status: 'Completed', fromStatus: 'InProgress' }),
      );
      return;
    }
    note(
      await this.send(tab, id, {
        status: 'Cancelled',
        fromStatus: 'InProgress',
        reason: 'CANCELLED_BY_CUSTOMER',
      }),
    );
  }

  stop() {
    this.stopped = true;
  }

  async close() {
    this.stopped = true;
    await this.browser?.close();
  }
}
