import { ticketsRoutes } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketSummary } from '@app/contracts';
import { stubNarrowerThan } from '../../../test/match-media.ts';
import { playNotificationSound, unlockNotificationSound } from '../../../lib/notification-sound.ts';
import { fakeServer } from '../../../test/fake-server.ts';
import { OLD_TOWN, createdUpdate, renderLive, ticket, ticketRoutes } from '../test/fixtures.tsx';
import { LiveOrdersPage } from './live-orders-page.tsx';

vi.mock('../../../lib/notification-sound.ts', () => ({
  unlockNotificationSound: vi.fn(() => Promise.resolve(true)),
  playNotificationSound: vi.fn(() => Promise.resolve(true)),
}));

// The sheet is another piece of work (it loads with the first ticket opened): here it only has
// to be asked to open the right ticket.
vi.mock('../components/ticket-details/ticket-details-sheet.tsx', () => ({
  TicketDetailsSheet: ({
    ticket: open,
    onClose,
  }: {
    ticket: { tenantId: string; ticketId: string } | null;
    onClose: () => void;
  }) =>
    open ? (
      <div role="dialog" aria-label={`Ticket ${open.ticketId}`}>
        <button onClick={onClose}>Close sheet</button>
      </div>
    ) : null,
}));

let list: TicketSummary[];

/** Renders the page, waits for the start prompt and starts live orders. */
async function startLiveOrders() {
  const user = userEvent.setup();
  const rendered = renderLive(<LiveOrdersPage />);
  // The title and the prompt show before the list has answered.
  expect(screen.getByRole('heading', { name: 'Live orders' })).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Start Live Orders' }));
  await screen.findByRole('group', { name: 'Show orders' });
  return { user, ...rendered };
}

const filter = (name: RegExp) => screen.getByRole('button', { name });
const bodyRows = () => screen.getAllByRole('row').slice(1);
const rowNumbers = () =>
  bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent?.replace('Staff', ''));

function setWidth(narrow: boolean) {
  stubNarrowerThan('699.95px', narrow);
}

