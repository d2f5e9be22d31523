import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  ADMIN_PATH,
  TENANT_PATH,
  isPlatformPermission,
  looksLikeUuid,
  isRemovedWhenIntegrated,
  rolesFor,
  type MembershipRole,
  type Permission,
  type RouteAccess,
} from '@app/contracts';
import { Forbidden, NotFound, Unauthorized } from '../errors.ts';
import type { AccountsRepository, UserRecord } from '../modules/identity/accounts.repository.ts';
import type { TokenVerifier } from '../modules/identity/token-verifier.ts';

/**
 * Who may call an /api/admin route: the contracts' RouteAccess of the route's definition
 * (`config.access`); the app refuses to start with an admin route that has none.
 *
 * - `{ permission }` on a route under /api/admin/tenants/:tenantId: the caller must be a member
 *   of that tenant (else 404, the tenant's existence is not revealed) holding the permission
 *   (else 403; `catalog_integrated` when the tenant's point of sale took it away).
 *   `superAdmin: true` also lets super admins in without a membership.
 * - `{ permission }` on a tenant-free route: the caller must hold it in at least one tenant;
 *   `request.auth.tenantIds` then lists those tenants and the service must filter by them.
 *   A platform permission (TenantsList, UnverifiedTickets) is the super admin's alone.
 * - `{ signedIn: true }`: any signed-in user; the route serves the caller's own data.
 */
export type AccessPolicy = RouteAccess;

/** The signed-in caller, as the guard resolved it; set on every /api/admin request. */
export type AuthContext = {
  userId: string;
  email: string;
  isSuperAdmin: boolean;
  /** The path's tenant (tenant routes). */
  tenantId?: string;
  /** The caller's role in that tenant; undefined for a super admin let in without one. */
  role?: MembershipRole;
  /**
   * Tenant-free routes with a role list: the tenants where the caller holds such a role;
   * routes open to any signed-in user: every tenant the caller belongs to.
   */
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
    /**
     * Whether a public request carries a valid token of an active member of the tenant (or a
     * super admin): the shop's own staff, whom guessing limits leave alone.
     */
    isStaffOf(request: FastifyRequest, tenantId: string): Promise<boolean>;
  }
}

const isAdminUrl = (url: string) => url === ADMIN_PATH || url.startsWith(`${ADMIN_PATH}/`);
const isTenantUrl = (url: string) => url === TENANT_PATH || url.startsWith(`${TENANT_PATH}/`);
/** Start-up check of one route's policy: a mistake here is a hole, so it stops the app. */
function assertPolicy(method: string, url: string, access: AccessPolicy | undefined): AccessPolicy {
  const where = `${method} ${url}`;
  if (!access) {
    throw new Error(`${where} has no access policy: add config.access (see plugins/auth.ts)`);
  }
  if ('public' in access) throw new Error(`${where}: an /api/admin route cannot be public`);
  if ('permission' in access && isPlatformPermission(access.permission) && access.superAdmin) {
    throw new Error(`${where}: a platform permission needs no superAdmin flag`);
  }
  return access;
}

/** Whether a membership holds the permission, the tenant's point of sale considered. */
function membershipHolds(
  membership: { role: MembershipRole; isIntegrated: boolean },
  permission: Permission,
): 'yes' | 'role' | 'integrated' {
  if (!rolesFor(permission).includes(membership.role)) return 'role';
  if (membership.isIntegrated && isRemovedWhenIntegrated(permission)) return 'integrated';
  return 'yes';
}

export type AuthDeps = { verifier: TokenVerifier; accounts: AccountsRepository };

/** The claim of our access tokens that names the user's session version (0 when absent). */
export const SESSION_VERSION_CLAIM = 'sv';
const sessionVersionOf = (claims: Record<string, unknown>): number => {
  const value = claims[SESSION_VERSION_CLAIM];
  return typeof value === 'number' ? value : 0;
};

