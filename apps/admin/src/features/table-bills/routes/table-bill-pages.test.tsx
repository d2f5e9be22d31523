import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fillRoutePath,
  tableBillsRoutes,
  type TableBillTransaction,
  type TableBillTransactionsResponse,
} from '@app/contracts';
import { TEST_PROFILE, TEST_TENANT } from '../../../test/app-render.tsx';
import { fakeServer, ok, type FakeRequest } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import type { HubEventListener, RealtimeClient } from '../../../lib/realtime.ts';
import { LivePaymentsPage } from './live-payments-page.tsx';
import { TransactionsPage } from './transactions-page.tsx';

const tenantId = TEST_TENANT.tenantId;
const feedUrl = fillRoutePath(tableBillsRoutes.paymentsFeed.path, { tenantId });
const refundUrl = fillRoutePath(tableBillsRoutes.refund.path, { tenantId });
const transactionsUrl = fillRoutePath(tableBillsRoutes.transactions.path, { tenantId });
const harbour = TEST_PROFILE.branchProfiles[0]!;

const payment = (n: number, over: Partial<TableBillTransaction> = {}): TableBillTransaction => ({
  tableBillTransactionId: `aaaaaaaa-0000-4000-8000-00000000000${n}`,
  tenantId,
  branchId: harbour.branchId,
  branchName: harbour.branchName,
  serviceAreaId: `bbbbbbbb-0000-4000-8000-00000000000${n}`,
  serviceArea: `${n}`,
  ticketNumbers: [1040 + n],
  amount: 12,
  refundedAmount: 0,
  currency: 'JOD',
  status: 'PAID',
  paymentMethodType: 'CREDIT_CARD_ONLINE',
  cardScheme: 'VISA',
  maskedValue: '•••• 4242',
  paymentReference: `pay_${n}`,
  paidAt: '2025-06-11T09:00:00.000Z',
  refunds: [],
  ...over,
});

/** A hub the test speaks through. */
function fakeHub() {
  const listeners = new Set<HubEventListener>();
  const client: RealtimeClient = {
    state: 'connected',
    start: () => undefined,
    stop: () => undefined,
    setSoundOn: () => undefined,
    onStateChange: () => () => undefined,
    onTicketsUpdate: () => () => undefined,
    onRefetchNeeded: () => () => undefined,
    onEvent: (_name, listener) => (listeners.add(listener), () => listeners.delete(listener)),
  };
  return {
    createClient: () => client,
    emit: (data: unknown) => listeners.forEach((l) => l(data)),
  };
}

const paid = (tx: TableBillTransaction) => ({
  change: 'paid',
  tenantId,
  branchId: tx.branchId,
  tableBillTransactionId: tx.tableBillTransactionId,
  status: 'PAID',
  amount: tx.amount,
  refundedAmount: 0,
  currency: 'JOD',
  at: tx.paidAt,
});

const spaced = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

afterEach(() => vi.unstubAllGlobals());

