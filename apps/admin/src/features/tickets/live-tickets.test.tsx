import { ticketsRoutes } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketSummary } from '@app/contracts';
import { sessionFor } from '../../test/app-render.tsx';
import { fakeServer } from '../../test/fake-server.ts';
import { useLiveTickets, useLiveTicketsShell } from './live-tickets.tsx';
import { createdUpdate, renderLive, ticket, ticketRoutes } from './test/fixtures.tsx';

vi.mock('../../lib/notification-sound.ts', () => ({
  unlockNotificationSound: vi.fn(() => Promise.resolve(true)),
  playNotificationSound: vi.fn(() => Promise.resolve(true)),
}));

function ShellProbe() {
  const { liveOrdersCount, connectionState } = useLiveTicketsShell();
  return (
    <dl>
      <dt>badge</dt>
      <dd aria-label="badge">{liveOrdersCount ?? 'none'}</dd>
      <dt>dot</dt>
      <dd aria-label="dot">{connectionState ?? 'none'}</dd>
    </dl>
  );
}

/** Another admin page: it can start live orders and says which ticket is open. */
function OtherPage() {
  const { start, openTicket } = useLiveTickets();
  return (
    <>
      <p>Other page at {useLocation().pathname}</p>
      <button onClick={() => void start()}>Start</button>
      {openTicket && <p>Open ticket {openTicket.ticketId}</p>}
    </>
  );
}

let list: TicketSummary[];
const listCalls = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.url.pathname === ticketsRoutes.list.path).length;

