import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DispatchStatus, DriverDispatch, Ticket } from '@app/contracts';
import { testQueryClient } from '../../../../test/render-feature.tsx';
import { AppProviders } from '../../../../app/providers.tsx';
import { SessionProvider } from '../../../../lib/session.tsx';
import { sessionFor, TEST_TENANT } from '../../../../test/app-render.tsx';
import { authConfigRoute, fakeServer, ok } from '../../../../test/fake-server.ts';
import { testTicket, TICKET_ID } from '../../test/test-ticket.ts';
import { DriverDispatchPanel } from './driver-dispatch-panel.tsx';

const TENANT = TEST_TENANT.tenantId;
const BASE = `/api/admin/tenants/${TENANT}/branches/b1/dispatchdriver`;

/** The ticket's dispatch config; `requested`: a driver was requested once. */
const configOf = (requested: boolean) =>
  ok({
    ticketId: TICKET_ID,
    available: true,
    reason: null,
    integrationType: 'THIRDPARTY_TALABAT_EXPRESS',
    supportPhoneNumber: '+96265000001',
    requested,
  });

const dispatchIn = (dispatchStatus: DispatchStatus): DriverDispatch => ({
  ticketId: TICKET_ID,
  integrationType: 'THIRDPARTY_TALABAT_EXPRESS',
  dispatchStatus,
  driverDispatchRequestTimestamp: '2025-03-01T17:10:00.000Z',
  externalReferenceId: 'dlv_1',
  driverName: dispatchStatus === 'UPCOMING' ? null : 'Khaled',
  driverPhoneNumber: dispatchStatus === 'UPCOMING' ? null : '+962790000001',
  estimatedPickupTime: null,
  estimatedDeliveryTime: null,
  lastStatusCheck: '2025-03-01T17:10:00.000Z',
});

function renderPanel(ticket: Ticket = testTicket({ status: 'InProgress' })) {
  const queryClient = testQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <SessionProvider session={sessionFor('OrderTaker')}>
        <DriverDispatchPanel ticket={ticket} />
      </SessionProvider>
    </AppProviders>,
  );
  return { user: userEvent.setup() };
}

const panel = () => screen.findByTestId('driver-dispatch-panel');
const statusCalls = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.url.pathname === `${BASE}/status`);

afterEach(() => vi.unstubAllGlobals());

describe('the driver dispatch panel', () => {
  it('requests a driver after confirming, then allows cancel instead', async () => {
    let current: DriverDispatch | null = null;
    const server = fakeServer({
      ...authConfigRoute,
      [`GET ${BASE}/config/${TICKET_ID}`]: configOf(false),
      [`POST ${BASE}/status`]: () => Response.json({ results: current }),
      [`POST ${BASE}`]: () => {
        current = dispatchIn('UPCOMING');
        return Response.json({ results: current });
      },
    });
    const { user } = renderPanel();
    const box = await panel();
    // Never requested: Not Requested, and no status asked (a 404 to ignore in the console).
    expect(await within(box).findByText('Not Requested')).toBeVisible();
    await new Promise((r) => setTimeout(r, 300));
    expect(statusCalls(server)).toHaveLength(0);
    expect(within(box).getByText('+96265000001')).toBeVisible();
    const request = within(box).getByRole('button', { name: 'Request driver' });
    expect(request).toBeEnabled();
    expect(within(box).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await user.click(request);
    const dialog = await screen.findByRole('dialog', { name: 'Request driver' });
    expect(dialog).toHaveTextContent('Request a driver from Talabat Express for order #42?');
    await user.click(within(dialog).getByRole('button', { name: 'Request driver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(box).findByText('Delivery Requested')).toBeVisible();
    const sent = server.requests.find((r) => r.method === 'POST' && r.url.pathname === BASE);
    expect(JSON.parse(sent!.body!)).toEqual({ ticketId: TICKET_ID, ticketTenantId: TENANT });
    expect(within(box).getByRole('button', { name: 'Request driver' })).toBeDisabled();
    expect(within(box).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('disables both while a driver is assigned, and says so when cancel is refused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: DispatchStatus = 'CAPTAIN_ASSIGNED';
    fakeServer({
      ...authConfigRoute,
      [`GET ${BASE}/config/${TICKET_ID}`]: configOf(true),
      [`POST ${BASE}/status`]: () => Response.json({ results: dispatchIn(status) }),
      [`POST ${BASE}/cancel`]: () =>
        Response.json(
          { error: { code: 'DRIVER_DISPATCH_CANNOT_BE_CANCELLED', message: 'no' } },
          { status: 409 },
        ),
    });
    const { user } = renderPanel();
    const box = await panel();
    expect(await within(box).findByText('Driver Assigned')).toBeVisible();
    expect(within(box).getByText(/Khaled/)).toBeVisible();
    expect(within(box).getByRole('button', { name: 'Request driver' })).toBeDisabled();
    expect(within(box).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    // The next poll, 60 s later, finds the driver at the restaurant: cancel opens.
    status = 'CAPTAIN_HERE';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await within(box).findByText('Driver Arrived at the restaurant')).toBeVisible();
    vi.useRealTimers();
    await user.click(within(box).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel driver request' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('Cannot cancel request')).toBeVisible();
  });

  it('keeps request off until the order is accepted, and shows nothing for a pickup', async () => {
    fakeServer({
      ...authConfigRoute,
      [`GET ${BASE}/config/${TICKET_ID}`]: configOf(false),
    });
    renderPanel(testTicket({ status: 'UnVerified' }));
    const box = await panel();
    await within(box).findByText('Not Requested');
    expect(within(box).getByRole('button', { name: 'Request driver' })).toBeDisabled();
  });

  it('is absent when the branch has no dispatch provider', async () => {
    const server = fakeServer({
      ...authConfigRoute,
      [`GET ${BASE}/config/${TICKET_ID}`]: ok({
        ticketId: TICKET_ID,
        available: false,
        reason: 'not_configured',
        integrationType: null,
        supportPhoneNumber: null,
        requested: false,
      }),
    });
    renderPanel();
    await waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('driver-dispatch-panel')).toBeNull();
    expect(statusCalls(server)).toHaveLength(0);
  });
});
