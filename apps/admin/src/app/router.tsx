import { Navigate, type RouteObject } from 'react-router';
import { MainDashboardPage } from '../features/dashboard/routes/main-dashboard-page.tsx';
import { LoginLandingPage } from '../features/identity/routes/login-landing-page.tsx';
import { LoginPage } from '../features/identity/routes/login-page.tsx';
import { UnauthorizedPage } from '../features/identity/routes/unauthorized-page.tsx';
import { paths } from '../lib/paths.ts';
import { AppShell } from '../shell/app-shell.tsx';
import { PublicLayout } from '../shell/public-layout.tsx';
import { RequireAccess } from './require-access.tsx';
import { RouteError } from './route-error.tsx';

const toLoginLanding = <Navigate to={paths.loginLanding} replace />;

/** Only what exists is routed; any other path goes to the login landing (spec §2.1). */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: toLoginLanding },
      { path: '/login', element: toLoginLanding },
      {
        element: <PublicLayout />,
        children: [
          { path: paths.loginLanding, element: <LoginLandingPage /> },
          { path: paths.login, element: <LoginPage /> },
        ],
      },
      {
        element: <AppShell />,
        children: [
          { path: paths.unauthorized, element: <UnauthorizedPage /> },
          {
            path: '/admin',
            element: <RequireAccess />,
            children: [
              {
                path: paths.dashboard,
                element: (
                  <RequireAccess permission="MainDashboard">
                    <MainDashboardPage />
                  </RequireAccess>
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: toLoginLanding },
    ],
  },
];
