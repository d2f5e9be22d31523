import { useState, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket } from '@app/contracts';
import { testQueryClient } from '../../../../test/render-feature.tsx';
import { AppProviders } from '../../../../app/providers.tsx';
import { SessionProvider } from '../../../../lib/session.tsx';
import { sessionFor, TEST_TENANT } from '../../../../test/app-render.tsx';
import { authConfigRoute, fakeServer, ok, type FakeRoute } from '../../../../test/fake-server.ts';
import { TicketViewPage } from '../../routes/ticket-view-page.tsx';
import { TicketDetailsSheet, type TicketRef } from './ticket-details-sheet.tsx';
import { OLD_TOWN, testTicket, TICKET_ID } from '../../test/test-ticket.ts';

const TENANT = TEST_TENANT.tenantId;
const OTHER_TENANT = '22222222-2222-4222-8222-222222222222';
const url = `/api/admin/tenants/${TENANT}/tickets/${TICKET_ID}`;

function renderApp(ui: ReactElement, path = '/admin/tickets/manage', pattern = '*') {
  const queryClient = testQueryClient();
  const session = sessionFor('OrderTaker', {
    tenants: [
      { ...TEST_TENANT, role: 'OrderTaker' },
      { ...TEST_TENANT, tenantId: OTHER_TENANT, role: 'OrderTaker' },
    ],
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <SessionProvider session={session}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={ui} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </AppProviders>,
  );
}

/** A page that opens the sheet from a button, as the live orders list does from a row. */
function Host({ initial = null }: { initial?: TicketRef | null }) {
  const [ticket, setTicket] = useState<TicketRef | null>(initial);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <button onClick={() => setTicket({ tenantId: TENANT, ticketId: TICKET_ID })}>open</button>
      <button onClick={() => void navigate(-1)}>browser back</button>
      <span data-testid="path">{location.pathname}</span>
      <TicketDetailsSheet ticket={ticket} onClose={() => setTicket(null)} />
    </>
  );
}

/** Serves one ticket; a PUT answers `onPut` (by default the ticket moved to the sent status). */
function serveTicket(ticket: Ticket, onPut?: FakeRoute) {
  let current = ticket;
  return fakeServer({
    ...authConfigRoute,
    [`GET ${url}`]: () => Response.json({ results: current }),
    [`PUT ${url}`]:
      onPut ??
      ((request) => {
        const body = JSON.parse(request.body ?? '{}') as { status: Ticket['status'] };
        current = { ...current, status: body.status };
        return Response.json({ results: current });
      }),
  });
}

async function openSheet() {
  const user = userEvent.setup();
  renderApp(<Host />);
  await user.click(screen.getByRole('button', { name: 'open' }));
  const sheet = await screen.findByRole('dialog', { name: 'Order #42' });
  return { user, sheet };
}

const puts = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.method === 'PUT');

afterEach(() => vi.unstubAllGlobals());

