import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CurrentUserResponse,
  PlatformTenantsResponse,
  ProblemResponse,
  TenantProfileQuery,
  TenantProfileResponse,
  UserTenantsResponse,
} from '@app/contracts';
import type { TenantsService } from './tenants.service.ts';

const security = [{ bearer: [] }];
const problems = { 401: ProblemResponse, 403: ProblemResponse };

export const tenantsRoutes =
  (service: TenantsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/users/me',
      {
        config: { access: { tenant: false, roles: 'any' } },
        schema: {
          tags: ['identity'],
          summary: 'The signed-in user',
          security,
          response: { 200: CurrentUserResponse, ...problems },
        },
      },
      async (req) => ({ results: await service.currentUser(req.auth.userId) }),
    );

    app.get(
      '/api/admin/users/tenants',
      {
        config: { access: { tenant: false, roles: 'any' } },
        schema: {
          tags: ['identity'],
          summary: "The signed-in user's tenants, with the role in each and their branches",
          security,
          response: { 200: UserTenantsResponse, ...problems },
        },
      },
      async (req) => ({ results: await service.userTenants(req.auth.userId) }),
    );

    app.get(
      '/api/admin/tenants/',
      {
        config: { access: { tenant: false, roles: 'any' } },
        schema: {
          tags: ['identity'],
          summary:
            "The signed-in user's tenant profile: the preferred tenant when a member, else the first",
          description: '404 when the user belongs to no tenant (the SPA sends them to sign-up).',
          security,
          querystring: TenantProfileQuery,
          response: { 200: TenantProfileResponse, ...problems, 404: ProblemResponse },
        },
      },
      async (req) => ({
        results: await service.tenantProfile(req.auth.userId, req.query.preferredTenantId),
      }),
    );

    app.get(
      '/api/admin/tenants/all',
      {
        config: { access: { superAdmin: true } },
        schema: {
          tags: ['platform'],
          summary: 'Every tenant (super admin)',
          security,
          response: { 200: PlatformTenantsResponse, ...problems },
        },
      },
      async () => ({ results: await service.allTenants() }),
    );
  };