beforeEach(() => {
  list = [
    ticket({ status: 'UnVerified' }),
    ticket({ status: 'New' }),
    ticket({ status: 'InProgress' }),
    ticket({ status: 'Completed' }),
  ];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveTicketsProvider', () => {
  it('gives the side menu the new plus unverified count and the top bar the hub state', async () => {
    fakeServer(ticketRoutes(() => list));
    const { realtime } = renderLive(<ShellProbe />);
    expect(await screen.findByText('2', { selector: '[aria-label="badge"]' })).toBeVisible();
    expect(screen.getByLabelText('dot')).toHaveTextContent('connecting');
    expect(realtime.state.started).toBe(1);
    act(() => realtime.setState('connected'));
    expect(screen.getByLabelText('dot')).toHaveTextContent('connected');
  });

  it('refetches on a hub event, so the badge follows a new order without a reload', async () => {
    const server = fakeServer(ticketRoutes(() => list));
    const { realtime } = renderLive(<ShellProbe />);
    await screen.findByText('2', { selector: '[aria-label="badge"]' });
    const added = ticket({ status: 'UnVerified', minutesAgo: 0 });
    list = [added, ...list];
    act(() => realtime.emit(createdUpdate(added)));
    expect(await screen.findByText('3', { selector: '[aria-label="badge"]' })).toBeVisible();
    expect(listCalls(server)).toBe(2);

    // After a reconnect (the client waited its 1–4 s) events may have been missed.
    list = list.slice(1);
    act(() => realtime.reconnected());
    expect(await screen.findByText('2', { selector: '[aria-label="badge"]' })).toBeVisible();
  });

  it('reads every page of the list, so no open ticket is left out', async () => {
    const many = Array.from({ length: 7 }, () => ticket({ status: 'UnVerified' }));
    const server = fakeServer(ticketRoutes(() => many, { pageSize: 3 }));
    function Count() {
      const { tickets } = useLiveTickets();
      return <p>{tickets.data ? `${tickets.data.results.length} tickets` : 'loading'}</p>;
    }
    renderLive(<Count />);
    expect(await screen.findByText('7 tickets')).toBeVisible();
    const cursors = server.requests
      .filter((r) => r.url.pathname === ticketsRoutes.list.path)
      .map((r) => r.url.searchParams.get('cursor'));
    expect(cursors).toEqual([null, '3', '6']);
  });

  it('polls the list every 60 s when no event comes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = fakeServer(ticketRoutes(() => list));
    renderLive(<ShellProbe />);
    await screen.findByText('2', { selector: '[aria-label="badge"]' });
    list = [ticket({ status: 'UnVerified' }), ...list];
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(listCalls(server)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('3', { selector: '[aria-label="badge"]' })).toBeVisible();
    expect(listCalls(server)).toBe(2);
  });

  it.each([
    ['a super admin', sessionFor('SuperAdmin')],
    [
      'a signed-out visitor',
      { ...sessionFor('OrderTaker'), status: 'signedOut' as const, user: null },
    ],
  ])('loads nothing and connects nowhere for %s', async (_, session) => {
    const server = fakeServer(ticketRoutes(() => list));
    const { realtime } = renderLive(<ShellProbe />, { session });
    await act(() => Promise.resolve());
    expect(screen.getByLabelText('badge')).toHaveTextContent('none');
    expect(screen.getByLabelText('dot')).toHaveTextContent('none');
    expect(server.requests).toHaveLength(0);
    expect(realtime.state.started).toBe(0);
  });

  it('alerts on any admin page once started; Open Latest Order goes to live orders', async () => {
    const user = userEvent.setup();
    fakeServer(ticketRoutes(() => list));
    const { realtime } = renderLive(
      <Routes>
        <Route path="/admin/tickets/manage" element={<OtherPage />} />
        <Route path="*" element={<OtherPage />} />
      </Routes>,
      { path: '/admin/catalog/v2/categories' },
    );
    expect(realtime.state.soundOn).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    // The hub is told: this tab now counts among the branch's listeners with its chime on.
    expect(realtime.state.soundOn).toBe(true);
    const added = ticket({ ticketNumber: 4242, status: 'UnVerified', minutesAgo: 0 });
    list = [added, ...list];
    act(() => realtime.reconnected());
    await user.click(await screen.findByRole('button', { name: 'Open Latest Order' }));
    expect(screen.getByText('Other page at /admin/tickets/manage')).toBeVisible();
    expect(screen.getByText(`Open ticket ${added.id}`)).toBeVisible();
    // The toast closes (after its exit transition).
    await waitFor(() => expect(screen.queryByText('New order #4242')).toBeNull());
  });

  it('keeps one toast whose count grows, opening the newest order not yet seen', async () => {
    const user = userEvent.setup();
    fakeServer(ticketRoutes(() => list));
    let fromTheList = '';
    function Page() {
      const { setOpenTicket } = useLiveTickets();
      const open = () => setOpenTicket({ tenantId: list[0]!.tenantId, ticketId: fromTheList });
      return (
        <>
          <OtherPage />
          <button onClick={open}>Open from the list</button>
        </>
      );
    }
    const { realtime } = renderLive(<Page />, { path: '/admin/tickets/manage' });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const arrive = (...tickets: TicketSummary[]) => {
      list = [...tickets, ...list];
      act(() => realtime.reconnected());
    };
    const toasts = () => screen.queryAllByRole('button', { name: 'Open Latest Order' });

    const first = ticket({ ticketNumber: 5001, status: 'UnVerified', minutesAgo: 1 });
    arrive(first);
    expect(await screen.findByText('New order #5001')).toBeVisible();
    const second = ticket({ ticketNumber: 5002, status: 'UnVerified', minutesAgo: 0 });
    arrive(second);
    expect(await screen.findByText('New orders: 2')).toBeVisible();
    expect(toasts()).toHaveLength(1);
    await user.click(toasts()[0]!);
    expect(screen.getByText(`Open ticket ${second.id}`)).toBeVisible();
    await waitFor(() => expect(screen.queryByText('New orders: 2')).toBeNull());

    // The close button dismisses it without opening anything.
    arrive(ticket({ ticketNumber: 5003, status: 'UnVerified', minutesAgo: 0 }));
    expect(await screen.findByText('New order #5003')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('New order #5003')).toBeNull());
    expect(screen.getByText(`Open ticket ${second.id}`)).toBeVisible();

    // An order opened from the list is seen: the toast offers the newest one that is not.
    const older = ticket({ ticketNumber: 5004, status: 'UnVerified', minutesAgo: 0 });
    const newest = ticket({ ticketNumber: 5005, status: 'UnVerified', minutesAgo: 0 });
    arrive(newest, older);
    expect(await screen.findByText('New orders: 2')).toBeVisible();
    fromTheList = newest.id;
    await user.click(screen.getByRole('button', { name: 'Open from the list' }));
    expect(await screen.findByText('New order #5004')).toBeVisible();
    await user.click(toasts()[0]!);
    expect(screen.getByText(`Open ticket ${older.id}`)).toBeVisible();
  });

  it('closes the connection when it goes away', async () => {
    fakeServer(ticketRoutes(() => list));
    const { realtime, unmount } = renderLive(<ShellProbe />);
    await screen.findByText('2', { selector: '[aria-label="badge"]' });
    unmount();
    expect(realtime.state.stopped).toBe(1);
  });
});

