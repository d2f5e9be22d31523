import type { FastifyPluginAsync } from 'fastify';
import { identityRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { ProfileService } from './profile.service.ts';

/** The signed-in user, their tenants and their tenant profile. */
export const profileHandlers =
  (profile: ProfileService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.me, ({ auth }) => profile.currentUser(auth.userId));
    handle(app, routes.userTenants, ({ auth }) => profile.userTenants(auth.userId));
    handle(app, routes.tenantProfile, ({ auth, query }) =>
      profile.tenantProfile(auth.userId, query.preferredTenantId),
    );
  };
