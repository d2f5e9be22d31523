import { z } from 'zod';
import { LocalizedText, TenantParams, Uuid } from './common.ts';
import { routesOf } from './http.ts';

export const BranchOperatingStatus = z.object({
  closed: z.boolean(),
  acceptingOrders: z.boolean(),
  busy: z.boolean(),
});
export type BranchOperatingStatus = z.infer<typeof BranchOperatingStatus>;

export const LIMITS_BRANCH = {
  branchNameMax: 50,
  businessNameMax: 25,
  websiteHostMin: 3,
  websiteHostMax: 20,
} as const;

/**
 * Outlet status (operations-platform §2.7, §4.4, §7.3): per branch, closed and accepting
 * orders are separate switches; busy is a third value. The order intake reads them on every
 * order, so a change applies to the very next one.
 */
export const OutletStatusBody = BranchOperatingStatus;
export type OutletStatusBody = z.infer<typeof OutletStatusBody>;

export const BranchStatus = z.object({
  branchId: Uuid,
  branchName: LocalizedText,
  branchOperatingStatus: BranchOperatingStatus,
});
export type BranchStatus = z.infer<typeof BranchStatus>;

const route = routesOf('outlet-settings');

/** operations-platform §2.7 and §7.3: the outlet status of every branch. */
export const outletSettingsRoutes = {
  statuses: route({
    method: 'GET',
    path: '/api/admin/tenants/:tenantId/status',
    // Every tenant user sees it: the top bar's status text and the admin banner.
    access: { permission: 'LiveTickets' },
    summary: 'Operating status of every branch (closed, accepting orders, busy)',
    params: TenantParams,
    results: z.array(BranchStatus),
  }),
  setStatus: route({
    method: 'PUT',
    path: '/api/admin/tenants/:tenantId/status/:branchId',
    access: { permission: 'OperatingStatus' },
    summary: "Set a branch's status; the order intake obeys it from the next order",
    params: TenantParams.extend({ branchId: Uuid }),
    body: OutletStatusBody,
    results: BranchStatus,
  }),
};
