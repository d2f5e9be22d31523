import { z } from 'zod';
import { BranchParams, TenantIdParams, TenantParams, Text, Uuid } from './common.ts';
import { BRANCH_SETTINGS_PATH, routesOf, TENANT_PATH } from './http.ts';
import { InternationalPhone } from './phone.ts';

/**
 * Driver dispatch and the third-party delivery outlet (operations-platform §2.4, §2.11, §3
 * Driver dispatch and Outlet config, §4.2, §4.4, §5.5, §7.3 talabatExpress, §7.4
 * dispatchdriver, §8).
 */

/** §3 Dispatch statuses. */
export const DispatchStatus = z.enum([
  'DISPATCH_REQUEST_FAILED',
  'DISPATCH_NOT_REQUESTED',
  'UPCOMING',
  'CAPTAIN_ASSIGNED',
  'CAPTAIN_COMING',
  'CAPTAIN_HERE',
  'DELIVERY_STARTED',
  'DELIVERY_ENDED',
  'CANCELED',
  'REJECTED',
  'UNKNOWN',
]);
export type DispatchStatus = z.infer<typeof DispatchStatus>;

/** §3 Integration types: the dispatch providers. */
export const DispatchIntegrationType = z.enum([
  'THIRDPARTY_YALLOW',
  'THIRDPARTY_CAREEM_EXPRESS',
  'THIRDPARTY_TALABAT_EXPRESS',
  'THIRDPARTY_TALABAT_EXPRESS_CASHLESS',
]);
export type DispatchIntegrationType = z.infer<typeof DispatchIntegrationType>;

/** §4.2: 'Request driver' is disabled while a driver is on the way or the delivery is done. */
const REQUEST_DISABLED: readonly DispatchStatus[] = [
  'UPCOMING',
  'CAPTAIN_ASSIGNED',
  'CAPTAIN_COMING',
  'CAPTAIN_HERE',
  'DELIVERY_STARTED',
  'DELIVERY_ENDED',
];
/** §4.2: 'Cancel' is disabled in these statuses. */
const CANCEL_DISABLED: readonly DispatchStatus[] = [
  'DISPATCH_NOT_REQUESTED',
  'DISPATCH_REQUEST_FAILED',
  'DELIVERY_ENDED',
  'DELIVERY_STARTED',
  'REJECTED',
  'CANCELED',
  'CAPTAIN_ASSIGNED',
  'CAPTAIN_COMING',
];

export const canRequestDriver = (status: DispatchStatus): boolean =>
  !REQUEST_DISABLED.includes(status);
export const canCancelDispatch = (status: DispatchStatus): boolean =>
  !CANCEL_DISABLED.includes(status);

/** Statuses a provider will not move out of: no need to ask it again. */
export const FINAL_DISPATCH_STATUSES: readonly DispatchStatus[] = [
  'DELIVERY_ENDED',
  'CANCELED',
  'REJECTED',
  'DISPATCH_REQUEST_FAILED',
  'DISPATCH_NOT_REQUESTED',
];

/** §4.2 and §9: the status is polled once after 200 ms, then every 60 s. */
export const DISPATCH_POLL = { firstMs: 200, everyMs: 60_000 } as const;

/** §8: the code a refused cancel answers (409). */
export const DRIVER_DISPATCH_CANNOT_BE_CANCELLED = 'DRIVER_DISPATCH_CANNOT_BE_CANCELLED';

/** §3 Driver dispatch, as the panel reads it. Times are ISO 8601 (UTC). */
export const DriverDispatch = z.object({
  ticketId: Uuid,
  integrationType: DispatchIntegrationType,
  dispatchStatus: DispatchStatus,
  driverDispatchRequestTimestamp: z.string().nullable(),
  externalReferenceId: z.string().nullable(),
  driverName: z.string().nullable(),
  driverPhoneNumber: z.string().nullable(),
  estimatedPickupTime: z.string().nullable(),
  estimatedDeliveryTime: z.string().nullable(),
  lastStatusCheck: z.string().nullable(),
});
export type DriverDispatch = z.infer<typeof DriverDispatch>;

