import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { BranchStatus } from '@app/contracts';
import { testQueryClient } from '../../../test/render-feature.tsx';
import { AppProviders } from '../../../app/providers.tsx';
import { SessionProvider, type Session } from '../../../lib/session.tsx';
import { sessionFor, TEST_TENANT } from '../../../test/app-render.tsx';

export const STATUS_URL = `/api/admin/tenants/${TEST_TENANT.tenantId}/status`;

export const HARBOUR = '33333333-3333-4333-8333-333333333333';
export const OLD_TOWN = '44444444-4444-4444-8444-444444444444';

export function branch(
  branchId: string,
  name: string,
  status: Partial<BranchStatus['branchOperatingStatus']> = {},
): BranchStatus {
  return {
    branchId,
    branchName: { fieldValue: name, ar: `فرع ${name}` },
    branchOperatingStatus: { closed: false, acceptingOrders: true, busy: false, ...status },
  };
}

/**
 * Renders outlet UI in the app's providers, a session and an in-memory router; the API client
 * gets a fixed token and `fetch` is faked by the test (test/fake-server.ts).
 */
export function renderOutlet(
  ui: ReactElement,
  { session = sessionFor('StoreOwner'), path = '/' }: { session?: Session; path?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = testQueryClient();
  // A wrapper, so that rerender() keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>
      <SessionProvider session={session}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </SessionProvider>
    </AppProviders>
  );
  const result = render(ui, { wrapper });
  return { ...result, queryClient };
}
