import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { BranchStatus } from '@app/contracts';
import { sessionFor } from '../../test/app-render.tsx';
import { fakeServer } from '../../test/fake-server.ts';
import {
  STATUS_TEXT_FIRST_DELAY_MS,
  STATUS_TEXT_REFRESH_MS,
  useOutletShell,
} from './outlet-shell.tsx';
import { branch, HARBOUR, OLD_TOWN, renderOutlet, STATUS_URL } from './test/render.tsx';

function Shell() {
  const { branchStatus, banner } = useOutletShell();
  return (
    <>
      {branchStatus}
      {banner}
    </>
  );
}

let rows: BranchStatus[];
const statusGets = (requests: { method: string; url: URL }[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.pathname === STATUS_URL).length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  rows = [branch(HARBOUR, 'Harbour'), branch(OLD_TOWN, 'Old Town')];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the outlet part of the shell', () => {
  it('reads the statuses first after 250 ms, then every 30 s', async () => {
    const server = fakeServer({ [`GET ${STATUS_URL}`]: () => Response.json({ results: rows }) });
    renderOutlet(<Shell />);
    await act(() => vi.advanceTimersByTimeAsync(STATUS_TEXT_FIRST_DELAY_MS - 10));
    expect(statusGets(server.requests)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(statusGets(server.requests)).toBe(1);
    await vi.waitFor(() =>
      expect(screen.getByTestId('branch-status-text')).toHaveTextContent(
        'All branches accepting orders',
      ),
    );
    expect(screen.queryByTestId('outlet-banner')).toBeNull();

    rows = [branch(HARBOUR, 'Harbour', { closed: true }), branch(OLD_TOWN, 'Old Town')];
    await act(() => vi.advanceTimersByTimeAsync(STATUS_TEXT_REFRESH_MS));
    expect(statusGets(server.requests)).toBe(2);
    await vi.waitFor(() =>
      expect(screen.getByTestId('branch-status-text')).toHaveTextContent(
        'Accepting orders: 1 of 2 branches',
      ),
    );
    expect(screen.getByTestId('outlet-banner')).toHaveTextContent('Branches closed: 1');
  });

  it('gives an order taker the banner without the link to a screen they cannot open', async () => {
    rows = [branch(HARBOUR, 'Harbour', { acceptingOrders: false })];
    fakeServer({ [`GET ${STATUS_URL}`]: () => Response.json({ results: rows }) });
    renderOutlet(<Shell />, { session: sessionFor('OrderTaker') });
    await act(() => vi.advanceTimersByTimeAsync(STATUS_TEXT_FIRST_DELAY_MS));
    await vi.waitFor(() =>
      expect(screen.getByTestId('outlet-banner')).toHaveTextContent(
        'Your branch is not accepting orders right now.',
      ),
    );
    expect(screen.queryByRole('link', { name: 'Manage' })).toBeNull();
  });

  it('asks nothing for a super admin, who has no tenant', async () => {
    const server = fakeServer({});
    renderOutlet(<Shell />, { session: sessionFor('SuperAdmin') });
    await act(() => vi.advanceTimersByTimeAsync(STATUS_TEXT_REFRESH_MS));
    expect(server.requests).toHaveLength(0);
    expect(screen.queryByTestId('branch-status-text')).toBeNull();
  });

  it('warns of the branches taking orders that nobody would hear', async () => {
    rows = [
      branch(HARBOUR, 'Harbour'),
      branch(OLD_TOWN, 'Old Town', { closed: true, acceptingOrders: false }),
    ];
    let heard = false;
    fakeServer({
      [`GET ${STATUS_URL}`]: () => Response.json({ results: rows }),
      [`GET ${STATUS_URL.replace(/\/status$/, '/listeners')}`]: () =>
        Response.json({
          results: [
            { branchId: HARBOUR, listening: heard },
            { branchId: OLD_TOWN, listening: false },
          ],
        }),
    });
    renderOutlet(<Shell />);
    await act(() => vi.advanceTimersByTimeAsync(STATUS_TEXT_FIRST_DELAY_MS));
    // The closed branch takes no orders: only Harbour is named.
    await vi.waitFor(() =>
      expect(screen.getByTestId('nobody-listening-banner')).toHaveTextContent(
        'Nobody would hear a new order at: Harbour.',
      ),
    );
    heard = true;
    await act(() => vi.advanceTimersByTimeAsync(STATUS_TEXT_REFRESH_MS));
    await vi.waitFor(() => expect(screen.queryByTestId('nobody-listening-banner')).toBeNull());
  });
});
