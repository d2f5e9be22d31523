import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers.tsx';
import { SessionProvider, type Session, type SessionTenant } from './session.tsx';

export const TEST_TENANT: SessionTenant = {
  tenantId: '11111111-1111-4111-8111-111111111111',
  localizedName: { fieldValue: 'Test Tavern', ar: 'حانة الاختبار', es: 'Taberna de prueba' },
  isIntegrated: false,
  defaultAdminLanguage: 'en',
};

export function sessionFor(
  role: NonNullable<Session['user']>['role'],
  overrides: Partial<Session> = {},
): Session {
  return {
    user: { name: 'Test User', email: 'user@example.com', role },
    tenantId: TEST_TENANT.tenantId,
    tenants: [TEST_TENANT],
    ...overrides,
  };
}

/** Renders inside the app's real providers, a session and an in-memory router. */
export function renderWithApp(
  ui: ReactElement,
  { session = sessionFor('StoreOwner'), path = '/admin/dashboard/main-dashboard' } = {},
): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>
      <SessionProvider session={session}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </SessionProvider>
    </AppProviders>
  );
  return render(ui, { wrapper: Wrapper });
}
