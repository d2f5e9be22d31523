import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APP_VERSION,
  HealthResponse,
  HeartbeatQuery,
  HeartbeatResponse,
  ReadyResponse,
} from '@app/contracts';

export type SystemDeps = { ping: () => Promise<void> };

export const systemRoutes =
  (deps: SystemDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['system'],
          summary: 'The process is up',
          response: { 200: HealthResponse },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      {
        schema: {
          tags: ['system'],
          summary: 'The process can serve: the database answers',
          response: { 200: ReadyResponse, 503: ReadyResponse },
        },
      },
      async (_req, reply) => {
        try {
          await deps.ping();
          return { status: 'ready' as const, database: 'up' as const };
        } catch {
          return reply.status(503).send({ status: 'unavailable', database: 'down' });
        }
      },
    );

    // The SPA polls this every 5 minutes and reloads itself when a newer build is served.
    app.get(
      '/api/admin/heartbeat/update',
      {
        config: { access: { tenant: false, roles: 'any' } },
        schema: {
          tags: ['system'],
          summary: 'Whether the client version is older than the server',
          security: [{ bearer: [] }],
          querystring: HeartbeatQuery,
          response: { 200: HeartbeatResponse },
        },
      },
      async (req) => ({
        results: {
          refresh: req.query.v !== undefined && req.query.v !== APP_VERSION,
          version: APP_VERSION,
        },
      }),
    );
  };
