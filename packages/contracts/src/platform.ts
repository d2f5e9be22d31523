import { z } from 'zod';
import { Currency, LocalizedText, Text, Uuid } from './common.ts';
import { routesOf } from './http.ts';

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
});
export type PlatformTenant = z.infer<typeof PlatformTenant>;

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
    path: '/api/admin/heartbeat/update',
    access: { signedIn: true },
    summary: 'Whether the client version is older than the server',
    query: HeartbeatQuery,
    results: Heartbeat,
  }),
  tenants: route({
    method: 'GET',
    path: '/api/admin/tenants/all',
    access: { permission: 'TenantsList' },
    summary: 'Every tenant (super admin)',
    results: z.array(PlatformTenant),
  }),
};
