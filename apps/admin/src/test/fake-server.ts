import { vi } from 'vitest';
import { CATALOG_BASE, fillRoutePath } from '@app/contracts';

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

/**
 * Fakes the network at the HTTP layer: `fetch` answers from `routes`, keyed "GET /path"
 * (query ignored); anything else is a 404, and every request is recorded.
 */
export function fakeServer(routes: Record<string, FakeRoute>) {
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
    const route = routes[`${request.method} ${url.pathname}`];
    if (!route)
      return Response.json({ error: { code: 'not_found', message: 'no route' } }, { status: 404 });
    return route(recorded);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export const ok = (results: unknown) => () => Response.json({ results });
export const authConfigRoute = { 'GET /api/public/auth-config': ok(AUTH_CONFIG) };

/** menu-management.md §7: {base} of the catalogue calls for one tenant, to key fake answers. */
export const catalogBase = (tenantId: string): string => fillRoutePath(CATALOG_BASE, { tenantId });
