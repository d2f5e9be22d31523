import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_PATH,
  isPlatformPermission,
  type AuditActor,
  type Deleted,
  type TenantIdParams,
  ProblemResponse,
  ValidationErrorResponse,
  envelope,
  type RouteBody,
  type RouteDef,
  type RouteHeaders,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
} from '@app/contracts';
import type { RateLimit } from '../config.ts';
import { inScope, type DbScope } from '../db/tenant-scope.ts';
import { SerializedReply } from '../serialized-reply.ts';
import type { AuthContext } from './auth.ts';
import { asActor } from '../modules/audit/actor.ts';

export type HandlerInput<R extends RouteDef> = {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  headers: RouteHeaders<R>;
  /** The caller, on /api/admin routes (the guard sets it before the handler runs). */
  auth: AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A route's implementation: it returns the `results` (or the whole body), or sends itself. */
export type Handler<R extends RouteDef> = (
  input: HandlerInput<R>,
) => Promise<RouteReply<R> | SerializedReply | FastifyReply>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The documented answers of a route: its success and the errors it can give. */
function responsesOf(route: RouteDef): Record<number, z.ZodType> {
  const ok = route.status ?? 200;
  const responses: Record<number, z.ZodType> = {};
  const body = route.results
    ? envelope(route.results)
    : (route.response ?? (route.produces ? z.string().describe(route.produces) : undefined));
  if (body) for (const status of [ok, ...(route.alsoAnswers ?? [])]) responses[status] = body;
  if (route.path.startsWith(ADMIN_PATH)) {
    responses[401] = ProblemResponse;
    responses[403] = ProblemResponse;
    responses[404] = ProblemResponse;
  }
  if (route.params || route.query || route.body) responses[422] = ValidationErrorResponse;
  if (route.conflicts?.length) responses[409] = route.conflictResponse ?? ProblemResponse;
  return responses;
}

/**
 * Whose rows the route's database work may touch (row-level security, db/tenant-scope.ts):
 * the path's tenant; on a tenant-free admin route the caller's tenants; on the super admin's
 * platform routes every tenant, read only. A public route with a slug and no tenant id scopes
 * itself once it has found the tenant.
 */
export function scopeOf(route: RouteDef, request: FastifyRequest): DbScope | undefined {
  const { tenantId } = (request.params ?? {}) as { tenantId?: unknown };
  if (!route.path.startsWith(ADMIN_PATH)) {
    if (typeof tenantId !== 'string') return undefined;
    return { tenantIds: UUID.test(tenantId) ? [tenantId] : [] };
  }
  const auth = request.auth;
  if (!auth) return undefined;
  if (auth.tenantId) return { tenantIds: [auth.tenantId], userId: auth.userId };
  const access = route.access;
  if (access && 'permission' in access && isPlatformPermission(access.permission)) {
    return { tenantIds: [], userId: auth.userId, crossTenantRead: true };
  }
  return { tenantIds: auth.tenantIds ?? [], userId: auth.userId };
}

/** The signed-in caller as the history of changes names them. */
const actorOf = (auth: AuthContext): AuditActor => ({
  id: auth.userId,
  email: auth.email,
  role: auth.role ?? (auth.isSuperAdmin ? 'SuperAdmin' : null),
});

/**
 * Registers one route of the contracts: its method, path, access policy, validation and
 * OpenAPI entry all come from the definition, so the server cannot drift from the clients.
 */
export function handle<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R>,
  /** Fastify route config beside the access policy (a rate limit). */
  config: Record<string, unknown> = {},
) {
  const admin = route.path.startsWith(ADMIN_PATH);
  const conflicts = route.conflicts?.length ? ` 409 codes: ${route.conflicts.join(', ')}.` : '';
  app.route({
    method: route.method,
    url: route.path,
    config: admin ? { ...config, access: route.access } : config,
    schema: {
      tags: [route.area],
      summary: route.summary,
      ...(route.description || conflicts
        ? { description: `${route.description ?? ''}${conflicts}`.trim() }
        : {}),
      ...(admin ? { security: [{ bearer: [] }] } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.headers ? { headers: route.headers } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.consumes ? { consumes: [route.consumes] } : {}),
      response: responsesOf(route),
    },
    handler: async (request, reply) => {
      const input: HandlerInput<R> = {
        params: request.params as RouteParams<R>,
        query: request.query as RouteQuery<R>,
        body: request.body as RouteBody<R>,
        headers: request.headers as RouteHeaders<R>,
        auth: request.auth,
        request,
        reply,
      };
      const scope = scopeOf(route, request);
      const run = () => (scope ? inScope(scope, () => handler(input)) : handler(input));
      // The history of changes names who made each one (modules/audit).
      const out = await (admin && request.auth ? asActor(actorOf(request.auth), run) : run());
      if (out === reply || reply.sent) return reply;
      reply.status(route.status ?? 200);
      if (out instanceof SerializedReply) return reply.type('application/json').send(out.json);
      if (route.status === 204) return reply.send();
      return route.results ? { results: out } : out;
    },
  });
}

/** Route config counting calls per client address (@fastify/rate-limit); none when unset. */
export const rateLimited = (limit: RateLimit | undefined) =>
  limit ? { rateLimit: { max: limit.max, timeWindow: limit.windowMs } } : {};

/**
 * An idempotent POST's answer: 201 when it made something; 200 and `idempotent-replayed: true`
 * when the key was seen before and the first answer is given again.
 */
export function sendIdempotent(reply: FastifyReply, results: unknown, replayed: boolean) {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(replayed ? 200 : 201).send({ results });
}

/** A delete of a tenant's row by id: it answers the id it deleted. */
export function handleDelete<
  R extends RouteDef & { params: typeof TenantIdParams; results: typeof Deleted },
>(app: FastifyInstance, route: R, remove: (tenantId: string, id: string) => Promise<unknown>) {
  handle(app, route, async ({ params }) => {
    await remove(params.tenantId, params.id);
    // RouteReply<R> is Deleted's input by the constraint; TypeScript cannot resolve it for any R.
    return { id: params.id } as RouteReply<R>;
  });
}
