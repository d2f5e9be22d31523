import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { configureApiClient } from '../lib/api-client.ts';
import { discardUser } from '../lib/auth.ts';
import { configureChunkReload } from '../lib/chunk-reload.ts';
import { paths } from '../lib/paths.ts';
import { AuthSessionProvider } from './auth-session.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';

function createAppRouter() {
  const router = createBrowserRouter(routes);
  // Spec §4.5 and §8: a 401 goes to the login landing (the token is no good: forget it),
  // a 403 to the unauthorized page.
  configureApiClient({
    onUnauthorized: () => {
      void discardUser()
        .catch(() => undefined)
        .then(() => router.navigate(paths.loginLanding, { replace: true }));
    },
    onForbidden: () => void router.navigate(paths.unauthorized, { replace: true }),
  });
  // A page's chunk loads before the router moves to it: a reload must open that page.
  configureChunkReload({
    pendingHref: () => {
      const next = router.state.navigation.location;
      return next ? router.createHref(next) : null;
    },
  });
  return router;
}

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <AuthSessionProvider>
        <RouterProvider router={router} />
      </AuthSessionProvider>
    </AppProviders>
  );
}