describe('catching up instead of reading the whole list again', () => {
  const listRequests = (server: ReturnType<typeof fakeServer>) =>
    server.requests
      .filter((r) => r.url.pathname === ticketsRoutes.list.path)
      .map((r) => ({
        changedSince: r.url.searchParams.get('changedSince') !== null,
        cursor: r.url.searchParams.get('cursor'),
      }));

  it('asks only what changed since its last read on a hub event and after a reconnect', async () => {
    const many = Array.from({ length: 7 }, () => ticket({ status: 'New', minutesAgo: 60 }));
    const server = fakeServer(ticketRoutes(() => many, { pageSize: 3, changes: true }));
    function Rows() {
      const { tickets } = useLiveTickets();
      const rows = tickets.data?.results ?? [];
      return (
        <p>
          {rows.length} tickets, {rows.filter((t) => t.status === 'InProgress').length} in progress
        </p>
      );
    }
    const { realtime } = renderLive(<Rows />);
    expect(await screen.findByText('7 tickets, 0 in progress')).toBeVisible();

    const added = ticket({ status: 'UnVerified', minutesAgo: 0 });
    many.unshift(added);
    many[3] = {
      ...many[3]!,
      status: 'InProgress',
      updatedAt: new Date(Date.now() + 1).toISOString(),
    };
    act(() => realtime.emit(createdUpdate(added)));
    expect(await screen.findByText('8 tickets, 1 in progress')).toBeVisible();

    many[5] = {
      ...many[5]!,
      status: 'InProgress',
      updatedAt: new Date(Date.now() + 2).toISOString(),
    };
    act(() => realtime.reconnected());
    expect(await screen.findByText('8 tickets, 2 in progress')).toBeVisible();
    // Three pages once, then two catch-up reads and no page walk.
    expect(listRequests(server)).toEqual([
      { changedSince: false, cursor: null },
      { changedSince: false, cursor: '3' },
      { changedSince: false, cursor: '6' },
      { changedSince: true, cursor: null },
      { changedSince: true, cursor: null },
    ]);
  });

  it('reads the whole list again when the server says too much changed', async () => {
    let tooMuch = false;
    const routes = ticketRoutes(() => list, { changes: true });
    const key = `GET ${ticketsRoutes.list.path}`;
    const answer = routes[key];
    const server = fakeServer({
      [key]: async (request) => {
        if (tooMuch && request.url.searchParams.get('changedSince')) {
          return Response.json({
            results: [],
            counters: null,
            nextCursor: null,
            changesCursor: null,
          });
        }
        return answer!(request);
      },
    });
    const { realtime } = renderLive(<ShellProbe />);
    await screen.findByText('2', { selector: '[aria-label="badge"]' });
    tooMuch = true;
    list = [ticket({ status: 'New', minutesAgo: 1 }), ...list];
    act(() => realtime.reconnected());
    expect(await screen.findByText('3', { selector: '[aria-label="badge"]' })).toBeVisible();
    await waitFor(() =>
      expect(listRequests(server).at(-1)).toEqual({ changedSince: false, cursor: null }),
    );
  });
});