/** The ticket a dispatch call is about; `ticketTenantId` must be the path's tenant. */
export const DispatchTicketBody = z.object({ ticketId: Uuid, ticketTenantId: Uuid.optional() });
export type DispatchTicketBody = z.infer<typeof DispatchTicketBody>;

export const DispatchUnavailableReason = z.enum(['not_delivery', 'not_configured']);
export type DispatchUnavailableReason = z.infer<typeof DispatchUnavailableReason>;

/** Whether the panel can dispatch a ticket, through which provider, and whom to call. */
export const DispatchConfig = z.object({
  ticketId: Uuid,
  available: z.boolean(),
  reason: DispatchUnavailableReason.nullable(),
  integrationType: DispatchIntegrationType.nullable(),
  /** §4.2: the provider's support number, from the server's configuration. */
  supportPhoneNumber: z.string().nullable(),
  /** A driver was requested for the ticket once: its status can be asked (else 404). */
  requested: z.boolean(),
});
export type DispatchConfig = z.infer<typeof DispatchConfig>;

// ---------------------------------------------------------------------------------------------
// The third-party delivery outlet (Talabat Express), §2.11, §3 Outlet config, §5.5.

export const OUTLET_LIMITS = {
  nameMax: 100,
  addressMax: 250,
  cityMax: 100,
  usersMax: 50,
  emailMax: 254,
} as const;

/** ISO 4217 codes the runtime knows (Intl), e.g. JOD, USD, EUR. Code `currency_invalid`. */
export const Iso4217Currency = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => /^[A-Z]{3}$/.test(v) && Intl.supportedValuesOf('currency').includes(v), {
    message: 'currency_invalid',
  })
  .meta({ examples: ['JOD', 'EUR', 'USD'] });

/** A language tag such as en, ar or ar-JO. Code `locale_invalid`. */
export const OutletLocale = z
  .string()
  .trim()
  .regex(/^[a-z]{2}([-_][A-Z]{2})?$/, { message: 'locale_invalid' });

export const OutletEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(OUTLET_LIMITS.emailMax)
  .pipe(z.email());

/** The outlet's editable fields; client_vendor_id is the server's (read-only, §5.5). */
export const OutletConfigInput = z.object({
  name: Text.trim().min(1).max(OUTLET_LIMITS.nameMax),
  address: Text.trim().min(1).max(OUTLET_LIMITS.addressMax),
  city: Text.trim().min(1).max(OUTLET_LIMITS.cityMax),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  currency: Iso4217Currency,
  locale: OutletLocale,
  phone_number: InternationalPhone,
  /** Sent back by clients as read; ignored (§5.5: read-only). */
  client_vendor_id: Text.nullish(),
  users: z.array(Text).optional(),
});
export type OutletConfigInput = z.input<typeof OutletConfigInput>;

export const OutletConfig = z.object({
  name: z.string(),
  client_vendor_id: z.string(),
  address: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  currency: z.string(),
  locale: z.string(),
  phone_number: z.string(),
  users: z.array(z.string()),
});
export type OutletConfig = z.infer<typeof OutletConfig>;

/** The outlet's own fields, as the provider and the form take them (no id, no users). */
export const OUTLET_FIELDS = [
  'name',
  'address',
  'city',
  'latitude',
  'longitude',
  'currency',
  'locale',
  'phone_number',
] as const;
export type OutletFields = Pick<OutletConfig, (typeof OUTLET_FIELDS)[number]>;

export const outletFieldsOf = (o: OutletFields): OutletFields =>
  Object.fromEntries(OUTLET_FIELDS.map((key) => [key, o[key]])) as OutletFields;

/** §7.3: the request wraps the config in `outlet`; user emails to add and remove beside it. */
export const OutletBody = z.object({
  outlet: OutletConfigInput,
  add_user: z.array(OutletEmail).max(OUTLET_LIMITS.usersMax).default([]),
  delete_user: z.array(OutletEmail).max(OUTLET_LIMITS.usersMax).default([]),
});
export type OutletBody = z.input<typeof OutletBody>;

