import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  hasPermission,
  isPlatformPermission,
  isTenantPath,
  type MembershipRole,
  type RouteDef,
} from '@app/contracts';
import { rowsOf, type Db } from '../db/client.ts';
import * as s from '../db/schema.ts';
import type { AccessPolicy, AdminRoute } from '../plugins/auth.ts';
import { arbitraryOf, preferValid, type ArbitraryHint } from './zod-arbitrary.ts';

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

// ---------------------------------------------------------------------------------------------
// Foreign rows: row-level security as the second line (run with the app's tenant filter off)

/** One tenant and one id from each of its tables, for path parameters and body fields. */
export type TenantRows = { tenantId: string; slug: string; ids: Partial<Record<string, string>> };

/** The table whose id a path parameter or body field of that name carries. */
const FIELD_TABLES: Record<string, string> = {
  branchId: 'branches',
  ticketId: 'tickets',
  cartTicketId: 'tickets',
  serviceAreaId: 'service_areas',
  deliveryZoneId: 'delivery_zones',
  parentId: 'catalog_categories',
  categoryId: 'catalog_categories',
  nodeId: 'catalog_categories',
  itemId: 'catalog_items',
  variantId: 'catalog_item_variants',
  printId: 'ticket_prints',
  sectionId: 'service_area_sections',
  modifierItemId: 'modifier_items',
};
/** The table of an `:id` by the path segment before it. */
const ID_AFTER: Record<string, string> = {
  categories: 'catalog_categories',
  catalogitems: 'catalog_items',
  modifiergroups: 'modifier_groups',
  'price-adjustments': 'price_adjustments',
  variants: 'catalog_item_variants',
  sections: 'service_area_sections',
  serviceareas: 'service_areas',
  discounts: 'discounts',
  config: 'tickets',
};
const FIXED_PARAMS: Record<string, string> = {
  adminLanguage: 'en',
  checkoutTemplate: 'DELIVERY',
  template: 'DELIVERY',
};

/** A route's URL in the path's tenant, naming `rows`' rows (own or another tenant's). */
export function pathNaming(url: string, pathTenant: TenantRows, rows: TenantRows): string {
  const parts = url.split('/');
  return parts
    .map((part, i) => {
      if (part === '*') return 'x';
      if (!part.startsWith(':')) return part;
      const name = part.slice(1);
      if (name === 'tenantId') return pathTenant.tenantId;
      if (name === 'slug') return pathTenant.slug;
      const fixed = FIXED_PARAMS[name];
      if (fixed) return fixed;
      const table = name === 'id' ? ID_AFTER[parts[i - 1] ?? ''] : FIELD_TABLES[name];
      return (table && rows.ids[table]) || randomUUID();
    })
    .join('/');
}

/** A body the contract accepts where one is found, its ids naming `rows`' rows. */
function bodyNaming(route: RouteDef, pathTenant: TenantRows, rows: TenantRows): unknown {
  if (!route.body || route.consumes === 'multipart/form-data') return {};
  const hint: ArbitraryHint = (path, kind) => {
    const name = String(path.filter((k) => typeof k === 'string').at(-1) ?? '');
    if (kind !== 'uuid') return undefined;
    if (name === 'tenantId' || name === 'ticketTenantId') return fc.constant(pathTenant.tenantId);
    const table = FIELD_TABLES[name.replace(/s$/, '')] ?? FIELD_TABLES[name];
    const id = table ? rows.ids[table] : undefined;
    return id ? fc.constant(id) : undefined;
  };
  const [body] = fc.sample(preferValid(route.body, arbitraryOf(route.body, hint), 30), {
    numRuns: 1,
    seed: 42,
  });
  return body;
}

export type ForeignRowsInput = {
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  /** The routes of the contracts (admin and public). */
  routes: readonly RouteDef[];
  /** Members of the tenant under test (and the super admin). */
  tokens: Record<Principal, string>;
  own: TenantRows;
  /** Another tenant: its rows must never show up nor change. */
  foreign: TenantRows;
  /** Strings that identify the other tenant's rows: its ids, slug, names, member emails. */
  foreignSecrets: string[];
};

export type ForeignRowsResult = {
  routes: number;
  requests: number;
  /** Answers 2xx: requests that reached the database and were served. */
  succeeded: number;
  /** Answers that showed another tenant's row. */
  leaks: string[];
  /** Answers 5xx but 503 (a provider not configured). */
  errors: string[];
};

