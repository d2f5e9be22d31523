import {
  HUB_CLOSE_CODES,
  parseHubMessage,
  TicketsUpdate,
  ticketsRoutes,
  type HubEventName,
} from '@app/contracts';
import type { ConnectionState } from '../components/connection-dot.tsx';
import { getAccessToken } from './auth.ts';

export type { ConnectionState };

export const TICKETS_HUB_PATH = ticketsRoutes.hub.path;

/** Spec §9: a lost connection retries after a random 5–10 s during its first minute, then 15 s. */
export const RECONNECT_TIMING = {
  firstMinuteMinMs: 5_000,
  firstMinuteMaxMs: 10_000,
  firstMinuteMs: 60_000,
  afterFirstMinuteMs: 15_000,
  /** Spec §4.6, §9: after reconnecting, tickets are refetched after a random 1–4 s wait. */
  refetchMinMs: 1_000,
  refetchMaxMs: 4_000,
} as const;

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface HubSocket {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  close(code?: number, reason?: string): void;
  send(data: string): void;
}

export interface RealtimeClientOptions {
  /** The bearer token; read again for every connection so a renewed one is used. */
  getAccessToken?: () => Promise<string | null>;
  /** The hub's URL for a token; by default the page's own host over ws(s). */
  urlFor?: (token: string) => string;
  createSocket?: (url: string) => HubSocket;
  /** A number in [0, 1): spreads the reconnects of many tabs after a server restart. */
  random?: () => number;
  now?: () => number;
}

export type TicketsUpdateListener = (update: TicketsUpdate) => void;
/** Another event's data, unparsed: the feature that listens reads it with its own contract. */
export type HubEventListener = (data: unknown) => void;

export interface RealtimeClient {
  /** Opens the connection (and keeps it open) until stop(). */
  start(): void;
  /** Closes the connection for good: no reconnect. */
  stop(): void;
  readonly state: ConnectionState;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  /** Each ticketsUpdate event from the hub. */
  onTicketsUpdate(listener: TicketsUpdateListener): () => void;
  /** Each event of another name (receiveTableBillPaymentUpdate), its data as sent. */
  onEvent(name: Exclude<HubEventName, 'ticketsUpdate'>, listener: HubEventListener): () => void;
  /** After a lost connection came back (and the 1–4 s wait): events may have been missed. */
  onRefetchNeeded(listener: () => void): () => void;
  /** Tells the hub this tab's chime is on (Start Live Orders), now and after each reconnect. */
  setSoundOn(on: boolean): void;
}

