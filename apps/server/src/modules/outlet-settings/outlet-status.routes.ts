import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BranchStatusListResponse,
  BranchStatusResponse,
  OutletStatusBody,
  ProblemResponse,
  ROUTE_ROLES,
  Uuid,
} from '@app/contracts';
import type { OutletStatusService } from './outlet-status.service.ts';

const TenantParams = z.object({ tenantId: Uuid });
const tags = ['outlet settings'];
const security = [{ bearer: [] }];
const problems = { 401: ProblemResponse, 403: ProblemResponse, 404: ProblemResponse };

/** operations-platform §2.7 and §7.3: the outlet status of every branch. */
export const outletStatusRoutes =
  (status: OutletStatusService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/tenants/:tenantId/status',
      {
        // Every tenant user sees it: the top bar's status text and the admin banner.
        config: { access: { tenant: true, roles: ROUTE_ROLES.tickets } },
        schema: {
          tags,
          security,
          summary: 'Operating status of every branch (closed, accepting orders, busy)',
          params: TenantParams,
          response: { 200: BranchStatusListResponse, ...problems },
        },
      },
      async (req) => ({ results: await status.list(req.params.tenantId) }),
    );

    app.put(
      '/api/admin/tenants/:tenantId/status/:branchId',
      {
        config: { access: { tenant: true, roles: ROUTE_ROLES.operatingStatus } },
        schema: {
          tags,
          security,
          summary: "Set a branch's status; the order intake obeys it from the next order",
          params: TenantParams.extend({ branchId: Uuid }),
          body: OutletStatusBody,
          response: { 200: BranchStatusResponse, ...problems },
        },
      },
      async (req) => ({
        results: await status.update(req.params.tenantId, req.params.branchId, req.body),
      }),
    );
  };
