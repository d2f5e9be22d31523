import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketsUpdate } from '@app/contracts';
import {
  createRealtimeClient,
  ticketsHubUrl,
  type ConnectionState,
  type HubSocket,
  type RealtimeClient,
} from './realtime.ts';

class FakeSocket implements HubSocket {
  onopen: HubSocket['onopen'] = null;
  onclose: HubSocket['onclose'] = null;
  onmessage: HubSocket['onmessage'] = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  /** The server (or the network) ends the connection. */
  drop(code = 1006) {
    this.onclose?.({ code } as CloseEvent);
  }
  /** What the client said to the hub. */
  sent: string[] = [];
  send(data: string) {
    this.sent.push(data);
  }
  /** The hub says `data`. */
  receive(data: unknown) {
    this.onmessage?.({
      data: typeof data === 'string' ? data : JSON.stringify(data),
    } as MessageEvent);
  }
}

const TENANT = '11111111-1111-4111-8111-111111111111';
const created: TicketsUpdate = {
  change: 'created',
  tenantId: TENANT,
  branchId: '33333333-3333-4333-8333-333333333333',
  ticketId: '55555555-5555-4555-8555-555555555555',
  ticketNumber: 1042,
  ticketType: 'cartticket',
  status: 'UnVerified',
  at: '2026-01-01T10:00:00.000Z',
};

let sockets: FakeSocket[];
let tokens: string[];
let randomValue: number;
let client: RealtimeClient;
let states: ConnectionState[];

const lastSocket = () => sockets[sockets.length - 1]!;

