import { ticketCounters, ticketsRoutes } from '@app/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { TicketChange, TicketCounters, TicketSummary, TicketsUpdate } from '@app/contracts';
import { testQueryClient } from '../../../test/render-feature.tsx';
import { AppProviders } from '../../../app/providers.tsx';
import { SessionProvider, type Session } from '../../../lib/session.tsx';
import { sessionFor, TEST_PROFILE, TEST_TENANT } from '../../../test/app-render.tsx';
import type { FakeRequest } from '../../../test/fake-server.ts';
import type { ConnectionState, RealtimeClient } from '../../../lib/realtime.ts';
import { LiveTicketsProvider } from '../live-tickets.tsx';

export const HARBOUR = TEST_PROFILE.branchProfiles[0]!;
export const OLD_TOWN = TEST_PROFILE.branchProfiles[1]!;

let sequence = 0;

/** A ticket of TEST_TENANT placed `minutesAgo` minutes ago (a pickup paid in cash). */
export function ticket(overrides: Partial<TicketSummary> & { minutesAgo?: number } = {}) {
  const { minutesAgo = 5, ...rest } = overrides;
  sequence += 1;
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const summary: TicketSummary = {
    ticketType: 'cartticket',
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    tenantId: TEST_TENANT.tenantId,
    tenantName: TEST_TENANT.localizedName,
    branchId: HARBOUR.branchId,
    branchName: HARBOUR.branchName,
    ticketNumber: 1000 + sequence,
    timestamp: at,
    updatedAt: at,
    closedAt: null,
    escalatedAt: null,
    status: 'UnVerified',
    lang: 'en',
    checkoutUiTemplate: 'PICKUP',
    serviceArea: null,
    deliveryZone: null,
    firstName: 'Rana',
    lastName: null,
    total: 12.5,
    currency: 'JOD',
    paymentMethodType: 'CASH',
    paymentStatus: null,
    ...rest,
  };
  return summary;
}

/** The hub's announcement of a ticket just placed. */
export function createdUpdate(added: TicketSummary): TicketChange {
  return {
    change: 'created',
    tenantId: added.tenantId,
    branchId: added.branchId,
    ticketId: added.id,
    ticketNumber: added.ticketNumber,
    ticketType: added.ticketType,
    status: added.status,
    at: added.timestamp,
  };
}

/** The §4.1 counters of a list, as the server computes them. */
export function countersOf(tickets: readonly TicketSummary[]): TicketCounters {
  return ticketCounters((status) => tickets.filter((t) => t.status === status).length);
}

/**
 * Fake routes answering the live list from `current()` at each call, `pageSize` tickets a page
 * (all in one page by default); the cursor is the offset, opaque to the admin as the real one.
 * With `changes`, a read's `changesCursor` is its time and `changedSince` answers the tickets
 * updated after it, as the server does; without, there is no catch-up (a full read each time).
 */
export function ticketRoutes(
  current: () => TicketSummary[],
  { pageSize = Infinity, changes = false } = {},
) {
  return {
    [`GET ${ticketsRoutes.list.path}`]: (request: FakeRequest) => {
      const all = current();
      const changedSince = request.url.searchParams.get('changedSince');
      const cursor = request.url.searchParams.get('cursor');
      const now = new Date().toISOString();
      if (changedSince) {
        return Response.json({
          results: all.filter((t) => t.updatedAt > changedSince),
          counters: null,
          nextCursor: null,
          changesCursor: now,
        });
      }
      const from = Number(cursor ?? 0);
      const to = from + pageSize;
      return Response.json({
        results: all.slice(from, to),
        counters: countersOf(all),
        nextCursor: to < all.length ? String(to) : null,
        changesCursor: changes ? now : null,
      });
    },
  };
}

/** A realtime client the test drives by hand. */
export function fakeRealtime() {
  const state = { value: 'connecting' as ConnectionState, started: 0, stopped: 0, soundOn: false };
  const stateListeners = new Set<(s: ConnectionState) => void>();
  const updateListeners = new Set<(u: TicketsUpdate) => void>();
  const refetchListeners = new Set<() => void>();
  const client: RealtimeClient = {
    get state() {
      return state.value;
    },
    start: () => void (state.started += 1),
    stop: () => void (state.stopped += 1),
    onStateChange: (l) => (stateListeners.add(l), () => stateListeners.delete(l)),
    onTicketsUpdate: (l) => (updateListeners.add(l), () => updateListeners.delete(l)),
    onRefetchNeeded: (l) => (refetchListeners.add(l), () => refetchListeners.delete(l)),
    onEvent: () => () => undefined,
    setSoundOn: (on) => void (state.soundOn = on),
  };
  return {
    client,
    state,
    setState(next: ConnectionState) {
      state.value = next;
      for (const l of stateListeners) l(next);
    },
    emit(update: TicketsUpdate) {
      for (const l of updateListeners) l(update);
    },
    reconnected() {
      for (const l of refetchListeners) l();
    },
  };
}

/** Renders `ui` at `path` inside the live tickets provider, as the admin frame does. */
export function renderLive(
  ui: ReactElement,
  {
    session = sessionFor('OrderTaker'),
    path = '/admin/tickets/manage',
    realtime = fakeRealtime(),
  }: { session?: Session; path?: string; realtime?: ReturnType<typeof fakeRealtime> } = {},
): RenderResult & { queryClient: QueryClient; realtime: ReturnType<typeof fakeRealtime> } {
  const queryClient = testQueryClient();
  const createClient = () => realtime.client;
  const result = render(
    <AppProviders queryClient={queryClient}>
      <SessionProvider session={session}>
        <MemoryRouter initialEntries={[path]}>
          <LiveTicketsProvider createClient={createClient}>
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
          </LiveTicketsProvider>
        </MemoryRouter>
      </SessionProvider>
    </AppProviders>,
  );
  return { ...result, queryClient, realtime };
}
