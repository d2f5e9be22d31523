import { vi } from 'vitest';
import {
  ALL_ROUTES,
  CATALOG_BASE,
  fillRoutePath,
  routePathRegex,
  type RouteDef,
  type RouteReply,
} from '@app/contracts';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
  /** Set when the caller gave the request a time-out or a way to cancel it. */
  signal: AbortSignal | undefined;
}

export type FakeRoute = (request: FakeRequest) => Response | Promise<Response>;

export const TEST_ORIGIN = 'http://localhost:3000';

export const AUTH_CONFIG = {
  authority: `${TEST_ORIGIN}/oidc`,
  clientId: 'admin-spa',
  scope: 'openid profile email offline_access',
  audience: `${TEST_ORIGIN}/api`,
  roleClaim: 'extension_role',
  passwordResetUrl: null,
};

const DEFINED = ALL_ROUTES.map((route) => ({
  route,
  pattern: routePathRegex(route.path),
  // A literal segment beats a parameter: `/tenants/all` is not `/tenants/:tenantId`.
  params: route.path.split(':').length - 1,
}));

/** The contracts' route a fake answers for, or undefined outside the API. */
export function definitionOf(method: string, pathname: string): RouteDef | undefined {
  // A trailing slash is the same call (`/tenants/` as the spec writes it, or without).
  const paths = [pathname, pathname.replace(/(.)\/$/, '$1')];
  return DEFINED.filter(
    (d) => d.route.method === method && paths.some((p) => d.pattern.test(p)),
  ).sort((a, b) => a.params - b.params)[0]?.route;
}

/**
 * What the fakes answered that the contracts do not allow (a shape the real server cannot
 * send); the admin's test setup fails the test that made one.
 */
export const contractViolations: string[] = [];

async function checkAnswer(key: string, route: RouteDef, response: Response): Promise<void> {
  const schema = route.results ?? route.response;
  if (!schema || !response.ok || response.status === 204) return;
  if (!response.headers.get('content-type')?.includes('json')) return;
  const body: unknown = await response.clone().json();
  const checked = route.results
    ? schema.safeParse((body as { results?: unknown } | null)?.results)
    : schema.safeParse(body);
  if (!checked.success) {
    const issues = checked.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    contractViolations.push(`${key} answered what ${route.path} cannot: ${issues.join('; ')}`);
  }
}

/**
 * Fakes the network at the HTTP layer: `fetch` answers from `routes`, keyed "GET /path"
 * (query ignored); anything else is a 404, and every request is recorded. Each key under
 * /api/ must be a route of the contracts, and each answer of a route with a result schema must
 * fit it: a test cannot fake what the server never says.
 */
export function fakeServer(routes: Record<string, FakeRoute>) {
  for (const key of Object.keys(routes)) {
    const [method = '', pathname = ''] = key.split(' ');
    if (pathname.startsWith('/api/') && !definitionOf(method, pathname)) {
      throw new Error(`fake route "${key}" is no route of the contracts`);
    }
  }
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), TEST_ORIGIN), init);
    const url = new URL(request.url);
    const recorded: FakeRequest = {
      method: request.method,
      url,
      headers: request.headers,
      body: init?.body === undefined ? undefined : String(init.body),
      signal: init?.signal ?? undefined,
    };
    requests.push(recorded);
    const key = `${request.method} ${url.pathname}`;
    const route = routes[key];
    if (!route)
      return Response.json({ error: { code: 'not_found', message: 'no route' } }, { status: 404 });
    const response = await route(recorded);
    const definition = definitionOf(request.method, url.pathname);
    if (definition) await checkAnswer(key, definition, response);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export const ok = (results: unknown) => () => Response.json({ results });

/**
 * A fake answer written against a route of the contracts: its key built from the route's
 * method and path with `params` filled in, its results typed as the server's handler returns
 * them (the route's schema's input).
 */
export function answer<R extends RouteDef>(
  route: R,
  params: Record<string, string>,
  results: RouteReply<R>,
): Record<string, FakeRoute> {
  return { [`${route.method} ${fillRoutePath(route.path, params)}`]: ok(results) };
}
export const authConfigRoute = { 'GET /api/public/auth-config': ok(AUTH_CONFIG) };

/** menu-management.md §7: {base} of the catalogue calls for one tenant, to key fake answers. */
export const catalogBase = (tenantId: string): string => fillRoutePath(CATALOG_BASE, { tenantId });
