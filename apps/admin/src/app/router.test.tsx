import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';
import { SessionProvider, type Session } from './session.tsx';
import { sessionFor } from './test-utils.tsx';

function renderAt(path: string, session: Session = sessionFor('StoreOwner')) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </AppProviders>,
  );
  return router;
}

describe('routes', () => {
  it('shows the dashboard inside the shell to a store owner', async () => {
    renderAt('/admin/dashboard/main-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByText('Welcome, Test User')).toBeVisible();
    expect(screen.getByText('You are managing Test Tavern.')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it.each(['/', '/login', '/no/such/page', '/admin/tickets/unbuilt'])(
    'sends %s to the login landing, without the side menu',
    async (path) => {
      const router = renderAt(path);
      expect(await screen.findByRole('link', { name: 'Login' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/auth/loginlanding');
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    },
  );

  it('sends a role without the dashboard permission to the unauthorized page', async () => {
    const router = renderAt('/admin/dashboard/main-dashboard', sessionFor('OrderTaker'));
    expect(
      await screen.findByText('Your account is not authorized for this action or is not active!'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/unauthorized');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of an admin page to sign-in', async () => {
    const router = renderAt('/admin/dashboard/main-dashboard', {
      user: null,
      tenantId: null,
      tenants: [],
    });
    expect(await screen.findByText('Redirecting you to sign in…')).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
