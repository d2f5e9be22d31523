import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  hasPermission,
  isPlatformPermission,
  isTenantPath,
  type MembershipRole,
} from '@app/contracts';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema.ts';
import type { AccessPolicy, AdminRoute } from '../plugins/auth.ts';

/** The callers the matrix plays, by what they are in the tenant under test. */
export type Principal = 'owner' | 'manager' | 'staff' | 'superAdmin';
export const PRINCIPAL_ROLES: Record<Principal, MembershipRole | 'SuperAdmin'> = {
  owner: 'StoreOwner',
  manager: 'StoreManager',
  staff: 'OrderTaker',
  superAdmin: 'SuperAdmin',
};

export const BAD_TOKEN_CASES = [
  'no token',
  'foreign key',
  'unsigned',
  'expired',
  'wrong audience',
  'wrong issuer',
  'wrong token type',
] as const;
export type BadTokenCase = (typeof BAD_TOKEN_CASES)[number];

export const MATRIX_CASES = [...BAD_TOKEN_CASES, 'other tenant', 'role'] as const;
export type MatrixCase = (typeof MATRIX_CASES)[number];

export type MatrixInput = {
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  routes: readonly AdminRoute[];
  /** The tenant under test, put in every :tenantId. */
  tenantId: string;
  /** Access tokens of members of that tenant (and of the super admin). */
  tokens: Record<Principal, string>;
  /** A token of a user of another tenant only. */
  outsiderToken: string;
  /** Tokens wrong in one way each; 'no token' sends none. */
  badTokens: Record<Exclude<BadTokenCase, 'no token'>, string>;
  /** Strings that identify the tenant under test; none may reach the outsider. */
  tenantSecrets: string[];
};

export type MatrixResult = { pairs: number; requests: number; failures: string[] };

/** Whether the policy lets this principal in, worked out from the access table alone. */
export function expectedAllowed(access: AccessPolicy, principal: Principal): boolean {
  const role = PRINCIPAL_ROLES[principal];
  if (!('permission' in access)) return true;
  if (isPlatformPermission(access.permission)) return role === 'SuperAdmin';
  if (role === 'SuperAdmin') return access.superAdmin === true;
  // The demo tenant under test is not integrated.
  return hasPermission({ role, isIntegrated: false }, access.permission);
}

/** A concrete URL for a route pattern: the tenant under test, random UUIDs elsewhere. */
export function fillPath(url: string, tenantId: string): string {
  return url
    .split('/')
    .map((part) => {
      if (part === ':tenantId') return tenantId;
      if (part.startsWith(':')) return randomUUID();
      if (part === '*') return 'x';
      return part;
    })
    .join('/');
}

/**
 * Every registered admin route × every case: bad tokens get 401, the other tenant's user gets
 * 403/404 and none of the tenant's data, each role gets exactly what the route's policy says.
 */
export async function runAccessMatrix(input: MatrixInput): Promise<MatrixResult> {
  const failures: string[] = [];
  let pairs = 0;
  let requests = 0;
  const send = async (route: AdminRoute, token: string | undefined) => {
    requests++;
    const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
    return input.inject({
      method: route.method as InjectOptions['method'],
      url: fillPath(route.url, input.tenantId),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(hasBody ? { payload: {} } : {}),
    });
  };
  const leaks = (body: string) => input.tenantSecrets.filter((s) => body.includes(s));

  for (const route of input.routes) {
    const name = `${route.method} ${route.url}`;
    for (const matrixCase of MATRIX_CASES) {
      pairs++;
      const fail = (why: string) => failures.push(`${name} [${matrixCase}]: ${why}`);
      if (matrixCase === 'role') {
        for (const principal of Object.keys(input.tokens) as Principal[]) {
          const res = await send(route, input.tokens[principal]);
          const allowed = expectedAllowed(route.access, principal);
          if (!allowed && res.statusCode !== 403) {
            fail(`${principal} should get 403, got ${res.statusCode}`);
          }
          if (allowed && [401, 403].includes(res.statusCode)) {
            fail(`${principal} is allowed but got ${res.statusCode}`);
          }
          if (allowed && res.statusCode >= 500) fail(`${principal} got ${res.statusCode}`);
        }
        continue;
      }
      if (matrixCase === 'other tenant') {
        const res = await send(route, input.outsiderToken);
        const tenantScoped = isTenantPath(route.url);
        const platform =
          !tenantScoped &&
          'permission' in route.access &&
          isPlatformPermission(route.access.permission);
        if (
          (tenantScoped && ![403, 404].includes(res.statusCode)) ||
          (platform && res.statusCode !== 403)
        ) {
          fail(`expected 403 or 404, got ${res.statusCode}`);
        }
        const leaked = leaks(res.body);
        if (leaked.length > 0) fail(`body shows the other tenant's data: ${leaked.join(', ')}`);
        continue;
      }
      const token = matrixCase === 'no token' ? undefined : input.badTokens[matrixCase];
      const res = await send(route, token);
      const code =
        res.statusCode === 401
          ? (res.json() as { error?: { code?: string } }).error?.code
          : undefined;
      if (res.statusCode !== 401 || code !== 'unauthorized') {
        fail(`expected 401 unauthorized, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
  }
  return { pairs, requests, failures };
}

/** Ids, names and member emails of a tenant: what must never reach another tenant's user. */
export async function collectTenantSecrets(db: Db, tenantId: string): Promise<string[]> {
  const [tenant] = await db.select().from(s.tenants).where(eq(s.tenants.id, tenantId));
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  const ids = async (table: typeof s.branches | typeof s.categories | typeof s.items) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.tenantId, tenantId))).map(
      (r) => r.id,
    );
  const members = await db
    .select({ email: s.users.email })
    .from(s.memberships)
    .innerJoin(s.users, eq(s.users.id, s.memberships.userId))
    .where(eq(s.memberships.tenantId, tenantId));
  return [
    tenant.id,
    tenant.slug,
    ...Object.values(tenant.name).filter((v): v is string => typeof v === 'string' && v.length > 3),
    ...(await ids(s.branches)),
    ...(await ids(s.categories)),
    ...(await ids(s.items)),
    ...members.map((m) => m.email),
  ];
}
