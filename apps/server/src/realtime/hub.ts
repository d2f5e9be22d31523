import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  HUB_CLOSE_CODES,
  hasPermission,
  parseClientMessage,
  ticketsRoutes,
  type HubEventName,
  type Permission,
} from '@app/contracts';
import type { AccountsRepository } from '../modules/identity/accounts.repository.ts';
import type { ScreenPresence } from '../modules/tickets/listeners.ts';
import type { Notifier, RealtimeEvent } from './notifier.ts';

export const TICKETS_HUB_PATH = ticketsRoutes.hub.path;

type Client = {
  /** The screen's id in the listeners' presence (live_screens). */
  id: string;
  socket: WebSocket;
  tenantIds: string[];
  /** The tenants where the user holds each event's right (EVENT_PERMISSIONS). */
  hears: Record<HubEventName, ReadonlySet<string>>;
  alive: boolean;
  expiry?: NodeJS.Timeout;
};

/** Each event goes only to the users holding its right in the event's tenant (access.ts). */
export const EVENT_PERMISSIONS: Record<HubEventName, Permission> = {
  ticketsUpdate: 'LiveTickets',
  receiveTableBillPaymentUpdate: 'TableBillPayments',
};

export type TicketsHub = {
  /** The WebSocket route; needs @fastify/websocket registered on the app first. */
  routes(app: FastifyInstance): Promise<void>;
  /** Open connections on this server copy. */
  connections(): number;
  /**
   * Closes every connection with 1001 (going away). Run it as a preClose hook added before
   * @fastify/websocket's, which would close them without a code (1005).
   */
  close(): void;
};

const OPEN = 1;

