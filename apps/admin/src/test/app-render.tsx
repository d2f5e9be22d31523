import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { Role, TenantProfile } from '@app/contracts';
import { AppProviders } from '../app/providers.tsx';
import { SessionProvider, SIGNED_OUT, type Session, type SessionTenant } from '../lib/session.tsx';

export const TEST_TENANT: SessionTenant = {
  tenantId: '11111111-1111-4111-8111-111111111111',
  localizedName: { fieldValue: 'Test Tavern', ar: 'حانة الاختبار', es: 'Taberna de prueba' },
  isIntegrated: false,
  defaultAdminLanguage: 'en',
  role: 'StoreOwner',
};

export const TEST_PROFILE: TenantProfile = {
  tenantId: TEST_TENANT.tenantId,
  localizedName: TEST_TENANT.localizedName,
  defaultAdminLanguage: 'en',
  defaultCurrency: 'JOD',
  landingImageUrl: null,
  bannerImageUrl: null,
  view_ShowSection: true,
  taxDefenitions: [],
  isIntegrated: false,
  branchProfiles: [
    {
      branchId: '33333333-3333-4333-8333-333333333333',
      branchName: { fieldValue: 'Harbour Street' },
      phoneNumber: null,
      timeZone: 'Asia/Amman',
      checkoutTemplates: ['DELIVERY', 'DINING'],
      defaultCurrency: 'JOD',
      branchOperatingStatus: { closed: false, acceptingOrders: true, busy: false },
    },
    {
      branchId: '44444444-4444-4444-8444-444444444444',
      branchName: { fieldValue: 'Old Town' },
      phoneNumber: null,
      timeZone: 'Asia/Amman',
      checkoutTemplates: ['PICKUP'],
      defaultCurrency: 'JOD',
      branchOperatingStatus: { closed: true, acceptingOrders: false, busy: false },
    },
  ],
  role: 'StoreOwner',
  permissions: [],
};

/** A signed-in session in TEST_TENANT with `role` (a super admin gets no tenant). */
export function sessionFor(role: Role, overrides: Partial<Session> = {}): Session {
  const user = { name: 'Test User', email: 'user@example.com', role };
  const inTenant: Omit<Session, 'status' | 'user'> =
    role === 'SuperAdmin'
      ? { tenantId: null, tenants: [], profile: null }
      : {
          tenantId: TEST_TENANT.tenantId,
          tenants: [{ ...TEST_TENANT, role }],
          profile: { ...TEST_PROFILE, role },
        };
  return { status: 'signedIn', user, ...inTenant, ...overrides };
}

export const signedOutSession: Session = SIGNED_OUT;

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
