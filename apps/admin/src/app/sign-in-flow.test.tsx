import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import i18n from 'i18next';
import type { CurrentUser, TenantProfile, UserTenant } from '@app/contracts';
import { resetAuthForTests } from '../lib/auth.ts';
import {
  AUTH_CONFIG,
  authConfigRoute,
  fakeServer,
  ok,
  TEST_ORIGIN,
  type FakeRequest,
} from '../test/fake-server.ts';
import { AuthSessionProvider } from './auth-session.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';
import { loadLazyRoutes } from '../test/lazy-routes.ts';
import { TEST_PROFILE, TEST_TENANT } from '../test/app-render.tsx';

// The pages load lazily in the app; here once, before the tests that render them.
beforeAll(() => loadLazyRoutes(routes), 60_000);

const USER_ID = '55555555-5555-4555-8555-555555555555';
const ISSUER = AUTH_CONFIG.authority;

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
/** An ID token as the provider would send it (the SPA does not check signatures itself). */
const idToken = (claims: Record<string, unknown>) =>
  `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.sig`;

interface Account {
  me: CurrentUser;
  roleClaim?: string;
  tenants: UserTenant[];
  profile: TenantProfile | null;
}

const userTenant = (role: UserTenant['role']): UserTenant => ({
  ...TEST_TENANT,
  role,
  defaultCurrency: 'JOD',
  view_ShowSection: true,
  branches: [],
});

const accounts = {
  owner: {
    me: {
      userId: USER_ID,
      email: 'owner@demo.local',
      name: 'Lina',
      isSuperAdmin: false,
      emailVerified: true,
    },
    roleClaim: 'StoreOwner',
    tenants: [userTenant('StoreOwner')],
    profile: { ...TEST_PROFILE, role: 'StoreOwner', defaultAdminLanguage: 'es' },
  },
  manager: {
    me: {
      userId: USER_ID,
      email: 'manager@demo.local',
      name: 'Omar',
      isSuperAdmin: false,
      emailVerified: true,
    },
    roleClaim: 'StoreManager',
    tenants: [userTenant('StoreManager')],
    profile: { ...TEST_PROFILE, role: 'StoreManager' },
  },
  orderTaker: {
    me: {
      userId: USER_ID,
      email: 'staff@demo.local',
      name: 'Sami',
      isSuperAdmin: false,
      emailVerified: true,
    },
    roleClaim: 'OrderTaker',
    tenants: [userTenant('OrderTaker')],
    profile: { ...TEST_PROFILE, role: 'OrderTaker' },
  },
  superAdmin: {
    me: {
      userId: USER_ID,
      email: 'admin@demo.local',
      name: 'Admin',
      isSuperAdmin: true,
      emailVerified: true,
    },
    roleClaim: 'SuperAdmin',
    tenants: [],
    profile: null,
  },
  noTenant: {
    me: {
      userId: USER_ID,
      email: 'new@demo.local',
      name: 'New',
      isSuperAdmin: false,
      emailVerified: true,
    },
    tenants: [],
    profile: null,
  },
} satisfies Record<string, Account>;

