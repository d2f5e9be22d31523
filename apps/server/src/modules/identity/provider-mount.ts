import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { API_CSP, API_DROPPED_HEADERS, UNTIL_RESTART_CACHE } from '../../plugins/spa.ts';
import { OIDC_MOUNT } from './oidc-provider.ts';

/** The provider's answers in JSON, never shown as a page (its sign-in pages are HTML). */
const JSON_ENDPOINTS = new Set([
  '/.well-known/openid-configuration',
  '/jwks',
  '/token',
  '/token/introspection',
  '/token/revocation',
  '/me',
]);
const DISCOVERY = '/.well-known/openid-configuration';

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
      const path = raw.url.split('?')[0] ?? '/';
      if (JSON_ENDPOINTS.has(path)) {
        for (const header of API_DROPPED_HEADERS) reply.raw.removeHeader(header);
        reply.raw.setHeader('content-security-policy', API_CSP);
      }
      // The same until the server restarts: the SPA's second start after sign-in reads it from
      // the cache.
      if (path === DISCOVERY) reply.raw.setHeader('cache-control', UNTIL_RESTART_CACHE);
      await callback(raw, reply.raw);
    };
    app.all(OIDC_MOUNT, { schema: { hide: true } }, handler);
    app.all(`${OIDC_MOUNT}/*`, { schema: { hide: true } }, handler);
  };
