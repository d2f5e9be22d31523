import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/providers.tsx';
import { SessionProvider, type Session } from '../lib/session.tsx';
import { sessionFor } from './app-render.tsx';
import { SidePanelProvider } from '../components/side-panel.tsx';
import { configureApiClient } from '../lib/api-client.ts';

/**
 * A query client for one test (no retries), with the API client given a fixed token; `fetch`
 * is faked by the test (test/fake-server.ts).
 */
export function testQueryClient(): QueryClient {
  configureApiClient({
    getAccessToken: () => Promise.resolve('test-token'),
    onUnauthorized: () => undefined,
    onForbidden: () => undefined,
  });
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * Renders catalogue UI inside the app's providers, a session, the side panel host and an
 * in-memory router (`pattern` is the route the element answers at). The API client gets a
 * fixed token; `fetch` is faked by the test (test/fake-server.ts).
 */
export function renderCatalog(
  ui: ReactElement,
  {
    session = sessionFor('StoreOwner'),
    path = '/',
    pattern = '*',
  }: { session?: Session; path?: string; pattern?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = testQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <SessionProvider session={session}>
        <MemoryRouter initialEntries={[path]}>
          <SidePanelProvider>
            <Routes>
              <Route path={pattern} element={ui} />
            </Routes>
          </SidePanelProvider>
        </MemoryRouter>
      </SessionProvider>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