export function ticketsHubUrl(token: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${TICKETS_HUB_PATH}?access_token=${encodeURIComponent(token)}`;
}

const between = (random: () => number, min: number, max: number) =>
  Math.round(min + random() * (max - min));

/**
 * The client of the tickets hub (spec §4.6): connecting, connected, then on a lost connection
 * reconnecting (random 5–10 s apart) for a minute and disconnected after that (every 15 s),
 * until the connection opens again. A connection the server ends because its token expired
 * (4401) is reopened at once with the renewed token.
 */
export function createRealtimeClient(options: RealtimeClientOptions = {}): RealtimeClient {
  const readToken = options.getAccessToken ?? getAccessToken;
  const urlFor = options.urlFor ?? ((token: string) => ticketsHubUrl(token));
  const createSocket =
    options.createSocket ?? ((url: string): HubSocket => new WebSocket(url) as HubSocket);
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  const stateListeners = new Set<(state: ConnectionState) => void>();
  const updateListeners = new Set<TicketsUpdateListener>();
  const refetchListeners = new Set<() => void>();
  const eventListeners = new Map<HubEventName, Set<HubEventListener>>();

  let state: ConnectionState = 'disconnected';
  let running = false;
  let soundOn = false;
  const sayListening = (to: HubSocket) => {
    try {
      to.send(JSON.stringify({ event: 'listening', data: { soundOn } }));
    } catch {
      // Not open after all: the next connection says it.
    }
  };
  let socket: HubSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let refetchTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the current outage began; null while connected (or before the first connection). */
  let lostAt: number | null = null;
  /** Bumped on every connect and stop, so a late token or socket callback is ignored. */
  let generation = 0;

  function setState(next: ConnectionState) {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  }

  function clearTimers() {
    clearTimeout(retryTimer);
    clearTimeout(refetchTimer);
    retryTimer = undefined;
    refetchTimer = undefined;
  }

  /** The state while no connection is open, from how long the outage has lasted. */
  function outageState(): ConnectionState {
    if (lostAt === null) return 'connecting';
    return now() - lostAt < RECONNECT_TIMING.firstMinuteMs ? 'reconnecting' : 'disconnected';
  }

  function scheduleRetry(immediately = false) {
    if (!running) return;
    lostAt ??= now();
    setState(outageState());
    const inFirstMinute = now() - lostAt < RECONNECT_TIMING.firstMinuteMs;
    const delay = immediately
      ? 0
      : inFirstMinute
        ? between(random, RECONNECT_TIMING.firstMinuteMinMs, RECONNECT_TIMING.firstMinuteMaxMs)
        : RECONNECT_TIMING.afterFirstMinuteMs;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), delay);
  }

  function handleMessage(raw: unknown) {
    const message = parseHubMessage(raw);
    if (!message) return;
    if (message.event !== 'ticketsUpdate') {
      for (const listener of eventListeners.get(message.event) ?? []) {
        listener(message.data);
      }
      return;
    }
    const update = TicketsUpdate.safeParse(message.data);
    if (!update.success) return;
    for (const listener of updateListeners) listener(update.data);
  }

  async function connect() {
    const attempt = ++generation;
    retryTimer = undefined;
    setState(outageState());
    let token: string | null;
    try {
      token = await readToken();
    } catch {
      token = null;
    }
    if (attempt !== generation || !running) return;
    if (!token) {
      scheduleRetry();
      return;
    }
    let opened: HubSocket;
    try {
      opened = createSocket(urlFor(token));
    } catch {
      scheduleRetry();
      return;
    }
    socket = opened;
    opened.onopen = () => {
      if (attempt !== generation) return;
      const wasLost = lostAt !== null;
      lostAt = null;
      setState('connected');
      if (soundOn) sayListening(opened);
      if (wasLost) {
        clearTimeout(refetchTimer);
        refetchTimer = setTimeout(
          () => {
            for (const listener of refetchListeners) listener();
          },
          between(random, RECONNECT_TIMING.refetchMinMs, RECONNECT_TIMING.refetchMaxMs),
        );
      }
    };
    opened.onmessage = (event) => {
      if (attempt === generation) handleMessage(event.data);
    };
    opened.onclose = (event) => {
      if (attempt !== generation) return;
      socket = null;
      clearTimeout(refetchTimer);
      scheduleRetry(event.code === HUB_CLOSE_CODES.tokenExpired && state === 'connected');
    };
  }

  return {
    get state() {
      return state;
    },
    start() {
      if (running) return;
      running = true;
      lostAt = null;
      void connect();
    },
    stop() {
      running = false;
      generation++;
      clearTimers();
      const current = socket;
      socket = null;
      current?.close(1000, 'client closing');
      lostAt = null;
      setState('disconnected');
    },
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onTicketsUpdate(listener) {
      updateListeners.add(listener);
      return () => updateListeners.delete(listener);
    },
    onRefetchNeeded(listener) {
      refetchListeners.add(listener);
      return () => refetchListeners.delete(listener);
    },
    setSoundOn(on) {
      soundOn = on;
      if (socket && state === 'connected') sayListening(socket);
    },
    onEvent(name, listener) {
      let listeners = eventListeners.get(name);
      if (!listeners) eventListeners.set(name, (listeners = new Set()));
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
