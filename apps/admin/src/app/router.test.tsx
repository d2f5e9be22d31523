import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { Permission } from '@app/contracts';
import { ADMIN_PAGES } from '../lib/pages.ts';
import { accessRuleFor } from '../lib/route-access.ts';
import { resetAuthForTests } from '../lib/auth.ts';
import { authConfigRoute, fakeServer, ok } from '../test/fake-server.ts';
import { AppProviders } from './providers.tsx';
import { configureApiClient } from '../lib/api-client.ts';
import { routes } from './router.tsx';
import { loadLazyRoutes } from '../test/lazy-routes.ts';
import { SessionProvider, type Session } from '../lib/session.tsx';
import { sessionFor, signedOutSession, TEST_TENANT } from '../test/app-render.tsx';

// The pages load lazily in the app; here once, before the tests that render them.
beforeAll(() => loadLazyRoutes(routes), 60_000);

function renderAt(path: string, session: Session = sessionFor('StoreOwner')) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </AppProviders>,
  );
  return router;
}

const UNAUTHORIZED_TEXT = 'Your account is not authorized for this action or is not active!';

describe('routes and guards', () => {
  beforeEach(() => {
    // The sign-in redirect never gets its configuration here: pages stay on their message.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
  });

  afterEach(() => {
    // Unmount first: a page still mounted would call the real network once the stubs go, and
    // its sign-in attempt would outlive resetAuthForTests into the next test.
    cleanup();
    vi.unstubAllGlobals();
    resetAuthForTests();
    window.sessionStorage.clear();
  });

  it('shows the dashboard inside the shell to a store owner', async () => {
    renderAt('/admin/dashboard/main-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByText('Welcome, Test User')).toBeVisible();
    expect(screen.getByText('You are managing Test Tavern.')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it.each(['/', '/login', '/no/such/page', '/admin', '/admin/no-such-page'])(
    'sends %s to the login landing, without the side menu',
    async (path) => {
      const router = renderAt(path);
      expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/auth/loginlanding');
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    },
  );

  // A path below a page the owner may open, that no screen answers.
  it.each(['/admin/tablebill/live-payments/no-such-page', '/admin/bulk-upload/x'])(
    'shows a signed-in owner opening %s the not-found page in the admin',
    async (path) => {
      const router = renderAt(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
        'href',
        '/admin/dashboard/main-dashboard',
      );
    },
  );

  it.each([
    ['StoreManager', '/admin/dashboard/main-dashboard'],
    ['StoreManager', '/admin/settings/profile'],
    ['StoreManager', '/admin/catalog/price-adjustments'],
    ['OrderTaker', '/admin/marketing/discounts/discount-list'],
    ['OrderTaker', '/admin/catalog/v2/categories'],
    ['SuperAdmin', '/admin/tickets/manage'],
    ['StoreOwner', '/admin/tenants'],
  ] as const)('sends a %s opening %s to the unauthorized page', async (role, path) => {
    const router = renderAt(path, sessionFor(role));
    expect(await screen.findByText(UNAUTHORIZED_TEXT)).toBeVisible();
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(router.state.location.pathname).toBe('/auth/unauthorized');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('closes localize to an integrated tenant', async () => {
    const session = sessionFor('StoreOwner', {
      tenants: [{ ...TEST_TENANT, isIntegrated: true }],
    });
    const router = renderAt('/admin/localize', session);
    expect(await screen.findByText(UNAUTHORIZED_TEXT)).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/unauthorized');
  });

  it('sends a signed-out visitor of an admin page to sign-in and remembers the page', async () => {
    const router = renderAt('/admin/reports/all-tickets?day=today', signedOutSession);
    expect(await screen.findByText('Redirecting you to sign in…')).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(window.sessionStorage.getItem('auth.returnPath')).toBe(
      '/admin/reports/all-tickets?day=today',
    );
  });

  it('waits for the session before deciding', async () => {
    const router = renderAt('/admin/tickets/manage', { ...signedOutSession, status: 'loading' });
    expect(await screen.findByRole('progressbar')).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/tickets/manage');
  });

  it('sends a signed-in user without a tenant to the outlet sign-up', async () => {
    const noTenant = sessionFor('StoreOwner', { tenantId: null, tenants: [], profile: null });
    const router = renderAt('/admin/tickets/manage', noTenant);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign up your outlet' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/signup/outlet-signup-profile');
    expect(screen.getByRole('button', { name: 'Create my outlet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Not you? Log out' })).toHaveAttribute(
      'href',
      '/auth/logout',
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows an order taker the live orders page with the brands, branches and start prompt', async () => {
    // The tickets call answers an empty list; the realtime hub stays unreachable.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/admin/tenants/tickets')
          return Promise.resolve(
            Response.json({
              results: [],
              nextCursor: null,
              counters: {
                allTicketsCounter: 0,
                newAndUnVerifiedTicketsCounter: 0,
                inProgressTicketsCounter: 0,
              },
            }),
          );
        return new Promise<Response>(() => undefined);
      }),
    );
    vi.stubGlobal(
      'WebSocket',
      class {
        close() {}
        addEventListener() {}
        removeEventListener() {}
      },
    );
    configureApiClient({
      getAccessToken: () => Promise.resolve('test-token'),
      onUnauthorized: () => undefined,
      onForbidden: () => undefined,
    });
    renderAt('/admin/tickets/manage', sessionFor('OrderTaker'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();
    const brands = await screen.findByRole('list', { name: 'Brands and branches' });
    expect(brands).toHaveTextContent('Harbour Street');
    expect(brands).toHaveTextContent('Old Town');
    expect(await screen.findByRole('button', { name: 'Start Live Orders' })).toBeVisible();
  });

  it.each(['/ticketview/42', '/t/42'])(
    'sends the short ticket link %s to the ticket view',
    async (path) => {
      const router = renderAt(path, signedOutSession);
      expect(await screen.findByText('Redirecting you to sign in…')).toBeVisible();
      expect(window.sessionStorage.getItem('auth.returnPath')).toBe('/admin/tickets/view/42');
      expect(router.state.location.pathname).toBe('/auth/login');
    },
  );

  it('lists every tenant for the super admin', async () => {
    fakeServer({
      ...authConfigRoute,
      'GET /api/admin/tenants/all': ok([
        {
          tenantId: TEST_TENANT.tenantId,
          slug: 'test-tavern',
          localizedName: TEST_TENANT.localizedName,
          defaultCurrency: 'JOD',
          isIntegrated: false,
          branchCount: 2,
          memberCount: 3,
          createdAt: '2026-01-02T10:00:00.000Z',
          active: false,
          country: 'JO',
          trialEndsAt: '2026-02-01T10:00:00.000Z',
          ownerEmails: ['owner@tavern.example'],
        },
      ]),
    });
    renderAt('/admin/tenants', sessionFor('SuperAdmin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
    const row = await screen.findByRole('row', { name: /Test Tavern/ });
    expect(within(row).getByText('/store/test-tavern')).toBeVisible();
    expect(within(row).getByText('Deactivated')).toBeVisible();
    expect(within(row).getByText('owner@tavern.example')).toBeInTheDocument();
    // en-GB in digits (spec §9), no English month name in any language.
    expect(within(row).getByText('01/02/2026')).toBeInTheDocument();
    expect(within(row).getByText('02/01/2026')).toBeInTheDocument();
  });
});

describe('admin pages and their rights', () => {
  /** Every page path under /admin the router knows, as patterns. */
  function adminPages(list: readonly RouteObject[], into: string[] = []): string[] {
    for (const route of list) {
      if (route.path?.startsWith('/admin/') && (route.element || route.lazy)) into.push(route.path);
      if (route.children) adminPages(route.children, into);
    }
    return into;
  }

  it('guards every admin page with a right of the one table', () => {
    const pages = adminPages(routes);
    expect(pages.length).toBeGreaterThan(5);
    const concrete = (pattern: string) => pattern.replace(/:[^/]+/g, 'x');
    const unguarded = pages.filter((page) => accessRuleFor(concrete(page)) === undefined);
    expect(unguarded).toEqual([]);
    for (const page of pages) {
      expect(Permission.options, page).toContain(accessRuleFor(concrete(page))?.permission);
    }
  });

  it('gives every page of the one table a screen, and each its own rule', () => {
    const routed = new Set(adminPages(routes));
    const described = Object.values(ADMIN_PAGES).map((page) => page.path);
    expect(described.filter((path) => !routed.has(path))).toEqual([]);
    // The most specific page wins: a page below another is guarded by its own right.
    for (const page of Object.values(ADMIN_PAGES))
      expect(accessRuleFor(page.path.replace(/:[^/]+/g, 'x'))?.path).toBe(page.path);
  });
});