/** Lets the token promise of a connection attempt settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function makeClient() {
  let issued = 0;
  client = createRealtimeClient({
    getAccessToken: () => Promise.resolve(tokens[issued++] ?? `token-${issued}`),
    urlFor: (token) => `ws://hub/?access_token=${token}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => randomValue,
  });
  client.onStateChange((state) => states.push(state));
  return client;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  tokens = [];
  states = [];
  randomValue = 0;
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe('the realtime client', () => {
  it('connects with the current token and reports connecting, then connected', async () => {
    tokens = ['first-token'];
    makeClient().start();
    expect(client.state).toBe('connecting');
    await settle();
    expect(lastSocket().url).toBe('ws://hub/?access_token=first-token');
    lastSocket().open();
    expect(client.state).toBe('connected');
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('delivers ticketsUpdate events to subscribers and ignores anything else', async () => {
    makeClient().start();
    await settle();
    lastSocket().open();
    const received: TicketsUpdate[] = [];
    const unsubscribe = client.onTicketsUpdate((update) => received.push(update));
    lastSocket().receive({ event: 'ticketsUpdate', data: created });
    lastSocket().receive({ event: 'ticketsUpdate', data: { change: 'resync', tenantId: TENANT } });
    lastSocket().receive({ event: 'receiveTableBillPaymentUpdate', data: {} });
    lastSocket().receive({ event: 'ticketsUpdate', data: { change: 'created' } });
    lastSocket().receive('not json');
    expect(received).toEqual([created, { change: 'resync', tenantId: TENANT }]);
    unsubscribe();
    lastSocket().receive({ event: 'ticketsUpdate', data: created });
    expect(received).toHaveLength(2);
  });

  it('delivers another event by its name to its own subscribers only', async () => {
    makeClient().start();
    await settle();
    lastSocket().open();
    const payments: unknown[] = [];
    const tickets: TicketsUpdate[] = [];
    const unsubscribe = client.onEvent('receiveTableBillPaymentUpdate', (d) => payments.push(d));
    client.onTicketsUpdate((update) => tickets.push(update));
    lastSocket().receive({ event: 'receiveTableBillPaymentUpdate', data: { change: 'paid' } });
    lastSocket().receive({ event: 'ticketsUpdate', data: created });
    expect(payments).toEqual([{ change: 'paid' }]);
    expect(tickets).toEqual([created]);
    unsubscribe();
    lastSocket().receive({ event: 'receiveTableBillPaymentUpdate', data: { change: 'refunded' } });
    expect(payments).toHaveLength(1);
  });
  it('reconnects 5–10 s apart during the first minute of an outage, then every 15 s', async () => {
    makeClient().start();
    await settle();
    lastSocket().open();

    randomValue = 0; // the shortest wait: 5 s
    lastSocket().drop();
    expect(client.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);

    randomValue = 0.999_999; // the longest: 10 s
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);

    // 15 s into the outage; keep failing until the first minute is over.
    randomValue = 0.5; // 7.5 s
    while (sockets.length < 9) {
      lastSocket().drop();
      await vi.advanceTimersByTimeAsync(7_500);
    }
    // 15 + 6 × 7.5 = 60 s: the outage is a minute old.
    expect(client.state).toBe('disconnected');
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(sockets).toHaveLength(9);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(10);
    expect(client.state).toBe('disconnected');

    lastSocket().open();
    expect(client.state).toBe('connected');
    // A new outage starts with the short waits again.
    randomValue = 0;
    lastSocket().drop();
    expect(client.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sockets).toHaveLength(11);
  });

  it('asks for a refetch 1–4 s after a reconnect, not after the first connect', async () => {
    makeClient().start();
    const refetches = vi.fn();
    client.onRefetchNeeded(refetches);
    await settle();
    lastSocket().open();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refetches).not.toHaveBeenCalled();

    randomValue = 1 / 3; // 5 s + 5/3 s to reconnect, then 1 s + 1 s to refetch
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(6_667);
    lastSocket().open();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(refetches).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refetches).toHaveBeenCalledTimes(1);
  });

  it('reopens at once with a fresh token when the server ends an expired token', async () => {
    tokens = ['old-token', 'renewed-token'];
    makeClient().start();
    await settle();
    lastSocket().open();
    lastSocket().drop(4401);
    await settle();
    expect(sockets.map((s) => s.url)).toEqual([
      'ws://hub/?access_token=old-token',
      'ws://hub/?access_token=renewed-token',
    ]);
  });

  it('waits and tries again when there is no token', async () => {
    tokens = [];
    let calls = 0;
    client = createRealtimeClient({
      getAccessToken: () => Promise.resolve(++calls === 1 ? null : 'later-token'),
      urlFor: (token) => token,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      random: () => 0,
    });
    client.start();
    await settle();
    expect(sockets).toHaveLength(0);
    expect(client.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sockets.map((s) => s.url)).toEqual(['later-token']);
  });

  it('stops for good: closes the socket, reports disconnected and never reconnects', async () => {
    makeClient().start();
    await settle();
    const socket = lastSocket();
    socket.open();
    client.stop();
    expect(socket.closedWith).toBe(1000);
    expect(client.state).toBe('disconnected');
    socket.drop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('ticketsHubUrl', () => {
  it('uses wss on https and carries the token as a query parameter', () => {
    const at = (href: string) => new URL(href) as unknown as Location;
    expect(ticketsHubUrl('a b', at('https://admin.example.com/admin/tickets/manage'))).toBe(
      'wss://admin.example.com/api/admin/hubs/ticketsUpdate?access_token=a%20b',
    );
    expect(ticketsHubUrl('t', at('http://localhost:5173/'))).toBe(
      'ws://localhost:5173/api/admin/hubs/ticketsUpdate?access_token=t',
    );
  });
});

describe('telling the hub the chime is on', () => {
  it('says so when told, and again on every new connection', async () => {
    makeClient().start();
    await settle();
    lastSocket().open();
    expect(lastSocket().sent).toEqual([]);
    client.setSoundOn(true);
    const listening = JSON.stringify({ event: 'listening', data: { soundOn: true } });
    expect(lastSocket().sent).toEqual([listening]);
    // The server restarted: the new connection is told without asking again.
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(10_000);
    lastSocket().open();
    expect(sockets).toHaveLength(2);
    expect(lastSocket().sent).toEqual([listening]);
    client.stop();
  });
});
