import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BranchStatus } from '@app/contracts';
import { fakeServer, ok, type FakeRequest } from '../../../test/fake-server.ts';
import { branch, HARBOUR, OLD_TOWN, renderOutlet, STATUS_URL } from '../test/render.tsx';
import { OutletStatusPage } from './outlet-status-page.tsx';

const sound = vi.hoisted(() => ({
  unlockNotificationSound: vi.fn(async () => true),
  playNotificationSound: vi.fn(async () => true),
}));
vi.mock('../../../lib/notification-sound.ts', () => sound);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** A status server that keeps what it is sent, like the real one. */
function statusServer(initial: BranchStatus[], { failPut = false } = {}) {
  let rows = initial;
  return fakeServer({
    [`GET ${STATUS_URL}`]: () => Response.json({ results: rows }),
    [`PUT ${STATUS_URL}/${HARBOUR}`]: (req) => putStatus(req, HARBOUR),
    [`PUT ${STATUS_URL}/${OLD_TOWN}`]: (req) => putStatus(req, OLD_TOWN),
  });
  function putStatus(req: FakeRequest, id: string) {
    if (failPut) {
      return Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 });
    }
    const body = JSON.parse(req.body ?? '{}') as BranchStatus['branchOperatingStatus'];
    rows = rows.map((b) => (b.branchId === id ? { ...b, branchOperatingStatus: body } : b));
    return ok(rows.find((b) => b.branchId === id))();
  }
}

const card = (name: string) => screen.getByRole('region', { name });
const puts = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body ?? '{}') as unknown);

