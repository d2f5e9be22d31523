import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { storefrontRoutes as routes, type RouteDef, type RouteReply } from '@app/contracts';
import type { RateLimit } from '../../config.ts';
import { handle, rateLimited, type HandlerInput } from '../../plugins/handle.ts';
import type { StorefrontService } from './storefront.service.ts';
import { guardCodeTries, type CodeTries } from '../discounts/code-tries.ts';

export type StorefrontRoutesOptions = {
  /** Reads per client address and window (config.publicReadRateLimit); none when unset. */
  rateLimit?: RateLimit;
  /** Refused discount codes per address and tenant, shared with the intake. */
  codeTries: CodeTries;
};

/**
 * Answers `results` with a strong ETag over them; a client that sends the same tag back in
 * If-None-Match gets 304 and no body. `no-cache`: every use revalidates (menus and statuses change).
 */
function cacheable<T>(request: FastifyRequest, reply: FastifyReply, results: T): T | FastifyReply {
  const tag = `"${createHash('sha1').update(JSON.stringify(results)).digest('base64url')}"`;
  reply.header('etag', tag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  const asked = request.headers['if-none-match'];
  const tags = typeof asked === 'string' ? asked.split(',').map((t) => t.trim()) : [];
  if (tags.includes(tag) || tags.includes(`W/${tag}`) || tags.includes('*'))
    return reply.status(304).send();
  return results;
}

/** The public reads a storefront or any client needs to place an order (no token). */
export const storefrontHandlers =
  (storefront: StorefrontService, options: StorefrontRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    // Only in this plugin's scope: each public read counts against its own limit per address.
    await app.register(rateLimit, { global: false });
    const config = rateLimited(options.rateLimit);

    /** A public read: rate limited, answered with an ETag (304 when the client has it). */
    const cachedRead = <R extends RouteDef>(
      route: R,
      read: (input: HandlerInput<R>) => Promise<RouteReply<R>>,
    ) =>
      handle(
        app,
        route,
        async (input) => cacheable(input.request, input.reply, await read(input)),
        config,
      );

    cachedRead(routes.storefront, ({ params }) => storefront.storefront(params.slug));
    cachedRead(routes.menu, ({ params, query }) =>
      storefront.menu(
        params.tenantId,
        params.branchId,
        query.checkoutTemplate,
        query.serviceAreaId,
      ),
    );
    cachedRead(routes.serviceArea, ({ params }) =>
      storefront.serviceArea(params.slug, params.serviceAreaId),
    );
    cachedRead(routes.uniqueLink, ({ params }) =>
      storefront.uniqueLink(params.slug, params.linkId),
    );
    // A POST that reads: priced fresh each time, counted like the other public reads; a
    // refused code counts against the address's code tries like the intake's.
    const codeTries = guardCodeTries(options.codeTries, app.isStaffOf);
    handle(
      app,
      routes.quote,
      ({ params, body, request }) =>
        codeTries(
          request,
          params.tenantId,
          body.discountCode,
          () => storefront.quote(params.tenantId, params.branchId, body),
          ({ result }) => result?.discountCodeRefusal != null,
        ),
      config,
    );
    handle(app, routes.preview, ({ params }) => storefront.preview(params.tenantId));
    cachedRead(routes.ticket, ({ params }) => storefront.ticket(params.tenantId, params.ticketId));
  };