/**
 * Every route the tenant's members (or, on public routes, anyone) may call, once naming the
 * tenant's own rows and once naming another tenant's, with a body the contract accepts: no
 * answer may show a row of the other tenant. The super admin's platform routes read every
 * tenant by design and are left out.
 */
export async function runForeignRowsCheck(input: ForeignRowsInput): Promise<ForeignRowsResult> {
  const leaks: string[] = [];
  const errors: string[] = [];
  let requests = 0;
  let routes = 0;
  let succeeded = 0;
  for (const route of input.routes) {
    const admin = route.path.startsWith('/api/admin/');
    const access = route.access;
    if (admin && 'permission' in access && isPlatformPermission(access.permission)) continue;
    if (!admin && !route.path.startsWith('/api/public/')) continue;
    routes++;
    const callers: [string, string | undefined][] = admin
      ? (Object.keys(input.tokens) as Principal[])
          .filter((p) => expectedAllowed(access, p))
          .map((p) => [p, input.tokens[p]])
      : [['public', undefined]];
    const named: [string, TenantRows][] = [
      ['own rows', input.own],
      ['foreign rows', input.foreign],
    ];
    for (const [caller, token] of callers) {
      for (const [which, rows] of named) {
        const body = ['GET', 'HEAD', 'DELETE'].includes(route.method)
          ? undefined
          : bodyNaming(route, input.own, rows);
        requests++;
        const res = await input.inject({
          method: route.method as InjectOptions['method'],
          url: pathNaming(route.path, input.own, rows),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
        });
        if (res.statusCode < 300) succeeded++;
        const where = `${route.method} ${route.path} [${caller}, ${which}]`;
        const shown = input.foreignSecrets.filter((s) => res.body.includes(s));
        if (shown.length > 0) leaks.push(`${where}: ${res.statusCode} shows ${shown.join(', ')}`);
        if (res.statusCode >= 500 && res.statusCode !== 503) {
          errors.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
  }
  return { routes, requests, succeeded, leaks, errors };
}

type TableName = { table: string };

/** The tables that carry a tenant_id (and an id of their own, for `rowIds`). */
async function tenantTables(db: Db, withId = false): Promise<string[]> {
  const result = await db.execute(sql`
    select c.table_name as table from information_schema.columns c
    where c.table_schema = 'public' and c.column_name = 'tenant_id'
      and (${!withId} or exists (select 1 from information_schema.columns i
        where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id'))
    order by 1`);
  return rowsOf<TableName>(result).map((r) => r.table);
}

/** One id of each of a tenant's tables (its oldest-sorting), read as the owner. */
export async function tenantRows(db: Db, tenantId: string): Promise<TenantRows> {
  const [tenant] = await db.select().from(s.tenants).where(eq(s.tenants.id, tenantId));
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  const ids: Record<string, string> = {};
  for (const table of await tenantTables(db, true)) {
    const result = await db.execute(
      sql`select id::text as id from ${sql.identifier(table)} where tenant_id = ${tenantId} order by id limit 1`,
    );
    const id = rowsOf<{ id: string }>(result)[0]?.id;
    if (id) ids[table] = id;
  }
  return { tenantId, slug: tenant.slug, ids };
}

/** Every id of every row of a tenant, with its names and members: none may reach another. */
export async function tenantRowSecrets(db: Db, tenantId: string): Promise<string[]> {
  const secrets = await collectTenantSecrets(db, tenantId);
  for (const table of await tenantTables(db, true)) {
    const result = await db.execute(
      sql`select id::text as id from ${sql.identifier(table)} where tenant_id = ${tenantId}`,
    );
    secrets.push(...rowsOf<{ id: string }>(result).map((r) => r.id));
  }
  return [...new Set(secrets)];
}

/** A digest of each of a tenant's tables, to show that nothing of it changed. */
export async function tenantDigests(db: Db, tenantId: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of await tenantTables(db)) {
    const result = await db.execute(sql`
      select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
      from ${sql.identifier(table)} t where t.tenant_id = ${tenantId}`);
    digests[table] = rowsOf<{ digest: string }>(result)[0]!.digest;
  }
  return digests;
}
