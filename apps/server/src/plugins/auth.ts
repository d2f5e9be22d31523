import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { MembershipRole } from '@app/contracts';
import { Forbidden, NotFound, Unauthorized } from '../errors.ts';
import type { AccountsRepository, UserRecord } from '../identity/accounts.repository.ts';
import type { TokenVerifier } from '../identity/token-verifier.ts';

/** Membership roles allowed on a route, or 'any' membership role. */
export type RoleList = readonly MembershipRole[] | 'any';

/**
 * Who may call an /api/admin route. Every such route declares one as `config.access`;
 * the app refuses to start otherwise.
 *
 * - `{ tenant: true, roles }`: a route under /api/admin/tenants/:tenantId. The caller must be
 *   a member of that tenant (else 404, the tenant's existence is not revealed) holding one of
 *   `roles` (else 403). `superAdmin: true` also lets super admins in without a membership.
 * - `{ tenant: false, roles: 'any' }`: any signed-in user; the route serves the caller's own
 *   data. With a role list, the caller must hold one of those roles in at least one tenant;
 *   `request.auth.tenantIds` then lists those tenants and the service must filter by them.
 * - `{ superAdmin: true }`: platform screens, super admins only.
 */
export type AccessPolicy =
  | { tenant: true; roles: RoleList; superAdmin?: boolean }
  | { tenant: false; roles: RoleList; superAdmin?: boolean }
  | { superAdmin: true; tenant?: undefined; roles?: undefined };

/** The signed-in caller, as the guard resolved it; set on every /api/admin request. */
export type AuthContext = {
  userId: string;
  email: string;
  isSuperAdmin: boolean;
  /** The path's tenant (tenant routes). */
  tenantId?: string;
  /** The caller's role in that tenant; undefined for a super admin let in without one. */
  role?: MembershipRole;
  /** Tenant-free routes with a role list: the tenants where the caller holds such a role. */
  tenantIds?: string[];
};

export type AdminRoute = { method: string; url: string; access: AccessPolicy };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyRequest {
    /** Only on /api/admin routes, where the guard always sets it before the handler. */
    auth: AuthContext;
  }
  interface FastifyInstance {
    /** Every /api/admin route with its policy, for the access matrix test. */
    adminRoutes: readonly AdminRoute[];
  }
}

export const ADMIN_PREFIX = '/api/admin';
export const TENANT_PREFIX = '/api/admin/tenants/:tenantId';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isAdminUrl = (url: string) => url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`);
const isTenantUrl = (url: string) => url === TENANT_PREFIX || url.startsWith(`${TENANT_PREFIX}/`);
const roleAllowed = (roles: RoleList, role: MembershipRole) =>
  roles === 'any' || roles.includes(role);

/** Start-up check of one route's policy: a mistake here is a hole, so it stops the app. */
function assertPolicy(method: string, url: string, access: AccessPolicy | undefined): AccessPolicy {
  const where = `${method} ${url}`;
  if (!access) {
    throw new Error(`${where} has no access policy: add config.access (see plugins/auth.ts)`);
  }
  if ('superAdmin' in access && access.superAdmin === true && access.tenant === undefined) {
    if (isTenantUrl(url)) throw new Error(`${where} is a tenant route: use { tenant: true, ... }`);
    return access;
  }
  if (access.tenant === true && !isTenantUrl(url)) {
    throw new Error(`${where} declares tenant: true but is not under ${TENANT_PREFIX}`);
  }
  if (access.tenant !== true && isTenantUrl(url)) {
    throw new Error(`${where} is under ${TENANT_PREFIX} and must declare tenant: true`);
  }
  if (access.tenant === undefined || access.roles === undefined) {
    throw new Error(`${where} has an incomplete access policy`);
  }
  if (access.roles !== 'any' && access.roles.length === 0 && !access.superAdmin) {
    throw new Error(`${where} allows nobody`);
  }
  return access;
}

export type AuthDeps = { verifier: TokenVerifier; accounts: AccountsRepository };

/**
 * Token verification and the tenant + role guard for every /api/admin route; the policy is
 * checked before the body is parsed, so a caller without access learns nothing from validation.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, deps: AuthDeps) => {
    const { verifier, accounts } = deps;
    const registry: AdminRoute[] = [];
    app.decorate('adminRoutes', registry);
    app.decorateRequest('auth', null as unknown as AuthContext);

    function refuse(reply: FastifyReply, reason: string): never {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new Unauthorized(reason);
    }

    async function caller(request: FastifyRequest, reply: FastifyReply): Promise<UserRecord> {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header) : null;
      if (!match?.[1]) {
        reply.header('www-authenticate', 'Bearer');
        throw new Unauthorized();
      }
      let token;
      try {
        token = await verifier.verify(match[1]);
      } catch {
        refuse(reply, 'Invalid or expired token');
      }
      let user: UserRecord | undefined;
      if (verifier.subIsUserId) {
        user = UUID.test(token.sub) ? await accounts.findUserById(token.sub) : undefined;
      } else if (token.email && token.emailVerified !== false) {
        // External issuers: our user with the token's (verified) email.
        user = await accounts.findUserByEmail(token.email);
      }
      if (!user) throw new Forbidden('This account is not known here or is not active');
      return user;
    }

    function guardFor(access: AccessPolicy): onRequestHookHandler {
      return async function adminGuard(request, reply) {
        const user = await caller(request, reply);
        const auth: AuthContext = {
          userId: user.id,
          email: user.email,
          isSuperAdmin: user.isSuperAdmin,
        };
        request.auth = auth;
        if (access.tenant === undefined) {
          if (!user.isSuperAdmin) throw new Forbidden();
          return;
        }
        if (access.tenant) {
          const { tenantId } = request.params as { tenantId?: string };
          if (!tenantId || !UUID.test(tenantId)) throw new NotFound('Tenant');
          const membership = await accounts.membership(user.id, tenantId);
          auth.tenantId = tenantId;
          if (membership && roleAllowed(access.roles, membership.role)) {
            auth.role = membership.role;
            return;
          }
          if (user.isSuperAdmin) {
            if (!access.superAdmin) throw new Forbidden();
            if (!(await accounts.tenantExists(tenantId))) throw new NotFound('Tenant');
            auth.role = membership?.role;
            return;
          }
          if (!membership) throw new NotFound('Tenant');
          throw new Forbidden();
        }
        if (access.roles === 'any') return;
        const allowed = (await accounts.membershipsOf(user.id)).filter((m) =>
          roleAllowed(access.roles, m.role),
        );
        if (allowed.length === 0 && !(user.isSuperAdmin && access.superAdmin)) {
          throw new Forbidden();
        }
        auth.tenantIds = allowed.map((m) => m.tenantId);
      };
    }

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!isAdminUrl(route.url)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const access = assertPolicy(methods.join(','), route.url, route.config?.access);
      for (const method of methods) {
        const known = registry.some((r) => r.method === method && r.url === route.url);
        if (method !== 'HEAD' && !known) registry.push({ method, url: route.url, access });
      }
      const guard = guardFor(access);
      const existing = route.onRequest;
      route.onRequest = existing
        ? [guard, ...(Array.isArray(existing) ? existing : [existing])]
        : [guard];
    });
  },
  { name: 'auth' },
);
