import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { OIDC_MOUNT } from './oidc-provider.ts';

/**
 * Hands /oidc/* to the provider (a Koa app) with the raw request: the provider reads the body
 * itself, and sees the path below the mount point with the full one in originalUrl, from which
 * it builds its absolute URLs.
 */
export const providerMount =
  (provider: Provider) =>
  async (app: FastifyInstance): Promise<void> => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const callback = provider.callback();
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string; baseUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.baseUrl = OIDC_MOUNT;
      raw.url = url.slice(OIDC_MOUNT.length) || '/';
      if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
      await callback(raw, reply.raw);
    };
    app.all(OIDC_MOUNT, { schema: { hide: true } }, handler);
    app.all(`${OIDC_MOUNT}/*`, { schema: { hide: true } }, handler);
  };