/** The provider and the API, at the HTTP layer, for one account. */
function serverFor(account: Account) {
  let nonce = '';
  const profileRoute = () =>
    account.profile
      ? Response.json({ results: account.profile })
      : Response.json({ error: { code: 'not_found', message: 'none' } }, { status: 404 });
  const server = fakeServer({
    ...authConfigRoute,
    'GET /oidc/.well-known/openid-configuration': () =>
      Response.json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/auth`,
        token_endpoint: `${ISSUER}/token`,
        end_session_endpoint: `${ISSUER}/session/end`,
        jwks_uri: `${ISSUER}/jwks`,
      }),
    'POST /oidc/token': () =>
      Response.json({
        access_token: 'access-token-1',
        refresh_token: 'refresh-token-1',
        token_type: 'Bearer',
        expires_in: 600,
        scope: '',
        id_token: idToken({
          iss: ISSUER,
          aud: AUTH_CONFIG.clientId,
          sub: USER_ID,
          nonce,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 600,
          email: account.me.email,
          name: account.me.name,
          ...(account.roleClaim ? { extension_role: account.roleClaim } : {}),
        }),
      }),
    'GET /api/admin/users/me': ok(account.me),
    'GET /api/admin/users/tenants': ok(account.tenants),
    'GET /api/admin/tenants/': profileRoute,
  });
  return {
    ...server,
    setNonce: (value: string) => {
      nonce = value;
    },
  };
}

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <AuthSessionProvider>
        <RouterProvider router={router} />
      </AuthSessionProvider>
    </AppProviders>,
  );
  return router;
}

/** Starts at /auth/login, follows the redirect to the provider and comes back with a code. */
async function signInAs(account: Account, start = '/auth/login') {
  const server = serverFor(account);
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  const router = renderApp(start);
  await waitFor(() => expect(assign).toHaveBeenCalled());
  const authorize = new URL(String(assign.mock.calls[0]?.[0]));
  const state = authorize.searchParams.get('state') ?? '';
  server.setNonce(authorize.searchParams.get('nonce') ?? '');

  const callback = `/auth/authcallback?code=code-1&state=${state}&iss=${encodeURIComponent(ISSUER)}`;
  window.history.replaceState(null, '', callback);
  await router.navigate(callback);
  return { router, server, authorize };
}

const tokenRequest = (requests: FakeRequest[]) =>
  new URLSearchParams(requests.find((r) => r.url.pathname === '/oidc/token')?.body ?? '');

describe('sign-in through the provider, at the HTTP layer', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

  afterEach(() => {
    // Unmount first: a page still mounted would call the real network once the stubs go, and
    // its sign-in attempt would outlive resetAuthForTests into the next test.
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    resetAuthForTests();
    window.sessionStorage.clear();
  });

  it('asks for a code with PKCE, our callback and the configured scope', async () => {
    const { authorize } = await signInAs(accounts.owner);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${ISSUER}/auth`);
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({
      client_id: 'admin-spa',
      redirect_uri: `${TEST_ORIGIN}/auth/authcallback`,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      code_challenge_method: 'S256',
      ui_locales: 'en',
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.resource).toBeUndefined();
  });

  it('lands an owner on the dashboard in the tenant language', async () => {
    const { router, server } = await signInAs(accounts.owner);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/dashboard/main-dashboard'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Panel de control' }),
    ).toBeVisible();
    expect(i18n.language).toBe('es');
    expect(window.localStorage.getItem('lang')).toBe('es');

    const token = tokenRequest(server.requests);
    expect(token.get('grant_type')).toBe('authorization_code');
    expect(token.get('code')).toBe('code-1');
    expect(token.get('client_id')).toBe('admin-spa');
    expect(token.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);

    const profile = server.requests.find((r) => r.url.pathname === '/api/admin/tenants/');
    expect(profile?.url.searchParams.get('preferredTenantId')).toBe('notset');
    expect(profile?.headers.get('authorization')).toBe('Bearer access-token-1');
  });

  it.each([
    ['manager', '/admin/tickets/manage'],
    ['orderTaker', '/admin/tickets/manage'],
    ['superAdmin', '/admin/tenants'],
    ['noTenant', '/signup/outlet-signup-profile'],
  ] as const)('lands the %s on %s', async (name, path) => {
    const { router } = await signInAs(accounts[name]);
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('asks no tenant profile of a new user without a tenant (no 404 to log)', async () => {
    const { router, server } = await signInAs(accounts.noTenant);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/signup/outlet-signup-profile'),
    );
    const visited = server.requests.map((r) => r.url.pathname);
    expect(visited).toContain('/api/admin/users/tenants');
    expect(visited).not.toContain('/api/admin/tenants/');
  });

  it('returns to the admin page the user tried before signing in', async () => {
    const { router, server } = await signInAs(accounts.manager, '/admin/reports/all-tickets');
    // The orders report is open to every member (spec §6): the guard lets the manager in.
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders report' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/reports/all-tickets');
    expect(window.sessionStorage.getItem('auth.returnPath')).toBeNull();
    const visited = server.requests.map((r) => r.url.pathname);
    expect(visited).toContain('/api/admin/users/tenants');
  });

  it('sends a manager back to a remembered owner page, where the guard stops them', async () => {
    const { router } = await signInAs(accounts.manager, '/admin/dashboard/main-dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/unauthorized'));
  });

  it('uses the stored tenant as the preferred one', async () => {
    window.localStorage.setItem('tenantId', TEST_TENANT.tenantId);
    const { router, server } = await signInAs(accounts.owner);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/dashboard/main-dashboard'),
    );
    const profile = server.requests.find((r) => r.url.pathname === '/api/admin/tenants/');
    expect(profile?.url.searchParams.get('preferredTenantId')).toBe(TEST_TENANT.tenantId);
  });

  it('restarts the sign-in when the callback state is not in this browser', async () => {
    serverFor(accounts.owner);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const callback = '/auth/authcallback?code=code-1&state=unknown-state';
    window.history.replaceState(null, '', callback);
    renderApp(callback);
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(String(assign.mock.calls[0]?.[0])).toMatch(new RegExp(`^${ISSUER}/auth\\?`));
  });

  it('shows the sign-in error and checklist when the callback fails otherwise', async () => {
    serverFor(accounts.owner);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const callback = '/auth/authcallback?error=access_denied';
    window.history.replaceState(null, '', callback);
    renderApp(callback);
    expect(
      await screen.findByRole('heading', {
        name: 'An error occurred, please try again by refreshing the page!',
      }),
    ).toBeVisible();
    expect(screen.getByText('you have a working internet connection')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/auth/loginlanding',
    );
  });
});