describe('the ticket details sheet', () => {
  it('labels an unverified ticket Not Accepted and offers accept and reject only', async () => {
    serveTicket(testTicket());
    const { sheet } = await openSheet();
    expect(within(sheet).getByText('Not Accepted')).toBeVisible();
    const actions = within(sheet).getByRole('group', { name: 'Order actions' });
    expect(within(actions).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(within(actions).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(within(actions).queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('offers complete and cancel in progress, and no status action once completed', async () => {
    serveTicket(testTicket({ status: 'InProgress' }));
    const { sheet } = await openSheet();
    expect(within(sheet).getByText('In Progress')).toBeVisible();
    expect(within(sheet).getByRole('button', { name: 'Complete' })).toBeVisible();
    expect(within(sheet).getByRole('button', { name: 'Cancel order' })).toBeVisible();
    expect(within(sheet).queryByRole('button', { name: 'Accept' })).toBeNull();
    vi.unstubAllGlobals();

    serveTicket(testTicket({ status: 'Completed' }));
    renderApp(<Host initial={{ tenantId: TENANT, ticketId: TICKET_ID }} />);
    const done = (await screen.findAllByRole('dialog', { name: 'Order #42' })).at(-1)!;
    expect(await within(done).findByText('Completed')).toBeVisible();
    const actions = within(done).getByRole('group', { name: 'Order actions' });
    for (const name of ['Accept', 'Reject', 'Complete', 'Cancel order'])
      expect(within(actions).queryByRole('button', { name })).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Transfer' })).toBeDisabled();
  });

  it('accepts after confirming, with the note, and shows the new status', async () => {
    const server = serveTicket(testTicket());
    const { user, sheet } = await openSheet();
    await user.click(within(sheet).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept order #42?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'On it');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Order #42 accepted');
    expect(JSON.parse(puts(server)[0]!.body!)).toEqual({
      status: 'InProgress',
      fromStatus: 'UnVerified',
      note: 'On it',
      reason: null,
    });
    expect(await within(sheet).findByText('In Progress')).toBeVisible();
    expect(within(sheet).getByRole('button', { name: 'Complete' })).toBeVisible();
  });

  it('does not reject without one of the four reasons', async () => {
    const server = serveTicket(testTicket());
    const { user, sheet } = await openSheet();
    await user.click(within(sheet).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order #42?' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(4);
    expect(within(dialog).queryByText(/refunded/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Required')).toBeVisible();
    // The error belongs to the reasons: a screen reader reads it with the group.
    const reasons = within(dialog).getByRole('radiogroup', { name: 'Reason' });
    expect(reasons).toHaveAccessibleDescription('Required');
    expect(reasons).toHaveAttribute('aria-invalid', 'true');
    expect(puts(server)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Out of stock' }));
    expect(within(dialog).queryByText('Required')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(JSON.parse(puts(server)[0]!.body!)).toEqual({
      status: 'Cancelled',
      fromStatus: 'UnVerified',
      note: null,
      reason: 'OUT_OF_STOCK',
    });
    expect(await within(sheet).findByText('Cancelled')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Order #42 rejected: Out of stock');
  });

  it('warns about the refund when cancelling an order paid online', async () => {
    const paid = testTicket({ status: 'InProgress' });
    paid.ticketDetails.paymentDetails = {
      paymentMethodType: 'CREDIT_CARD_ONLINE',
      cardScheme: 'VISA',
      maskedValue: '**** 4242',
      paymentStatus: 'SUCCESS',
      paymentUniqueInvoiceId: 'INV-1',
    };
    serveTicket(paid);
    const { user, sheet } = await openSheet();
    expect(within(sheet).getByText('**** 4242')).toBeVisible();
    await user.click(within(sheet).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    expect(
      within(dialog).getByText(
        'This order was paid online: cancelling it refunds the payment to the customer in full.',
      ),
    ).toBeVisible();
  });

  it('says a refund is pending and checks it by sending the cancel again', async () => {
    const cancelled = testTicket({ status: 'Cancelled', cancellationReason: 'OUT_OF_STOCK' });
    const payment = (paymentStatus: string) => ({
      paymentMethodType: 'CREDIT_CARD_ONLINE' as const,
      cardScheme: 'VISA',
      maskedValue: '**** 4242',
      paymentStatus,
      paymentUniqueInvoiceId: 'INV-1',
    });
    cancelled.ticketDetails.paymentDetails = payment('REFUND_PENDING');
    const refunded: Ticket = {
      ...cancelled,
      ticketDetails: { ...cancelled.ticketDetails, paymentDetails: payment('REFUNDED') },
    };
    let served = cancelled;
    const server = fakeServer({
      ...authConfigRoute,
      [`GET ${url}`]: () => Response.json({ results: served }),
      [`PUT ${url}`]: () => {
        served = refunded;
        return Response.json({ results: served });
      },
    });
    const { user, sheet } = await openSheet();
    expect(within(sheet).getByText('Refund pending')).toBeVisible();
    expect(
      within(sheet).getByText(/The card gateway has not confirmed the refund yet/),
    ).toBeVisible();
    await user.click(within(sheet).getByRole('button', { name: 'Check the refund' }));
    // The whole total, 7.750 (6.500 and 1.250 delivery), in the currency's own format.
    expect(await screen.findByText(/^JOD\s7\.750 refunded\.$/)).toBeVisible();
    // The same cancel, with its reason, from the status it has: the server settles the refund.
    expect(puts(server).map((r) => JSON.parse(r.body!) as unknown)).toEqual([
      expect.objectContaining({
        status: 'Cancelled',
        fromStatus: 'Cancelled',
        reason: 'OUT_OF_STOCK',
      }),
    ]);
    expect(await within(sheet).findByText('Refunded')).toBeVisible();
  });

  it('explains a 409 and reads the ticket again', async () => {
    const server = serveTicket(testTicket(), () =>
      Response.json(
        {
          error: {
            code: 'illegal_transition',
            message: 'A ticket Cancelled cannot become InProgress',
          },
        },
        { status: 409 },
      ),
    );
    const { user, sheet } = await openSheet();
    const gets = () => server.requests.filter((r) => r.method === 'GET' && r.url.pathname === url);
    expect(gets()).toHaveLength(1);
    await user.click(within(sheet).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText(
        'Someone else changed this order first. It now shows its current status.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(gets()).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Accept order #42?' })).toBeNull(),
    );
  });

  it('shows what the order became when someone else moved it first (409 status_changed)', async () => {
    let current = testTicket();
    const cancelled = testTicket({ status: 'Cancelled', cancellationReason: 'OUT_OF_STOCK' });
    fakeServer({
      ...authConfigRoute,
      [`GET ${url}`]: () => Response.json({ results: current }),
      [`PUT ${url}`]: () => {
        current = cancelled;
        return Response.json(
          {
            error: {
              code: 'status_changed',
              message: 'The ticket is Cancelled now, no longer UnVerified',
              ticket: cancelled,
            },
          },
          { status: 409 },
        );
      },
    });
    const { user, sheet } = await openSheet();
    await user.click(within(sheet).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('Someone else changed this order first: it is now Cancelled.'),
    ).toBeVisible();
    expect(await within(sheet).findByText('Cancelled')).toBeVisible();
    expect(within(sheet).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Accept order #42?' })).toBeNull();
  });

  it('shows every part of the ticket, truncating long modifier titles', async () => {
    const ticket = testTicket();
    const line = ticket.cartData.cartItems[0]!;
    line.itemModifiers[0]!.localizedTitle = { fieldValue: 'M'.repeat(130) };
    line.itemModifiers[0]!.childItemModifiers[0]!.localizedTitle = { fieldValue: 'C'.repeat(90) };
    serveTicket(ticket);
    const { sheet } = await openSheet();
    expect(within(sheet).getByText(`${'M'.repeat(119)}…`)).toBeVisible();
    expect(within(sheet).getByText(`${'C'.repeat(79)}…`)).toBeVisible();
    expect(within(sheet).getByText('2 × Hummus')).toBeVisible();
    expect(within(sheet).getByText(/Large/)).toBeVisible();
    expect(within(sheet).getByText('Special request: No garlic')).toBeVisible();
    expect(within(sheet).getByText('Tax 16% (included): JOD 0.897')).toBeVisible();
    expect(within(sheet).getByText('As soon as possible')).toBeVisible();
    expect(within(sheet).getByText('Abdoun')).toBeVisible();
    expect(within(sheet).getByText('Blue door')).toBeVisible();
    expect(within(sheet).getByText('Ring twice')).toBeVisible();
    expect(within(sheet).getByText('Cash')).toBeVisible();
    // Amounts with the JOD's three decimals, as on the receipt: line and items total, modifier, delivery, total.
    expect(within(sheet).getByText('JOD 1.500')).toBeVisible();
    expect(within(sheet).getAllByText('JOD 6.500')).toHaveLength(2);
    expect(within(sheet).getByText('JOD 1.250')).toBeVisible();
    expect(within(sheet).getByText('JOD 7.750')).toBeVisible();
    const map = within(sheet).getByRole('link', { name: 'Open location in maps' });
    expect(map).toHaveAttribute('href', expect.stringContaining('31.95,35.88'));
    const share = within(sheet).getByRole('link', { name: 'Share order (WhatsApp)' });
    const text = decodeURIComponent(share.getAttribute('href')!.split('text=')[1]!);
    expect(text).toContain('طلب رقم #42');
    expect(text).toContain('2 × حمص (كبير)');
  });

  it('shows totals whose lines add up: items, included tax told apart, added tax once', async () => {
    const ticket = testTicket();
    const cart = ticket.cartData;
    cart.cartItems[0]!.taxes.push({
      taxId: '88888888-8888-4888-8888-888888888890',
      taxType: 'ADDITIVE',
      percentage: 10,
      localizedTitle: { fieldValue: 'Sales tax' },
      taxAmount: 0.65,
    });
    Object.assign(cart, {
      additiveTaxTotal: 0.65,
      itemsTotalForDisplay: 7.15,
      total: 8.4,
    });
    serveTicket(ticket);
    const { sheet } = await openSheet();
    const totals = within(sheet).getByRole('region', { name: 'Totals' });
    const rows = [...totals.querySelectorAll(':scope > div')].map((r) =>
      [...r.children].map((c) => c.textContent?.replace(/\s+/g, ' ')),
    );
    // 6.500 + 0.650 + 1.250 = 8.400; the 0.897 of VAT is inside the 6.500.
    expect(rows).toEqual([
      ['Items', 'JOD 6.500'],
      ['Includes Tax 16%', '(JOD 0.897)'],
      ['Sales tax', 'JOD 0.650'],
      ['Delivery', 'JOD 1.250'],
      ['Total', 'JOD 8.400'],
    ]);
  });

  it('shows the discount with its code, type and value', async () => {
    const ticket = testTicket();
    ticket.cartData.discountDetails = {
      discountCode: 'SAVE15',
      discountType: 'PERCENTAGE',
      appliedDiscountValue: 0.975,
    };
    ticket.cartData.total = 6.775;
    serveTicket(ticket);
    const { sheet } = await openSheet();
    expect(within(sheet).getByText('Discount (SAVE15, percentage)')).toBeVisible();
    expect(within(sheet).getByText('−JOD 0.975')).toBeVisible();
    expect(within(sheet).getByText('JOD 6.775')).toBeVisible();
  });

  it('names the Delivery & Pickup QR (unique link) the order came through', async () => {
    const ticket = testTicket();
    ticket.ticketDetails.uniqueLink = {
      id: '77777777-7777-4777-8777-777777777777',
      name: 'Flyer',
    };
    serveTicket(ticket);
    const { sheet } = await openSheet();
    expect(within(sheet).getByText('Delivery & Pickup QR')).toBeVisible();
    expect(within(sheet).getByText('Flyer')).toBeVisible();
  });

  it('says the order is not found on a 404', async () => {
    fakeServer({ ...authConfigRoute });
    const { sheet } = await (async () => {
      const user = userEvent.setup();
      renderApp(<Host />);
      await user.click(screen.getByRole('button', { name: 'open' }));
      return { sheet: await screen.findByRole('dialog', { name: 'Order details' }) };
    })();
    expect(await within(sheet).findByText('Order not found or expired')).toBeVisible();
  });

  it('says the order is not found on any other refusal, without retrying', async () => {
    const server = fakeServer({
      ...authConfigRoute,
      [`GET ${url}`]: () =>
        Response.json(
          { errors: [{ field: 'ticketId', codes: ['ticket_id_invalid'] }] },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderApp(<Host />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order details' });
    expect(await within(sheet).findByText('Order not found or expired')).toBeVisible();
    expect(server.requests.filter((r) => r.url.pathname === url)).toHaveLength(1);
  });

  it('closes on browser back and on its close button, staying on the page', async () => {
    serveTicket(testTicket());
    const { user } = await openSheet();
    await user.click(screen.getByRole('button', { name: 'browser back', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order #42' })).toBeNull());
    expect(screen.getByTestId('path')).toHaveTextContent('/admin/tickets/manage');

    await user.click(screen.getByRole('button', { name: 'open' }));
    const sheet = await screen.findByRole('dialog', { name: 'Order #42' });
    await user.click(within(sheet).getByRole('button', { name: 'Close order details' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order #42' })).toBeNull());
    expect(screen.getByTestId('path')).toHaveTextContent('/admin/tickets/manage');
  });

  it('transfers to another branch of the tenant after a confirmation', async () => {
    const server = fakeServer({
      ...authConfigRoute,
      [`GET ${url}`]: ok(testTicket()),
      [`PUT /api/admin/tenants/${TENANT}/tickets/branches/${OLD_TOWN}/transfer`]: ok(
        testTicket({ branchId: OLD_TOWN, branchName: { fieldValue: 'Old Town' } }),
      ),
    });
    const { user, sheet } = await openSheet();
    await user.click(within(sheet).getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer order #42' });
    await user.click(within(dialog).getByRole('radio', { name: 'Old Town' }));
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Order transferred to Old Town')).toBeVisible();
    expect(JSON.parse(puts(server)[0]!.body!)).toEqual({
      branchId: OLD_TOWN,
      ticketId: TICKET_ID,
      ticketTenantId: TENANT,
    });
  });
});

describe('the ticket view page', () => {
  it("finds the ticket in the user's other tenant", async () => {
    fakeServer({
      ...authConfigRoute,
      [`GET /api/admin/tenants/${OTHER_TENANT}/tickets/${TICKET_ID}`]: ok(
        testTicket({ tenantId: OTHER_TENANT, status: 'InProgress' }),
      ),
    });
    renderApp(<TicketViewPage />, `/admin/tickets/view/${TICKET_ID}`, '/admin/tickets/view/:id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeVisible();
    // The other tenant's branches are not in the session: no transfer from here.
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeDisabled();
  });

  it('opens a ticket by its number as printed, and acts on it by its id', async () => {
    const server = fakeServer({
      ...authConfigRoute,
      [`GET /api/admin/tenants/${TENANT}/tickets/42`]: ok(testTicket()),
      [`GET ${url}`]: ok(testTicket()),
      [`PUT ${url}`]: ok(testTicket({ status: 'InProgress' })),
    });
    const user = userEvent.setup();
    renderApp(<TicketViewPage />, '/admin/tickets/view/42', '/admin/tickets/view/:id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Order #42 accepted')).toBeVisible();
    expect(puts(server).map((r) => r.url.pathname)).toEqual([url]);
  });

  it.each([422, 400])(
    'says Order not found or expired at once when the server refuses the link (%i)',
    async (status) => {
      const server = fakeServer({
        ...authConfigRoute,
        [`GET /api/admin/tenants/${TENANT}/tickets/x1`]: () =>
          Response.json(
            { errors: [{ field: 'ticketId', codes: ['ticket_id_invalid'] }] },
            { status },
          ),
      });
      renderApp(<TicketViewPage />, '/admin/tickets/view/x1', '/admin/tickets/view/:id');
      expect(await screen.findByText('Order not found or expired')).toBeVisible();
      expect(screen.queryByRole('progressbar')).toBeNull();
      const tries = server.requests.filter((r) => r.url.pathname.endsWith('/tickets/x1'));
      expect(tries).toHaveLength(1);
    },
  );

  it('says Order not found or expired when no tenant has it', async () => {
    const server = fakeServer({ ...authConfigRoute });
    renderApp(<TicketViewPage />, `/admin/tickets/view/${TICKET_ID}`, '/admin/tickets/view/:id');
    expect(await screen.findByText('Order not found or expired')).toBeVisible();
    expect(server.requests.map((r) => r.url.pathname)).toEqual([
      url,
      `/api/admin/tenants/${OTHER_TENANT}/tickets/${TICKET_ID}`,
    ]);
  });
});
