import { z } from 'zod';
import { ADMIN_PATH, TENANT_PATH, routesOf } from './http.ts';
import { BranchParams, Deleted, Language, TenantIdParams, TenantParams, Uuid } from './common.ts';

/**
 * Web Push to staff devices (issue 36): an order is heard with the Live orders tab closed. The
 * server signs with its VAPID key (RFC 8292) and encrypts each payload for the device (RFC 8291,
 * aes128gcm); it posts only to known push services' origins and the configured ones.
 */
export const PUSH_LIMITS = {
  /** Branches one device may listen to. */
  branchesMax: 100,
  endpointMax: 2048,
  /** A waiting order is pushed again to managers and owners after this many minutes. */
  escalateAfterMinutesMin: 1,
  escalateAfterMinutesMax: 60,
  escalateAfterMinutesDefault: 3,
} as const;

/** `bytes` bytes as base64url without padding, as browsers give a subscription's keys. */
const base64url = (bytes: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), {
    message: 'push_key_invalid',
  });

/** `PushSubscription.toJSON()` of the browser, minus its expiration time. */
export const PushSubscriptionJson = z.object({
  /** An http(s) address; the server then allows only the push services' (push.ts). */
  endpoint: z
    .string()
    .max(PUSH_LIMITS.endpointMax)
    .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[\x21-\x7e]*)?$/, {
      message: 'push_endpoint_invalid',
    }),
  keys: z.object({
    /** The device's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The device's authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;

export const PushSubscriptionBody = z.object({
  subscription: PushSubscriptionJson,
  /** The branches whose new orders this device is told of. */
  branchIds: z.array(Uuid).min(1).max(PUSH_LIMITS.branchesMax),
  /** The language of the notifications' text; the admin's language by default. */
  lang: Language.default('en'),
});
export type PushSubscriptionBody = z.input<typeof PushSubscriptionBody>;

export const PushSubscriptionCreated = z.object({ id: Uuid });
export const PushKey = z.object({
  /** The server's VAPID public key, base64url: `applicationServerKey` of `subscribe()`. */
  publicKey: z.string(),
});

/** What a device receives, decrypted: enough to show the order and open it. */
export const PushPayload = z.object({
  kind: z.enum(['newOrder', 'stillWaiting']),
  tenantId: Uuid,
  branchId: Uuid,
  ticketId: Uuid,
  ticketNumber: z.number().int(),
  /** Short, in the subscription's language. */
  title: z.string(),
  body: z.string(),
  /** The admin's address of the ticket, opened by a click on the notification. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;

/** An admin tab connected to the realtime hub in the tenant (every page hears new orders). */
export const ListeningScreen = z.object({
  userName: z.string().nullable(),
  /** Start Live Orders was pressed in that tab: its chime sounds for a new order. */
  soundOn: z.boolean(),
  since: z.string(),
  lastHeardAt: z.string(),
});
export const ListeningDevice = z.object({
  id: Uuid,
  userName: z.string().nullable(),
  since: z.string(),
  /** The last notification its push service took, and the last it refused. */
  lastDeliveredAt: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
});

/** Who would hear a new order of the branch now (issue 36). */
export const BranchListeners = z.object({
  screens: z.array(ListeningScreen),
  pushDevices: z.array(ListeningDevice),
  /** A screen with its chime on, or a device whose last push did not fail. */
  listening: z.boolean(),
  /** After this many minutes an order still not accepted goes again to managers and owners. */
  escalateAfterMinutes: z.number().int(),
});
export type BranchListeners = z.infer<typeof BranchListeners>;

export const EscalationBody = z.object({
  escalateAfterMinutes: z
    .number()
    .int()
    .min(PUSH_LIMITS.escalateAfterMinutesMin)
    .max(PUSH_LIMITS.escalateAfterMinutesMax),
});
export type EscalationBody = z.infer<typeof EscalationBody>;

/** Whether anyone would hear a new order of each branch of the tenant now (the admin banner). */
export const TenantListening = z.array(z.object({ branchId: Uuid, listening: z.boolean() }));

/** A screen not heard from for this long (two missed pings of 30 s) is gone. */
export const SCREEN_GONE_SECONDS = 75;

/**
 * The admin's ticket view of spec §2.1 (also the target of the ticketview/{id} short links): a
 * pushed order's notification opens it.
 */
export const ticketViewPath = (id: string): string =>
  `/admin/tickets/view/${encodeURIComponent(id)}`;

const route = routesOf('tickets');
const access = { permission: 'LiveTickets' } as const;
const SUBSCRIPTIONS = `${TENANT_PATH}/push/subscriptions`;

export const pushRoutes = {
  listeners: route({
    method: 'GET',
    path: `${TENANT_PATH}/branches/:branchId/listeners`,
    access,
    summary: 'Who would hear a new order of the branch now: open screens and push devices',
    description: [
      'Screens: the admin tabs connected to the realtime hub in the tenant now (heard from in',
      `the past ${SCREEN_GONE_SECONDS} s), each with whether its chime is on. Devices: the push`,
      'subscriptions listening to the branch. `listening` is false when neither would be heard.',
    ].join('\n'),
    params: BranchParams,
    results: BranchListeners,
  }),
  tenantListening: route({
    method: 'GET',
    path: `${TENANT_PATH}/listeners`,
    access,
    summary: 'Per branch of the tenant, whether anyone would hear a new order now',
    description: '`listening` as in the branch listeners call; the admin banner warns of the rest.',
    params: TenantParams,
    results: TenantListening,
  }),
  setEscalation: route({
    method: 'PUT',
    path: `${TENANT_PATH}/branches/:branchId/escalation`,
    access: { permission: 'OperatingStatus' },
    summary: "How long an order may wait before it is pushed again to the branch's managers",
    description: `From ${PUSH_LIMITS.escalateAfterMinutesMin} to ${PUSH_LIMITS.escalateAfterMinutesMax} minutes (${PUSH_LIMITS.escalateAfterMinutesDefault} by default).`,
    params: BranchParams,
    body: EscalationBody,
    results: EscalationBody,
  }),
  pushKey: route({
    method: 'GET',
    path: `${ADMIN_PATH}/push/key`,
    access: { signedIn: true },
    summary: "The server's VAPID public key, for a device subscribing to new orders",
    results: PushKey,
  }),
  subscribePush: route({
    method: 'POST',
    path: SUBSCRIPTIONS,
    access,
    summary: "Tell this device of new orders in the chosen branches, the app's tab closed or not",
    description: [
      "The body holds the browser's `PushSubscription` (endpoint and keys) and the branches.",
      'The same endpoint sent again replaces its branches and language (one row per device).',
      '422 `push_endpoint_not_allowed` (field `subscription.endpoint`) for an endpoint outside',
      'the known push services and PUSH_ENDPOINT_ORIGINS: the server never posts anywhere else;',
      "`branch_not_found` (field `branchIds`) for a branch not of the path's tenant.",
    ].join('\n'),
    params: TenantParams,
    body: PushSubscriptionBody,
    status: 201,
    results: PushSubscriptionCreated,
  }),
  unsubscribePush: route({
    method: 'DELETE',
    path: `${SUBSCRIPTIONS}/:id`,
    access,
    summary: 'Stop telling a device of new orders',
    description: "Any of the tenant's live orders staff may remove a device (a shared tablet).",
    params: TenantIdParams,
    results: Deleted,
  }),
};