/** A URL as it may be logged: the hub's access token replaced. */
export const redactAccessToken = (url: string) =>
  url.replace(/([?&]access_token=)[^&#]*/gi, '$1[redacted]');
const MAX_TIMER_MS = 2_147_483_647;

/** Seconds-since-epoch `exp` of a bearer token the guard has already verified. */
function tokenExpiry(request: FastifyRequest): number | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const exp = (
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }
    ).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The realtime hub (operations-platform §4.6, §7.4). A browser cannot set headers on a
 * WebSocket, so the access token comes as `?access_token=`; it is moved into the Authorization
 * header and then checked by the same guard as every admin call (token, user, tenant roles).
 * A connection hears the events of the tenants where its user may see tickets, and is closed
 * (4401) when its token expires, so the client reconnects with a fresh one.
 */
export function createTicketsHub(deps: {
  notifier: Notifier;
  /** Reads the connecting user's memberships for the events beyond live tickets. */
  accounts?: Pick<AccountsRepository, 'membershipsOf'>;
  /** Told of each screen that opens, says its chime is on, answers a ping, and closes. */
  presence?: ScreenPresence;
  heartbeatMs?: number;
}): TicketsHub {
  const byTenant = new Map<string, Set<Client>>();
  // The tenants where a connecting user holds each event's right, read before the upgrade.
  const rightsOf = new WeakMap<FastifyRequest, Client['hears']>();
  const clients = new Set<Client>();
  let heartbeat: NodeJS.Timeout | undefined;
  let stop: (() => void) | undefined;

  function deliver(event: RealtimeEvent) {
    const audience = byTenant.get(event.tenantId);
    if (!audience || audience.size === 0) return;
    const message = JSON.stringify({ event: event.event, data: event.data });
    for (const client of audience) {
      if (!client.hears[event.event].has(event.tenantId)) continue;
      if (client.socket.readyState === OPEN) client.socket.send(message);
    }
  }

  async function rights(request: FastifyRequest): Promise<Client['hears']> {
    const live = new Set(request.auth.tenantIds ?? []);
    const memberships = deps.accounts ? await deps.accounts.membershipsOf(request.auth.userId) : [];
    const holders = (permission: Permission) =>
      new Set(
        memberships
          .filter((m) => live.has(m.tenantId) && hasPermission(m, permission))
          .map((m) => m.tenantId),
      );
    return {
      ticketsUpdate: live,
      receiveTableBillPaymentUpdate: holders(EVENT_PERMISSIONS.receiveTableBillPaymentUpdate),
    };
  }

  function resync() {
    for (const [tenantId, audience] of byTenant) {
      const message = JSON.stringify({
        event: 'ticketsUpdate',
        data: { change: 'resync', tenantId },
      });
      for (const client of audience) {
        if (client.socket.readyState === OPEN) client.socket.send(message);
      }
    }
  }

  const screen = (client: Client) => ({
    id: client.id,
    tenantIds: [...client.hears.ticketsUpdate],
  });

  function remove(client: Client) {
    if (!clients.delete(client)) return;
    deps.presence?.closed(screen(client));
    if (client.expiry) clearTimeout(client.expiry);
    for (const tenantId of client.tenantIds) {
      const audience = byTenant.get(tenantId);
      audience?.delete(client);
      if (audience?.size === 0) byTenant.delete(tenantId);
    }
  }

  // A dead peer (a laptop lid closed) never sends a close frame: ping, and drop the silent.
  function beat() {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        remove(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
      deps.presence?.heard(screen(client));
    }
  }

  return {
    connections: () => clients.size,
    close: () => stop?.(),

    async routes(app) {
      const unsubscribe = deps.notifier.subscribe({ onEvent: deliver, onResync: resync });
      heartbeat = setInterval(beat, deps.heartbeatMs ?? 30_000);
      heartbeat.unref();
      stop = () => {
        unsubscribe();
        if (heartbeat) clearInterval(heartbeat);
        for (const client of [...clients]) {
          client.socket.close(HUB_CLOSE_CODES.serverClosing, 'server closing');
          remove(client);
        }
      };
      app.addHook('onClose', async () => stop?.());

      // Runs before the route's own guard (plugin hooks precede route hooks).
      app.addHook('onRequest', async (request) => {
        if (request.headers.authorization) return;
        const token = (request.query as { access_token?: unknown }).access_token;
        if (typeof token === 'string' && token.length > 0) {
          request.headers.authorization = `Bearer ${token}`;
        }
      });

      app.route({
        method: 'GET',
        url: TICKETS_HUB_PATH,
        config: { access: ticketsRoutes.hub.access },
        // After the guard (onRequest), before the upgrade: what this user may hear.
        preHandler: async (request) => {
          rightsOf.set(request, await rights(request));
        },
        // A plain GET (no upgrade) is told what the path speaks, in the error envelope.
        handler: async (request, reply) =>
          reply
            .status(426)
            .header('upgrade', 'websocket')
            .send({
              error: {
                code: 'upgrade_required',
                message: 'This path speaks WebSocket only',
                requestId: request.id,
              },
            }),
        wsHandler: (socket, request) => {
          const tenantIds = request.auth.tenantIds ?? [];
          const hears = rightsOf.get(request) ?? {
            ticketsUpdate: new Set(tenantIds),
            receiveTableBillPaymentUpdate: new Set<string>(),
          };
          const client: Client = { id: randomUUID(), socket, tenantIds, hears, alive: true };
          clients.add(client);
          deps.presence?.opened({ ...screen(client), userId: request.auth.userId });
          for (const tenantId of client.tenantIds) {
            let audience = byTenant.get(tenantId);
            if (!audience) byTenant.set(tenantId, (audience = new Set()));
            audience.add(client);
          }
          const exp = tokenExpiry(request);
          if (exp !== undefined) {
            const ms = Math.max(0, Math.min(exp * 1000 - Date.now(), MAX_TIMER_MS));
            client.expiry = setTimeout(() => {
              socket.close(HUB_CLOSE_CODES.tokenExpired, 'token expired');
              remove(client);
            }, ms);
            client.expiry.unref();
          }
          socket.on('pong', () => {
            client.alive = true;
          });
          // A client says only whether its chime is on (Start Live Orders); the rest is ignored.
          socket.on('message', (data, isBinary) => {
            if (isBinary) return;
            const said = parseClientMessage(data.toString());
            if (said) deps.presence?.sound(screen(client), said.soundOn);
          });
          socket.on('close', () => remove(client));
          socket.on('error', () => remove(client));
        },
      });
    },
  };
}
