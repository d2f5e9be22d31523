import type { z } from 'zod';
import type { Permission } from './access.ts';
import type { Area } from './areas.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Where the spec's paths start, written once (the rest of each path is the spec's own).
/** The admin's calls: each behind a right, or at least a sign-in. */
export const ADMIN_PATH = '/api/admin';
/** A tenant's admin calls (ARCHITECTURE rule 2). */
export const TENANT_PATH = `${ADMIN_PATH}/tenants/:tenantId`;
/** A branch's settings (operations-platform §7.3). */
export const BRANCH_SETTINGS_PATH = `${TENANT_PATH}/branches/:branchId/settings`;
/** The public calls about one tenant: its menus, orders and their status. */
export const PUBLIC_TENANT_PATH = '/api/public/tenants/:tenantId';
/** A storefront, by the tenant's slug. */
export const STOREFRONT_PATH = '/api/public/storefronts/:slug';

/** Who may call a route. Tenant routes are the ones whose path holds `:tenantId`. */
export type RouteAccess =
  /** No token: the storefront, the order intake, the sign-in configuration. */
  | { readonly public: true }
  /** Any signed-in user; the route serves the caller's own data. */
  | { readonly signedIn: true }
  /**
   * Holders of a permission (access.ts). On a tenant route, in the path's tenant; on a
   * tenant-free route, in at least one tenant (the service then filters by those tenants).
   * `superAdmin` also lets the platform's super admin in without a membership.
   */
  | { readonly permission: Permission; readonly superAdmin?: true };

type Schema = z.ZodType;
type ObjectSchema = z.ZodObject;

export interface RouteDef {
  readonly area: Area;
  readonly method: HttpMethod;
  /** Fastify style (`:name`), exactly the spec's path. */
  readonly path: string;
  readonly access: RouteAccess;
  readonly summary: string;
  readonly description?: string;
  readonly params?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly headers?: ObjectSchema;
  readonly body?: Schema;
  /** A multipart upload instead of a JSON body (checked by the handler). */
  readonly consumes?: 'multipart/form-data';
  /** The answer is `{ results }` of this schema. */
  readonly results?: Schema;
  /** The answer is this whole JSON body (calls that send more beside `results`). */
  readonly response?: Schema;
  /** The answer is not JSON: its content type (receipts, files). */
  readonly produces?: string;
  /** Success status; 200 unless said. */
  readonly status?: 200 | 201 | 204;
  /** Other success statuses with the same body (a replayed idempotent request answers 200). */
  readonly alsoAnswers?: readonly (200 | 201)[];
  /** The 409 codes the call may answer, for the docs and the clients. */
  readonly conflicts?: readonly string[];
  /** The 409 body when its `error` carries more than code and message (problemWith). */
  readonly conflictResponse?: Schema;
}

/** Every route of one area is made by that area's `route`, so its tag cannot be wrong. */
export const routesOf =
  (area: Area) =>
  <const R extends Omit<RouteDef, 'area'>>(def: R): R & { readonly area: Area } => ({
    ...def,
    area,
  });

type Out<S> = S extends Schema ? z.output<S> : undefined;
type In<S> = S extends Schema ? z.input<S> : undefined;

/** What the server's handler of a route receives, validated. */
export type RouteParams<R extends RouteDef> = Out<R['params']>;
export type RouteQuery<R extends RouteDef> = Out<R['query']>;
export type RouteBody<R extends RouteDef> = Out<R['body']>;
export type RouteHeaders<R extends RouteDef> = Out<R['headers']>;

/** What a client sends. */
export type RouteInput<R extends RouteDef> = (R['params'] extends Schema
  ? { params: In<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends Schema ? { query?: In<R['query']> } : { query?: undefined }) &
  (R['headers'] extends Schema ? { headers?: In<R['headers']> } : { headers?: undefined }) &
  (R['body'] extends Schema ? { body: In<R['body']> } : { body?: undefined }) &
  (R['consumes'] extends 'multipart/form-data' ? { form: FormData } : { form?: undefined });

/** What the server's handler returns: the `results`, the whole body, or nothing (it sent). */
export type RouteReply<R extends RouteDef> = R['results'] extends Schema
  ? z.input<R['results']>
  : R['response'] extends Schema
    ? z.input<R['response']>
    : unknown;

/** What a client reads back. */
export type RouteResult<R extends RouteDef> = R['results'] extends Schema
  ? z.output<R['results']>
  : R['response'] extends Schema
    ? z.output<R['response']>
    : R['produces'] extends `text/${string}`
      ? string
      : Blob;

/** The `:name` parameters of a path, in order. */
export const pathParamNames = (path: string): string[] =>
  path
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));

/** The concrete paths of a route's pattern: each `:name` stands for one segment. */
export const routePathRegex = (path: string): RegExp =>
  new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);

/** A concrete URL for a route: every `:name` replaced by its (encoded) value. */
export function fillRoutePath(path: string, params: Record<string, unknown> | undefined): string {
  return path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const value = params?.[part.slice(1)];
      if (value === undefined || value === null || value === '') {
        throw new Error(`${path}: missing path parameter ${part}`);
      }
      return encodeURIComponent(String(value));
    })
    .join('/');
}

export const isTenantPath = (path: string): boolean => path.includes('/:tenantId');
