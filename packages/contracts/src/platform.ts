import { z } from 'zod';
import { CheckoutTemplate, Currency, LocalizedText, Text, Uuid } from './common.ts';
import { MembershipRole } from './access.ts';
import { ADMIN_PATH, routesOf } from './http.ts';

export const HealthResponse = z.object({ status: z.literal('ok') });
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;

export const HeartbeatQuery = z.object({ v: Text.max(40).optional() });
export const Heartbeat = z.object({ refresh: z.boolean(), version: z.string() });

/** One row of the super admin's tenant list (spec admin/tenants). */
export const PlatformTenant = z.object({
  tenantId: Uuid,
  slug: z.string(),
  localizedName: LocalizedText,
  defaultCurrency: Currency,
  isIntegrated: z.boolean(),
  branchCount: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** A deactivated tenant's staff are refused (403 tenant_inactive) and its storefront is gone (404). */
  active: z.boolean(),
  /** ISO 3166 code given at sign-up; null for tenants made otherwise. */
  country: z.string().nullable(),
  /** The end of the sign-up's free trial; null for tenants made otherwise. */
  trialEndsAt: z.string().nullable(),
  /** The owners' addresses, for the super admin to reach them. */
  ownerEmails: z.array(z.string()),
});
export type PlatformTenant = z.infer<typeof PlatformTenant>;

export const PlatformTenantsQuery = z.object({
  /** Matches the name in any language, the storefront address or an owner's e-mail. */
  search: Text.trim().max(100).optional(),
});

/** One tenant as the super admin opens it from the list. */
export const PlatformTenantDetails = PlatformTenant.extend({
  branches: z.array(
    z.object({
      branchId: Uuid,
      branchName: LocalizedText,
      phoneNumber: z.string().nullable(),
      timeZone: z.string(),
      checkoutTemplates: z.array(CheckoutTemplate),
    }),
  ),
  members: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      role: MembershipRole,
      emailVerified: z.boolean(),
    }),
  ),
  /** Tickets ever placed, and those still waiting to be accepted. */
  ticketCount: z.number().int(),
  unverifiedTicketCount: z.number().int(),
});
export type PlatformTenantDetails = z.infer<typeof PlatformTenantDetails>;

export const PlatformTenantParams = z.object({ id: Uuid });
export const TenantStatusBody = z.object({ active: z.boolean() });
export type TenantStatusBody = z.infer<typeof TenantStatusBody>;

/** How long a ticket may wait unaccepted before the super admin's list shows it (minutes). */
export const LIMITS_UNVERIFIED = { olderThanMinutesMin: 1, olderThanMinutesMax: 10_080 } as const;

export const UnverifiedTicketsQuery = z.object({
  /** Default: the server's UNVERIFIED_TICKET_MINUTES. */
  olderThanMinutes: z.coerce
    .number()
    .int()
    .min(LIMITS_UNVERIFIED.olderThanMinutesMin)
    .max(LIMITS_UNVERIFIED.olderThanMinutesMax)
    .optional(),
});

/** A ticket left unaccepted (UnVerified) for too long, in any tenant (spec admin/unverifiedtickets). */
export const UnverifiedTicketRow = z.object({
  ticketId: Uuid,
  tenantId: Uuid,
  tenantName: LocalizedText,
  tenantSlug: z.string(),
  branchId: Uuid,
  branchName: LocalizedText,
  ticketNumber: z.number().int(),
  checkoutTemplate: z.string(),
  total: z.string(),
  currency: z.string(),
  timestamp: z.string(),
  minutesWaiting: z.number().int(),
});
export type UnverifiedTicketRow = z.infer<typeof UnverifiedTicketRow>;

export const UnverifiedTickets = z.object({
  olderThanMinutes: z.number().int(),
  /** Oldest first, at most `limit` of them; `total` counts them all. */
  tickets: z.array(UnverifiedTicketRow),
  total: z.number().int(),
  limit: z.number().int(),
});
export type UnverifiedTickets = z.infer<typeof UnverifiedTickets>;

const route = routesOf('platform');

export const platformRoutes = {
  health: route({
    method: 'GET',
    path: '/healthz',
    access: { public: true },
    summary: 'The process is up',
    response: HealthResponse,
  }),
  ready: route({
    method: 'GET',
    path: '/readyz',
    access: { public: true },
    summary: 'The process can serve: the database answers (503 otherwise)',
    response: ReadyResponse,
  }),
  // The admin polls this every 5 minutes and reloads itself when a newer build is served.
  heartbeat: route({
    method: 'GET',
    path: `${ADMIN_PATH}/heartbeat/update`,
    access: { signedIn: true },
    summary: 'Whether the client version is older than the server',
    query: HeartbeatQuery,
    results: Heartbeat,
  }),
  tenants: route({
    method: 'GET',
    path: `${ADMIN_PATH}/tenants/all`,
    access: { permission: 'TenantsList' },
    summary: 'Every tenant, or those matching `search` (super admin)',
    query: PlatformTenantsQuery,
    results: z.array(PlatformTenant),
  }),
  // Platform calls are tenant-free (no membership is checked): the tenant is `id`.
  tenantDetails: route({
    method: 'GET',
    path: `${ADMIN_PATH}/platform/tenants/:id`,
    access: { permission: 'TenantsList' },
    summary: 'One tenant with its branches, members and ticket counts (super admin)',
    params: PlatformTenantParams,
    results: PlatformTenantDetails,
  }),
  tenantStatus: route({
    method: 'PUT',
    path: `${ADMIN_PATH}/platform/tenants/:id/status`,
    access: { permission: 'TenantsList' },
    summary: 'Activates or deactivates a tenant (super admin)',
    description:
      "A deactivated tenant's staff get 403 `tenant_inactive` on every call (the admin's unauthorized page) and its storefront, menus and order intake answer 404, until it is activated again.",
    params: PlatformTenantParams,
    body: TenantStatusBody,
    results: PlatformTenant,
  }),
  unverifiedTickets: route({
    method: 'GET',
    path: `${ADMIN_PATH}/tenants/unverifiedtickets`,
    access: { permission: 'UnverifiedTickets' },
    summary: 'Tickets of every tenant left unaccepted longer than `olderThanMinutes` (super admin)',
    query: UnverifiedTicketsQuery,
    results: UnverifiedTickets,
  }),
};