describe('the outlet status screen', () => {
  it('shows every branch with its state, hiding accept orders while closed', async () => {
    statusServer([
      branch(HARBOUR, 'Harbour Street', { busy: true }),
      branch(OLD_TOWN, 'Old Town', { closed: true, acceptingOrders: false }),
    ]);
    renderOutlet(<OutletStatusPage />);
    expect(await screen.findByRole('heading', { name: 'Harbour Street' })).toBeVisible();

    const harbour = card('Harbour Street');
    expect(within(harbour).getByText('Busy')).toBeVisible();
    expect(within(harbour).getByText(/Marked busy/)).toBeVisible();
    expect(
      within(harbour).getByRole('switch', { name: 'Accept orders: Harbour Street' }),
    ).toBeChecked();
    expect(
      within(harbour).getByRole('switch', { name: 'Close outlet: Harbour Street' }),
    ).not.toBeChecked();

    const oldTown = card('Old Town');
    expect(within(oldTown).getByText('Closed')).toBeVisible();
    expect(within(oldTown).getByRole('switch', { name: 'Close outlet: Old Town' })).toBeChecked();
    expect(within(oldTown).queryByRole('switch', { name: /Accept orders/ })).toBeNull();
    expect(within(oldTown).queryByText(/pause new orders/)).toBeNull();
    // Closed is not the "neither accepting nor closed" case.
    expect(within(oldTown).queryByText(/open but not accepting orders/)).toBeNull();
  });

  it('pauses orders with the accept toggle and then warns that the branch takes none', async () => {
    const server = statusServer([branch(HARBOUR, 'Harbour Street')]);
    renderOutlet(<OutletStatusPage />);
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Accept orders: Harbour Street' }),
    );

    await waitFor(() =>
      expect(puts(server.requests)).toEqual([
        { closed: false, acceptingOrders: false, busy: false },
      ]),
    );
    const harbour = card('Harbour Street');
    expect(await within(harbour).findByText(/open but not accepting orders/)).toBeVisible();
    expect(within(harbour).getByText('Not accepting orders')).toBeVisible();
    expect(await screen.findByText('Harbour Street: status updated')).toBeVisible();
  });

  it('asks before closing an outlet and closes only when confirmed', async () => {
    const server = statusServer([branch(HARBOUR, 'Harbour Street')]);
    renderOutlet(<OutletStatusPage />);
    const close = await screen.findByRole('switch', { name: 'Close outlet: Harbour Street' });

    await userEvent.click(close);
    let dialog = await screen.findByRole('dialog', { name: 'Close Harbour Street?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(close).not.toBeChecked();
    expect(puts(server.requests)).toEqual([]);

    await userEvent.click(close);
    dialog = await screen.findByRole('dialog', { name: 'Close Harbour Street?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close outlet' }));
    await waitFor(() =>
      expect(puts(server.requests)).toEqual([{ closed: true, acceptingOrders: true, busy: false }]),
    );
    expect(
      await screen.findByRole('switch', { name: 'Close outlet: Harbour Street' }),
    ).toBeChecked();
    expect(screen.queryByRole('switch', { name: /Accept orders/ })).toBeNull();
  });

  it('reopens without asking', async () => {
    const server = statusServer([branch(OLD_TOWN, 'Old Town', { closed: true })]);
    renderOutlet(<OutletStatusPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Close outlet: Old Town' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(puts(server.requests)).toEqual([
        { closed: false, acceptingOrders: true, busy: false },
      ]),
    );
    expect(await screen.findByRole('switch', { name: 'Accept orders: Old Town' })).toBeChecked();
  });

  it('says it could not save and reloads the original statuses', async () => {
    const server = statusServer([branch(HARBOUR, 'Harbour Street')], { failPut: true });
    renderOutlet(<OutletStatusPage />);
    const accept = await screen.findByRole('switch', { name: 'Accept orders: Harbour Street' });
    await userEvent.click(accept);

    expect(await screen.findByText(/Unable to save/)).toBeVisible();
    await waitFor(() => expect(accept).toBeChecked());
    const gets = server.requests.filter((r) => r.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(2);
    expect(within(card('Harbour Street')).queryByText(/open but not accepting/)).toBeNull();
  });

  it('plays the test sound, and says so when the browser blocks it', async () => {
    statusServer([branch(HARBOUR, 'Harbour Street')]);
    vi.stubGlobal('AudioContext', class {});
    renderOutlet(<OutletStatusPage />);
    const test = await screen.findByRole('button', {
      name: 'Test sound for Harbour Street',
    });

    await userEvent.click(test);
    await waitFor(() => expect(sound.playNotificationSound).toHaveBeenCalledTimes(1));
    expect(sound.unlockNotificationSound).toHaveBeenCalled();
    expect(screen.queryByText(/blocked the sound/)).toBeNull();

    sound.unlockNotificationSound.mockResolvedValueOnce(false);
    await userEvent.click(test);
    const alert = await screen.findByText(/Your browser blocked the sound/);
    expect(alert).toBeVisible();
    await userEvent.click(
      within(screen.getByRole('alert')).getByRole('button', {
        name: 'How to enable notification sound',
      }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Enabling the new-order sound' }),
    ).toBeVisible();
  });

  it('opens the sound help from the page link', async () => {
    statusServer([branch(HARBOUR, 'Harbour Street')]);
    renderOutlet(<OutletStatusPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'How to enable notification sound' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Enabling the new-order sound' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
  });

  it('shows an error with a retry when the statuses cannot be read', async () => {
    fakeServer({
      [`GET ${STATUS_URL}`]: () =>
        Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 }),
    });
    renderOutlet(<OutletStatusPage />);
    expect(await screen.findByText('The branch statuses could not be loaded.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('says when the business has no branches', async () => {
    statusServer([]);
    renderOutlet(<OutletStatusPage />);
    expect(await screen.findByText('This business has no branches yet.')).toBeVisible();
  });
});

describe('who is listening, per branch', () => {
  it('counts screens and devices, and warns of a branch taking orders that nobody hears', async () => {
    const listenersUrl = (id: string) =>
      `${STATUS_URL.replace(/\/status$/, '')}/branches/${id}/listeners`;
    fakeServer({
      [`GET ${STATUS_URL}`]: () =>
        Response.json({
          results: [
            branch(HARBOUR, 'Harbour Street'),
            branch(OLD_TOWN, 'Old Town', { closed: true, acceptingOrders: false }),
          ],
        }),
      [`GET ${listenersUrl(HARBOUR)}`]: ok({
        screens: [
          {
            userName: 'Rana',
            soundOn: false,
            since: '2026-01-01T10:00:00Z',
            lastHeardAt: '2026-01-01T10:00:30Z',
          },
        ],
        pushDevices: [],
        listening: false,
        escalateAfterMinutes: 3,
      }),
      [`GET ${listenersUrl(OLD_TOWN)}`]: ok({
        screens: [],
        pushDevices: [],
        listening: false,
        escalateAfterMinutes: 3,
      }),
    });
    renderOutlet(<OutletStatusPage />);
    const harbour = await screen.findByRole('region', { name: 'Harbour Street' });
    expect(await within(harbour).findByText(/Screens open: 1 \(0 with sound\)/)).toBeVisible();
    expect(within(harbour).getByText(/Devices with notifications: 0/)).toBeVisible();
    expect(within(harbour).getByText(/Nobody would hear a new order/)).toBeVisible();
    // A closed branch takes no orders: nothing to warn of.
    const oldTown = card('Old Town');
    expect(await within(oldTown).findByText(/Screens open: 0/)).toBeVisible();
    expect(within(oldTown).queryByText(/Nobody would hear/)).toBeNull();
  });
});