/** A deactivated tenant's staff: the admin shows its unauthorized page ("not active"). */
export const inactive = () => new Forbidden('This outlet is not active', 'tenant_inactive');

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

    function refuse(reply: FastifyReply | undefined, reason: string): never {
      reply?.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new Unauthorized(reason);
    }

    /** The signed-in user of the request's bearer token; `reply` takes the challenge header. */
    async function caller(request: FastifyRequest, reply?: FastifyReply): Promise<UserRecord> {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header) : null;
      if (!match?.[1]) {
        reply?.header('www-authenticate', 'Bearer');
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
        user = looksLikeUuid(token.sub) ? await accounts.findUserById(token.sub) : undefined;
      } else if (token.email && token.emailVerified !== false) {
        // External issuers: our user with the token's (verified) email.
        user = await accounts.findUserByEmail(token.email);
      }
      if (!user) throw new Forbidden('This account is not known here or is not active');
      // A password reset ends every session: our tokens name the session version they belong to.
      if (verifier.subIsUserId && sessionVersionOf(token.claims) !== user.sessionVersion) {
        refuse(reply, 'The session has ended');
      }
      return user;
    }

    app.decorate('isStaffOf', async (request: FastifyRequest, tenantId: string) => {
      if (!request.headers.authorization || !looksLikeUuid(tenantId)) return false;
      try {
        const user = await caller(request);
        if (user.isSuperAdmin) return true;
        return (await accounts.membership(user.id, tenantId))?.active === true;
      } catch {
        return false;
      }
    });

    function guardFor(access: AccessPolicy, url: string): onRequestHookHandler {
      const tenantRoute = isTenantUrl(url);
      return async function adminGuard(request, reply) {
        const user = await caller(request, reply);
        const auth: AuthContext = {
          userId: user.id,
          email: user.email,
          isSuperAdmin: user.isSuperAdmin,
        };
        request.auth = auth;
        if ('signedIn' in access || !('permission' in access)) {
          // The caller's own data: their tenants are the database scope of the request.
          auth.tenantIds = (await accounts.membershipsOf(user.id)).map((m) => m.tenantId);
          return;
        }
        const { permission } = access;
        const platform = isPlatformPermission(permission);
        if (tenantRoute) {
          const { tenantId } = request.params as { tenantId?: string };
          if (!tenantId || !looksLikeUuid(tenantId)) throw new NotFound('Tenant');
          auth.tenantId = tenantId;
          const membership = await accounts.membership(user.id, tenantId);
          const holds = membership && !platform ? membershipHolds(membership, permission) : 'role';
          if (membership && !membership.active && !user.isSuperAdmin) throw inactive();
          if (membership?.active && holds === 'yes') {
            auth.role = membership.role;
            return;
          }
          if (user.isSuperAdmin) {
            // The platform's admin sees only the pages the route opens to it (spec §6).
            if (!platform && !access.superAdmin) throw new Forbidden();
            if (!(await accounts.tenantExists(tenantId))) throw new NotFound('Tenant');
            auth.role = membership?.role;
            return;
          }
          if (!membership) throw new NotFound('Tenant');
          if (holds === 'integrated') {
            throw new Forbidden(
              'The menu is managed by the integrated point of sale',
              'catalog_integrated',
            );
          }
          throw new Forbidden();
        }
        if (platform) {
          if (!user.isSuperAdmin) throw new Forbidden();
          return;
        }
        const holding = (await accounts.membershipsOf(user.id)).filter(
          (m) => membershipHolds(m, permission) === 'yes',
        );
        const allowed = holding.filter((m) => m.active);
        if (allowed.length === 0 && !(user.isSuperAdmin && access.superAdmin)) {
          throw holding.length > 0 ? inactive() : new Forbidden();
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
      const guard = guardFor(access, route.url);
      const existing = route.onRequest;
      route.onRequest = existing
        ? [guard, ...(Array.isArray(existing) ? existing : [existing])]
        : [guard];
    });
  },
  { name: 'auth' },
);