describe('table live payments', () => {
  it('shows a payment arriving through the hub, highlighted and announced', async () => {
    let feed = [payment(1)];
    const server = fakeServer({ [`GET ${feedUrl}`]: () => Response.json({ results: feed }) });
    const hub = fakeHub();
    renderCatalog(<LivePaymentsPage createClient={hub.createClient} />);
    const first = await screen.findByRole('article', { name: 'Table 1 · Harbour Street' });
    expect(within(first).getByText('Paid')).toBeVisible();
    expect(spaced(first.textContent)).toContain('JOD 12.000');
    expect(first.textContent).toContain('#1041');

    const arrived = payment(2, { amount: 8.5, paidAt: '2025-06-11T09:05:00.000Z' });
    feed = [arrived, ...feed];
    hub.emit(paid(arrived));
    const card = await screen.findByRole('article', { name: 'Table 2 · Harbour Street' });
    expect(card).toHaveAttribute('data-fresh', 'true');
    expect(server.requests.filter((r) => r.url.pathname === feedUrl)).toHaveLength(2);
    await waitFor(() =>
      expect(spaced(screen.getByText(/New table payment of/).textContent)).toBe(
        'New table payment of JOD 8.500.',
      ),
    );
    // Another tenant's event (or a malformed one) changes nothing.
    hub.emit({ ...paid(arrived), tenantId: '99999999-0000-4000-8000-000000000000' });
    hub.emit({ change: 'paid' });
    expect(server.requests.filter((r) => r.url.pathname === feedUrl)).toHaveLength(2);
  });

  it('refunds a part after confirming, refusing more than is left', async () => {
    const bodies: unknown[] = [];
    fakeServer({
      [`GET ${feedUrl}`]: ok([payment(1, { refundedAmount: 2, status: 'PARTIALLY_REFUNDED' })]),
      [`PATCH ${refundUrl}`]: (r: FakeRequest) => {
        bodies.push(JSON.parse(r.body!));
        return Response.json({
          results: payment(1, { refundedAmount: 5, status: 'PARTIALLY_REFUNDED' }),
        });
      },
    });
    const user = userEvent.setup();
    renderCatalog(<LivePaymentsPage createClient={fakeHub().createClient} />);
    await user.click(await screen.findByRole('button', { name: /Refund the payment of Table 1/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund a table payment' });
    expect(spaced(within(dialog).getByText('JOD 10.000').textContent)).toBe('JOD 10.000');
    await user.click(within(dialog).getByRole('radio', { name: 'Part of it' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund' });
    await user.type(amount, '10.5');
    await user.click(within(dialog).getByRole('button', { name: /^Refund/ }));
    expect(spaced(within(dialog).getByText(/can be refunded/).textContent)).toBe(
      'At most JOD 10.000 can be refunded.',
    );
    expect(bodies).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '3');
    await user.click(within(dialog).getByRole('button', { name: /^Refund/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      { tableBillTransactionId: payment(1).tableBillTransactionId, amount: 3 },
    ]);
    expect(spaced((await screen.findByText(/refunded\.$/)).textContent)).toBe(
      'JOD 3.000 refunded.',
    );
  });

  it('says why a refund was refused by the server, and keeps nothing half done', async () => {
    fakeServer({
      [`GET ${feedUrl}`]: ok([payment(1)]),
      [`PATCH ${refundUrl}`]: () =>
        Response.json({ error: { code: 'already_refunded', message: 'done' } }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderCatalog(<LivePaymentsPage createClient={fakeHub().createClient} />);
    await user.click(await screen.findByRole('button', { name: /Refund the payment of Table 1/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Refund JOD\s12\.000/ }));
    expect(
      await within(dialog).findByText('This payment has already been refunded in full.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: /^Refund/ })).toBeDisabled();
  });

  it('says when the gateway has not confirmed a refund, and checks it without a second', async () => {
    const pendingRefund = {
      id: 'cccccccc-0000-4000-8000-000000000001',
      amount: 4,
      at: '2025-06-11T09:30:00.000Z',
      by: 'Lina Haddad',
      status: 'PENDING' as const,
    };
    const bodies: unknown[] = [];
    let answer = payment(1, { refunds: [pendingRefund] });
    fakeServer({
      [`GET ${feedUrl}`]: () => Response.json({ results: [answer] }),
      [`PATCH ${refundUrl}`]: (r: FakeRequest) => {
        bodies.push(JSON.parse(r.body!));
        // The gateway answers the second check only.
        if (bodies.length === 2)
          answer = payment(1, {
            refundedAmount: 4,
            status: 'PARTIALLY_REFUNDED',
            refunds: [{ ...pendingRefund, status: 'SUCCEEDED' }],
          });
        return Response.json({ results: answer });
      },
    });
    const user = userEvent.setup();
    renderCatalog(<LivePaymentsPage createClient={fakeHub().createClient} />);
    // The first refund got no answer from the gateway: the payment says so.
    expect(await screen.findByText('Refund pending')).toBeVisible();
    const check = () => screen.getByRole('button', { name: /Check the pending refund of Table 1/ });
    await user.click(check());
    let dialog = screen.getByRole('dialog', { name: 'A refund is pending' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(spaced(within(dialog).getByRole('alert').textContent)).toMatch(
      /^A refund of JOD 4\.000 was asked, but the card gateway has not confirmed it yet\./,
    );
    // Still no answer: the owner is told it stays pending.
    await user.click(within(dialog).getByRole('button', { name: 'Check the refund' }));
    expect(spaced((await screen.findByText(/has not confirmed the refund of/)).textContent)).toBe(
      'The card gateway has not confirmed the refund of JOD 4.000 yet. It shows as pending and is checked again automatically.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(check());
    dialog = screen.getByRole('dialog', { name: 'A refund is pending' });
    await user.click(within(dialog).getByRole('button', { name: 'Check the refund' }));
    expect(spaced((await screen.findByText(/refunded\.$/)).textContent)).toBe(
      'JOD 4.000 refunded.',
    );
    // A check names no amount: the server settles the pending refund and asks no other.
    const id = payment(1).tableBillTransactionId;
    expect(bodies).toEqual([{ tableBillTransactionId: id }, { tableBillTransactionId: id }]);
    await waitFor(() => expect(screen.queryByText('Refund pending')).not.toBeInTheDocument());
  });

  it('says when nothing was paid in the past 24 hours', async () => {
    fakeServer({ [`GET ${feedUrl}`]: ok([]) });
    renderCatalog(<LivePaymentsPage createClient={fakeHub().createClient} />);
    expect(await screen.findByText('No table payments in the past 24 hours.')).toBeVisible();
  });
});

describe('table transactions', () => {
  const page: TableBillTransactionsResponse = {
    results: [payment(1, { refundedAmount: 12, status: 'REFUNDED' }), payment(2)],
    page: 0,
    pageSize: 25,
    totals: { count: 2, amounts: [{ currency: 'JOD', paid: 24, refunded: 12 }] },
  };

  it('asks for whole local days and shows the range totals', async () => {
    const { requests } = fakeServer({ [`GET ${transactionsUrl}`]: () => Response.json(page) });
    const user = userEvent.setup();
    renderCatalog(<TransactionsPage createClient={fakeHub().createClient} />);
    const table = await screen.findByRole('table', { name: 'Table transactions' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(spaced(screen.getByText(/^Payments:/).textContent)).toBe(
      'Payments: 2 · paid JOD 24.000 · refunded JOD 12.000 · net JOD 12.000',
    );
    // A refunded payment offers no second refund.
    expect(within(table).getByRole('button', { name: /Table 1/ })).toBeDisabled();
    expect(within(table).getByRole('button', { name: /Table 2/ })).toBeEnabled();
    const first = requests[0]!.url.searchParams;
    const from = new Date(first.get('dateFrom')!);
    const to = new Date(first.get('dateTo')!);
    expect([from.getHours(), from.getMinutes()]).toEqual([0, 0]);
    expect(to.getTime() - from.getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);

    const start = screen.getByLabelText('From');
    const end = screen.getByLabelText('To');
    await user.clear(end);
    await user.type(end, '2025-06-01');
    await user.clear(start);
    await user.type(start, '2025-06-30');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The end comes before the start.')).toBeVisible();
    expect(requests).toHaveLength(1);
  });
});