// ---------------------------------------------------------------------------------------------
// The calls (§7.3, §7.4). The dispatch calls keep the spec's fixed `branches/b1` segment.

const route = routesOf('dispatch');
const DISPATCH = `${TENANT_PATH}/branches/b1/dispatchdriver`;
const TALABAT_OUTLET = `${BRANCH_SETTINGS_PATH}/talabatExpress/outlet`;
// Whoever works the live orders requests and cancels drivers (§1, §6 tickets/manage).
const tickets = { permission: 'LiveTickets' } as const;

export const dispatchRoutes = {
  request: route({
    method: 'POST',
    path: DISPATCH,
    access: tickets,
    summary: 'Request a driver for a delivery ticket from the branch’s dispatch provider',
    description: [
      'The ticket must be a DELIVERY cart ticket, accepted (InProgress or Completed), of a',
      'branch with a dispatch provider. Allowed when no dispatch is under way (§4.2: not in',
      'UPCOMING … DELIVERY_ENDED); a Talabat Express branch sends an order paid online as',
      'Talabat Express cashless.',
      '',
      '422 codes (field `ticketId`): `ticket_not_delivery`, `driver_dispatch_not_configured`;',
      '`tenant_mismatch` (field `ticketTenantId`). 503 `driver_dispatch_rejected` when the',
      'provider refused (the dispatch is then REJECTED) and `driver_dispatch_request_failed`',
      'when it could not be reached or failed (DISPATCH_REQUEST_FAILED); a new request may',
      'follow either.',
    ].join('\n'),
    params: TenantParams,
    body: DispatchTicketBody,
    results: DriverDispatch,
    conflicts: ['driver_dispatch_active', 'ticket_not_accepted', 'ticket_closed'],
  }),
  cancel: route({
    method: 'POST',
    path: `${DISPATCH}/cancel`,
    access: tickets,
    summary: 'Cancel a ticket’s driver dispatch at the provider',
    description: [
      `409 \`${DRIVER_DISPATCH_CANNOT_BE_CANCELLED}\` when the dispatch (its status asked of the`,
      'provider first) is in a status §4.2 disables cancel in, or the provider refuses.',
    ].join('\n'),
    params: TenantParams,
    body: DispatchTicketBody,
    results: DriverDispatch,
    conflicts: [DRIVER_DISPATCH_CANNOT_BE_CANCELLED],
  }),
  status: route({
    method: 'POST',
    path: `${DISPATCH}/status`,
    access: tickets,
    summary: 'The ticket’s dispatch, its status asked of the provider (404: never requested)',
    params: TenantParams,
    body: DispatchTicketBody,
    results: DriverDispatch,
  }),
  config: route({
    method: 'GET',
    path: `${DISPATCH}/config/:id`,
    access: tickets,
    summary: 'Whether the ticket `id` can be dispatched, by which provider, its support number',
    params: TenantIdParams,
    results: DispatchConfig,
  }),
  outlet: route({
    method: 'GET',
    path: TALABAT_OUTLET,
    access: { permission: 'StoreSettings' },
    summary: 'The branch’s Talabat Express outlet (404: none yet)',
    params: BranchParams,
    results: OutletConfig,
  }),
  saveOutlet: route({
    method: 'PUT',
    path: TALABAT_OUTLET,
    access: { permission: 'StoreSettings' },
    summary: 'Create (with default settings) or save the outlet; add and remove user emails',
    description: [
      'The outlet is created or updated at Talabat Express first, then kept here; a new outlet',
      'gets the branch id as its client_vendor_id and the branch delivers through Talabat',
      'Express. 422 codes: `phone_invalid` (E.164), `currency_invalid` (ISO 4217),',
      '`locale_invalid`, `required`, `max`, `min`. 400 `outlet_rejected` when Talabat Express',
      'refuses the outlet: its first message in `error.message`, all of them in `error.errors`',
      '(nothing is kept); 503 `outlet_provider_unavailable`.',
    ].join('\n'),
    params: BranchParams,
    body: OutletBody,
    results: OutletConfig,
  }),
};
