import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';
import { DevSessionProvider } from './session.tsx';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders>
      {/* Sign-in replaces this placeholder with the real session. */}
      <DevSessionProvider>
        <RouterProvider router={router} />
      </DevSessionProvider>
    </AppProviders>
  );
}
