import type { FastifyPluginAsync } from 'fastify';
import { platformRoutes as routes } from '@app/contracts';
import { APP_VERSION } from '../../version.ts';
import { handle } from '../../plugins/handle.ts';
import type { PlatformService } from './platform.service.ts';

export type PlatformDeps = { ping: () => Promise<void>; platform: PlatformService };

/** Health probes, the version heartbeat and the super admin's screens. */
export const platformHandlers =
  (deps: PlatformDeps): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.health, async () => ({ status: 'ok' as const }));
    handle(app, routes.ready, async ({ reply }) => {
      try {
        await deps.ping();
        return { status: 'ready' as const, database: 'up' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    });
    handle(app, routes.heartbeat, async ({ query }) => ({
      refresh: query.v !== undefined && query.v !== APP_VERSION,
      version: APP_VERSION,
    }));
    handle(app, routes.tenants, ({ query }) => deps.platform.tenants(query.search));
    handle(app, routes.tenantDetails, ({ params }) => deps.platform.details(params.id));
    handle(app, routes.tenantStatus, ({ params, body }) =>
      deps.platform.setActive(params.id, body.active),
    );
    handle(app, routes.unverifiedTickets, ({ query }) =>
      deps.platform.unverifiedTickets(query.olderThanMinutes),
    );
  };
