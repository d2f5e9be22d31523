import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import webpush from 'web-push';
import {
  localize,
  PushSubscriptionBody,
  rolesFor,
  ticketViewPath,
  type Language,
  type LocalizedText,
  type PushPayload,
  type Ticket,
} from '@app/contracts';
import type { PushConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import type { Notifier } from '../../realtime/notifier.ts';
import { branches, memberships } from '../identity/identity.table.ts';
import { ticketChange } from './ticket-events.ts';
import { CURRENT_XID, tickets } from './tickets.table.ts';
import { pushSubscriptions, type PushSubscriptionRow } from './push.table.ts';
import ar from '../../locales/ar/push.json';
import en from '../../locales/en/push.json';
import es from '../../locales/es/push.json';

const TEXTS: Record<Language, typeof en> = { en, ar, es };

/**
 * The push services browsers subscribe with (Chrome and Edge's FCM, Firefox's autopush, Safari's
 * Apple service, Windows' WNS): a subscription's endpoint must be on one of these hosts, over
 * https, or on an origin of PUSH_ENDPOINT_ORIGINS. Anything else would let a subscriber make the
 * server post to an address of their choosing (server-side request forgery).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

export function pushEndpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  return PUSH_SERVICE_HOSTS.some((host) =>
    host.startsWith('.') ? url.hostname.endsWith(host) : url.hostname === host,
  );
}

/** Whom an order left waiting is pushed to: the roles that run the branch's status (access.ts). */
const ESCALATED_TO = rolesFor('OperatingStatus');

/** How long a push service keeps a notification for a device that is off (seconds). */
const TTL_SECONDS = 15 * 60;
const SEND_TIMEOUT_MS = 10_000;
/** Waits after a push service's 429 (or its Retry-After, up to the last of these). */
const BACK_OFF_MS = [1_000, 4_000, 15_000];

export type PushDeps = {
  db: Db;
  config: PushConfig;
  log: FastifyBaseLogger;
  /** Announces an escalated ticket to the hub, so screens show the urgent alert. */
  notifier?: Notifier;
  /** The HTTP client; tests pass one that records. */
  fetch?: typeof fetch;
  /** Waits between tries; tests pass one that does not. */
  sleep?: (ms: number) => Promise<void>;
};

/**
 * Web Push to staff devices (issue 36): subscriptions per tenant and branch, and a notification
 * to each of a branch's devices when an order comes in. Each payload is encrypted for its
 * device by web-push (RFC 8291, aes128gcm) under the server's VAPID key (RFC 8292) and posted
 * here, so the server decides where it posts (allowed origins only, no redirects followed).
 */
export function createPushService(deps: PushDeps) {
  const { db, config, log } = deps;
  const send = deps.fetch ?? fetch;
  const sleep =
    deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Posts one payload to one device; drops the subscription its service says is gone. */
  async function deliver(row: PushSubscriptionRow, payload: PushPayload): Promise<boolean> {
    if (!pushEndpointAllowed(row.endpoint, config.extraOrigins)) return false;
    const keys = config.keys();
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: config.subject, ...keys },
        TTL: TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    for (let attempt = 0; ; attempt++) {
      let status: number;
      let retryAfter: string | null = null;
      try {
        const res = await send(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        await res.arrayBuffer().catch(() => undefined);
      } catch (err) {
        log.warn({ err, subscription: row.id }, 'push: the push service did not answer');
        status = 0;
      }
      if (status >= 200 && status < 300) {
        await inScope({ tenantIds: [row.tenantId] }, () =>
          db
            .update(pushSubscriptions)
            .set({ lastDeliveredAt: sql`now()` })
            .where(eq(pushSubscriptions.id, row.id)),
        );
        return true;
      }
      if (status === 404 || status === 410) {
        // The device unsubscribed or its subscription expired: it will never take one again.
        await inScope({ tenantIds: [row.tenantId] }, () =>
          db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id)),
        );
        return false;
      }
      if (status === 429 && attempt < BACK_OFF_MS.length) {
        const asked = Number(retryAfter) * 1000;
        const wait = Number.isFinite(asked) && asked > 0 ? asked : BACK_OFF_MS[attempt]!;
        await sleep(Math.min(wait, BACK_OFF_MS.at(-1)!));
        continue;
      }
      log.warn({ status, subscription: row.id }, 'push: the push service refused a notification');
      await inScope({ tenantIds: [row.tenantId] }, () =>
        db
          .update(pushSubscriptions)
          .set({ lastFailedAt: sql`now()` })
          .where(eq(pushSubscriptions.id, row.id)),
      );
      return false;
    }
  }

  /** The branch's devices (all, or those of its managers and owners only). */
  async function devicesOf(tenantId: string, branchId: string, managersOnly = false) {
    return inScope({ tenantIds: [tenantId] }, () =>
      db
        .select()
        .from(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.tenantId, tenantId),
            sql`${branchId}::uuid = any(${pushSubscriptions.branchIds})`,
            managersOnly
              ? inArray(
                  pushSubscriptions.userId,
                  db
                    .select({ userId: memberships.userId })
                    .from(memberships)
                    .where(
                      and(
                        eq(memberships.tenantId, tenantId),
                        inArray(memberships.role, [...ESCALATED_TO]),
                      ),
                    ),
                )
              : undefined,
          ),
        ),
    );
  }

  /** Sends `kind` about one ticket to each of `devices`, in its device's language. */
  async function tell(
    kind: PushPayload['kind'],
    ticket: Parameters<typeof payloadFor>[1],
    devices: PushSubscriptionRow[],
  ) {
    const sent = await Promise.all(
      devices.map((row) => deliver(row, payloadFor(kind, ticket, row.lang))),
    );
    return sent.filter(Boolean).length;
  }

  /**
   * Claims the ticket's escalation: exactly one server copy (and one round) wins, in the same
   * transaction as the hub's event, so screens turn the alert urgent as the push goes out.
   */
  async function claimEscalation(tenantId: string, id: string) {
    return inScope({ tenantIds: [tenantId] }, () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(tickets)
          .set({ escalatedAt: sql`now()`, updatedAt: sql`now()`, changeXid: CURRENT_XID })
          .where(
            and(
              eq(tickets.tenantId, tenantId),
              eq(tickets.id, id),
              eq(tickets.status, 'UnVerified'),
              isNull(tickets.escalatedAt),
            ),
          )
          .returning();
        if (row && deps.notifier) await deps.notifier.publish(tx, ticketChange('status', row));
        return row;
      }),
    );
  }

  function payloadFor(
    kind: PushPayload['kind'],
    ticket: Pick<Ticket, 'tenantId' | 'branchId' | 'id' | 'ticketNumber' | 'ticketType'> & {
      branchName: LocalizedText;
      checkoutUiTemplate: keyof typeof en.templates;
    },
    lang: Language,
  ): PushPayload {
    const t = TEXTS[lang];
    const number = String(ticket.ticketNumber);
    const what =
      ticket.ticketType === 'callstaff' ? t.callStaff : t.templates[ticket.checkoutUiTemplate];
    const branch = localize(ticket.branchName, lang);
    return {
      kind,
      tenantId: ticket.tenantId,
      branchId: ticket.branchId,
      ticketId: ticket.id,
      ticketNumber: ticket.ticketNumber,
      title: t[kind].replace('{{number}}', number),
      body: [branch, what].filter(Boolean).join(' · '),
      url: ticketViewPath(ticket.id),
    };
  }

  return {
    publicKey: async () => ({ publicKey: config.keys().publicKey }),

    async subscribe(
      tenantId: string,
      userId: string,
      input: PushSubscriptionBody,
    ): Promise<{ id: string }> {
      const body = PushSubscriptionBody.parse(input);
      const { endpoint, keys } = body.subscription;
      if (!pushEndpointAllowed(endpoint, config.extraOrigins)) {
        throw new ValidationFailed('subscription.endpoint', ['push_endpoint_not_allowed']);
      }
      const branchIds = [...new Set(body.branchIds)];
      const known = await db
        .select({ id: branches.id })
        .from(branches)
        .where(
          and(
            eq(branches.tenantId, tenantId),
            sql`${branches.id} = any(${sql.param(branchIds)}::uuid[])`,
          ),
        );
      if (known.length !== branchIds.length) {
        throw new ValidationFailed('branchIds', ['branch_not_found']);
      }
      const values = {
        tenantId,
        userId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        branchIds,
        lang: body.lang,
      };
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: [pushSubscriptions.tenantId, pushSubscriptions.endpoint],
          set: { ...values, lastFailedAt: null },
        })
        .returning({ id: pushSubscriptions.id });
      return { id: row!.id };
    },

    async unsubscribe(tenantId: string, id: string): Promise<void> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.id, id)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) throw new NotFound('Push subscription');
    },

    devicesOf,

    /**
     * Tells every device of the ticket's branch of a new order. Called once by the server copy
     * that stored the order (not on a replayed request), after the commit; never throws.
     */
    async newOrder(ticket: Ticket): Promise<number> {
      try {
        const devices = await devicesOf(ticket.tenantId, ticket.branchId);
        return await tell(
          'newOrder',
          { ...ticket, checkoutUiTemplate: ticket.ticketDetails.checkoutUiTemplate },
          devices,
        );
      } catch (err) {
        log.error({ err }, 'push: new order notifications failed');
        return 0;
      }
    },

    /**
     * One round of escalation (issue 36 item 2): every order still not accepted after its
     * branch's threshold is pushed again, once, to the devices of the branch's managers and
     * owners. Rounds run every `config.escalationEveryMs` on every copy; the claim keeps it once.
     */
    async escalateWaiting(): Promise<number> {
      const due = await inScope({ tenantIds: [], crossTenantRead: true }, () =>
        db
          .select({ tenantId: tickets.tenantId, id: tickets.id })
          .from(tickets)
          .innerJoin(branches, eq(branches.id, tickets.branchId))
          .where(
            and(
              eq(tickets.status, 'UnVerified'),
              isNull(tickets.escalatedAt),
              sql`${tickets.createdAt} < now() - make_interval(mins => ${branches.escalateAfterMinutes})`,
            ),
          )
          .orderBy(tickets.createdAt)
          .limit(500),
      );
      let escalated = 0;
      for (const { tenantId, id } of due) {
        const row = await claimEscalation(tenantId, id);
        if (!row) continue;
        escalated++;
        const [branch] = await inScope({ tenantIds: [tenantId] }, () =>
          db.select({ name: branches.name }).from(branches).where(eq(branches.id, row.branchId)),
        );
        const devices = await devicesOf(tenantId, row.branchId, true);
        await tell(
          'stillWaiting',
          {
            ...row,
            branchName: branch?.name ?? { fieldValue: '' },
            checkoutUiTemplate: row.checkoutTemplate,
          },
          devices,
        );
      }
      return escalated;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