beforeEach(() => {
  vi.mocked(playNotificationSound).mockClear();
  vi.mocked(unlockNotificationSound).mockClear();
  list = [
    ticket({ ticketNumber: 101, status: 'UnVerified', minutesAgo: 2 }),
    ticket({
      ticketNumber: 102,
      status: 'InProgress',
      minutesAgo: 30,
      paymentMethodType: 'PAY_LATER',
    }),
    ticket({
      ticketNumber: 103,
      status: 'InProgress',
      minutesAgo: 90,
      checkoutUiTemplate: 'DELIVERY',
      deliveryZone: { fieldValue: 'Abdoun Circle' },
      total: 7.125,
      branchId: OLD_TOWN.branchId,
      branchName: OLD_TOWN.branchName,
    }),
    ticket({ ticketNumber: 104, status: 'Completed', minutesAgo: 200 }),
    ticket({ ticketNumber: 105, status: 'Cancelled', minutesAgo: 300 }),
    ticket({
      ticketNumber: 106,
      status: 'UnVerified',
      minutesAgo: 1,
      ticketType: 'callstaff',
      checkoutUiTemplate: 'DINING',
      serviceArea: {
        id: '77777777-7777-4777-8777-777777777777',
        value: '12',
        title: 'Table',
        sectionName: null,
      },
      total: 0,
      paymentMethodType: null,
    }),
  ];
  setWidth(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Typing and re-rendering a whole table is slow on a busy machine.
describe('the live orders page', { timeout: 20_000 }, () => {
  it('shows the start prompt before the list answers; it unlocks and plays the sound', async () => {
    fakeServer(ticketRoutes(() => list));
    await startLiveOrders();
    expect(unlockNotificationSound).toHaveBeenCalledTimes(1);
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();
    // The brand with its branches.
    expect(screen.getByRole('list', { name: 'Brands and branches' })).toHaveTextContent(
      'Test Tavern · Harbour Street · Old Town',
    );
  });

  it('filters with the server counters on the toggles and the 12-hour note on Completed', async () => {
    fakeServer(ticketRoutes(() => list));
    const { user } = await startLiveOrders();
    expect(filter(/^All/)).toHaveTextContent('All 4');
    expect(filter(/^New/)).toHaveTextContent('New 2');
    expect(filter(/^In Progress/)).toHaveTextContent('In Progress 2');
    // Completed never shows a count.
    expect(filter(/^Completed/)).toHaveTextContent(/^Completed$/);
    expect(filter(/^All/)).toHaveAttribute('aria-pressed', 'true');
    expect(rowNumbers()).toEqual(['#106', '#101', '#102', '#103']);

    await user.click(filter(/^New/));
    expect(rowNumbers()).toEqual(['#106', '#101']);
    await user.click(filter(/^In Progress/));
    expect(rowNumbers()).toEqual(['#102', '#103']);
    expect(screen.queryByText(/past 12 hours/)).toBeNull();
    await user.click(filter(/^Completed/));
    expect(rowNumbers()).toEqual(['#104', '#105']);
    expect(
      screen.getByText(/Only orders completed or cancelled in the past 12 hours/),
    ).toBeVisible();
  });

  it('shows each column, highlights the orders not yet accepted and offers Staff', async () => {
    fakeServer(ticketRoutes(() => list));
    await startLiveOrders();
    const delivery = screen.getByRole('row', { name: 'Order #103, In Progress' });
    expect(
      within(delivery)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      '#103',
      'Delivery',
      'Abdoun Circle',
      'JOD 7.125',
      'Cash',
      'Old Town',
      'In Progress',
      '1 hour ago',
    ]);
    const waiting = screen.getByRole('row', { name: 'Order #101, Not Accepted' });
    expect(waiting).toHaveAttribute('data-highlighted', 'true');
    expect(within(waiting).getByText('2 minutes ago')).toBeVisible();
    expect(delivery).not.toHaveAttribute('data-highlighted');
    const call = screen.getByRole('row', { name: 'Order #106, Not Accepted' });
    expect(within(call).getByText('Table 12')).toBeVisible();
    expect(within(call).getByText('Call staff')).toBeVisible();
    expect(within(call).getByRole('button', { name: 'Staff' })).toBeVisible();
  });

  it('searches the listed fields and says when nothing matches', async () => {
    fakeServer(ticketRoutes(() => list));
    const { user } = await startLiveOrders();
    const search = screen.getByRole('searchbox', { name: 'Search orders' });
    await user.type(search, 'old t');
    expect(rowNumbers()).toEqual(['#103']);
    await user.clear(search);
    await user.type(search, 'later');
    expect(rowNumbers()).toEqual(['#102']);
    await user.clear(search);
    await user.type(search, 'not acc');
    expect(rowNumbers()).toEqual(['#106', '#101']);
    await user.clear(search);
    await user.type(search, '7.125');
    expect(rowNumbers()).toEqual(['#103']);
    await user.clear(search);
    await user.type(search, 'table');
    expect(rowNumbers()).toEqual(['#106']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No orders match “zzz”');
  });

  it('sorts newest first, then by any column both ways', async () => {
    fakeServer(ticketRoutes(() => list));
    const { user } = await startLiveOrders();
    expect(screen.getByRole('columnheader', { name: 'Time' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(rowNumbers()).toEqual(['#101', '#102', '#103', '#106']);
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(rowNumbers()).toEqual(['#106', '#103', '#102', '#101']);
    await user.click(screen.getByRole('button', { name: 'Total' }));
    expect(screen.getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // Equal totals keep the newest first.
    expect(rowNumbers()).toEqual(['#106', '#103', '#101', '#102']);
    await user.click(screen.getByRole('button', { name: 'Time' }));
    expect(rowNumbers()).toEqual(['#106', '#101', '#102', '#103']);
  });

  it('pages with 10, 15, 25 or 100 rows', async () => {
    list = Array.from({ length: 30 }, (_, i) =>
      ticket({ ticketNumber: 500 + i, status: 'InProgress', minutesAgo: 30 - i }),
    );
    fakeServer(ticketRoutes(() => list));
    const { user } = await startLiveOrders();
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('1–25 of 30')).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10', '15', '25', '100']);
    await user.click(screen.getByRole('option', { name: '10' }));
    expect(bodyRows()).toHaveLength(10);
    expect(rowNumbers()[0]).toBe('#529');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('11–20 of 30')).toBeVisible();
    expect(rowNumbers()[0]).toBe('#519');
  });

  it.each([
    ['New', 'No new orders'],
    ['In Progress', 'No orders in progress'],
    ['Completed', 'No orders completed or cancelled in the past 12 hours'],
    ['All', 'No live orders right now'],
  ])('says so when %s is empty', async (name, message) => {
    list = [];
    fakeServer(ticketRoutes(() => list));
    const { user } = await startLiveOrders();
    await user.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows stacked cards under 700 px, still opening the ticket', async () => {
    setWidth(true);
    fakeServer(ticketRoutes(() => list));
    const { user } = await startLiveOrders();
    expect(screen.queryByRole('table')).toBeNull();
    const card = screen.getByRole('button', { name: /^#103(?!\d)/ });
    expect(card).toHaveTextContent('In Progress');
    expect(card).toHaveTextContent('Abdoun Circle');
    expect(card).toHaveTextContent('JOD 7.125');
    expect(card.closest('li')).not.toHaveAttribute('data-highlighted');
    expect(screen.getByRole('button', { name: /^#101(?!\d)/ }).closest('li')).toHaveAttribute(
      'data-highlighted',
      'true',
    );
    await user.click(card);
    expect(await screen.findByRole('dialog', { name: `Ticket ${list[2]!.id}` })).toBeVisible();
  });

  it('opens the ticket details from a row click, Enter or the Staff button', async () => {
    fakeServer(ticketRoutes(() => list));
    const { user } = await startLiveOrders();
    await user.click(screen.getByRole('row', { name: 'Order #102, In Progress' }));
    expect(await screen.findByRole('dialog', { name: `Ticket ${list[1]!.id}` })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close sheet' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    screen.getByRole('row', { name: 'Order #103, In Progress' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: `Ticket ${list[2]!.id}` })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close sheet' }));

    await user.click(screen.getByRole('button', { name: 'Staff' }));
    expect(await screen.findByRole('dialog', { name: `Ticket ${list[5]!.id}` })).toBeVisible();
  });

  it('alerts a new order with a toast that opens it, and chimes every 22 s while one waits', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = fakeServer(ticketRoutes(() => list));
    const { user, realtime } = await startLiveOrders();
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(22_000));
    expect(playNotificationSound).toHaveBeenCalledTimes(2);

    const added = ticket({ ticketNumber: 107, status: 'UnVerified', minutesAgo: 0 });
    list = [added, ...list];
    act(() => realtime.emit(createdUpdate(added)));
    const toast = (await screen.findByText('New order #107')).closest('.notistack-MuiContent')!;
    expect(playNotificationSound).toHaveBeenCalledTimes(3);
    expect(await screen.findByRole('row', { name: 'Order #107, Not Accepted' })).toBeVisible();
    expect(filter(/^New/)).toHaveTextContent('New 3');
    expect(server.requests.filter((r) => r.url.pathname === ticketsRoutes.list.path)).toHaveLength(
      2,
    );

    await user.click(
      within(toast as HTMLElement).getByRole('button', { name: 'Open Latest Order' }),
    );
    expect(await screen.findByRole('dialog', { name: `Ticket ${added.id}` })).toBeVisible();

    // Once every order is accepted the chime stops.
    list = list.map((t) => ({ ...t, status: t.status === 'UnVerified' ? 'InProgress' : t.status }));
    act(() => realtime.reconnected());
    await screen.findByRole('row', { name: 'Order #107, In Progress' });
    await act(() => vi.advanceTimersByTimeAsync(44_000));
    expect(playNotificationSound).toHaveBeenCalledTimes(3);
  });

  it('stays quiet about orders that came before Start Live Orders was pressed', async () => {
    const server = fakeServer(ticketRoutes(() => list));
    const { realtime } = renderLive(<LiveOrdersPage />);
    await screen.findByRole('button', { name: 'Start Live Orders' });
    list = [ticket({ ticketNumber: 108, status: 'UnVerified' }), ...list];
    act(() => realtime.reconnected());
    await vi.waitFor(() =>
      expect(
        server.requests.filter((r) => r.url.pathname === ticketsRoutes.list.path),
      ).toHaveLength(2),
    );
    await act(() => Promise.resolve());
    expect(screen.queryByText('New order #108')).toBeNull();
    expect(playNotificationSound).not.toHaveBeenCalled();
  });

  it('turns the alert urgent for orders pushed to managers for waiting too long', async () => {
    list[0] = {
      ...list[0]!,
      minutesAgo: 6,
      escalatedAt: new Date().toISOString(),
    } as TicketSummary;
    // Accepted since: no longer urgent.
    list[1] = { ...list[1]!, escalatedAt: new Date().toISOString() };
    fakeServer(ticketRoutes(() => list));
    const { user } = await startLiveOrders();
    const alert = await screen.findByText(/managers alerted: #101$/);
    expect(alert).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Open the oldest' }));
    expect(await screen.findByRole('dialog', { name: `Ticket ${list[0]!.id}` })).toBeVisible();
  });
});
