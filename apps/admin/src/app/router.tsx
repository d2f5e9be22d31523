import { Navigate, useParams, type RouteObject } from 'react-router';
import { catalogRoutes } from '../features/catalog/routes/index.tsx';
import { modifierGroupsRoutes } from '../features/modifier-groups/routes/index.tsx';
import { priceAdjustmentsRoutes } from '../features/price-adjustments/routes/index.tsx';
import { MainDashboardPage } from '../features/dashboard/routes/main-dashboard-page.tsx';
import { AuthCallbackPage } from '../features/identity/routes/auth-callback-page.tsx';
import { LoginLandingPage } from '../features/identity/routes/login-landing-page.tsx';
import { LoginPage } from '../features/identity/routes/login-page.tsx';
import { LogoutCallbackPage } from '../features/identity/routes/logout-callback-page.tsx';
import { LogoutPage } from '../features/identity/routes/logout-page.tsx';
import { OutletSignupPage } from '../features/identity/routes/outlet-signup-page.tsx';
import { UnauthorizedPage } from '../features/identity/routes/unauthorized-page.tsx';
import { TenantsPage } from '../features/platform/routes/tenants-page.tsx';
import { outletRoutes } from '../features/outlet-settings/routes/index.tsx';
import { reportsRoutes } from '../features/reports/routes/index.tsx';
import { ReadOnlyTicketSheet } from '../features/tickets/components/ticket-details/ticket-details-sheet.tsx';
import { ticketsRoutes } from '../features/tickets/routes/index.tsx';
import { paths, ticketViewPath } from '../lib/paths.ts';
import { PublicLayout } from '../shell/public-layout.tsx';
import { AdminFrame } from './admin-frame.tsx';
import { RequireAccess } from './require-access.tsx';
import { RouteError } from './route-error.tsx';

const toLoginLanding = <Navigate to={paths.loginLanding} replace />;

/** ticketview/{id} and t/{id}: short links to a ticket (spec §2.1). */
function TicketLinkRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={ticketViewPath(id)} replace />;
}

/**
 * The routes of spec §2.1. Every /admin page sits behind RequireAccess, which checks the
 * page's rule in route-access.ts; an admin path with a rule but no page yet, and any other
 * unknown path, goes to the login landing.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: toLoginLanding },
      { path: '/login', element: toLoginLanding },
      { path: '/ticketview/:id', element: <TicketLinkRedirect /> },
      { path: '/t/:id', element: <TicketLinkRedirect /> },
      {
        // Spec §2.12: no side menu on sign-up, login landing, login and the callbacks.
        element: <PublicLayout />,
        children: [
          { path: paths.loginLanding, element: <LoginLandingPage /> },
          { path: paths.login, element: <LoginPage /> },
          { path: paths.authCallback, element: <AuthCallbackPage /> },
          { path: paths.logoutCallback, element: <LogoutCallbackPage /> },
          { path: paths.outletSignup, element: <OutletSignupPage /> },
        ],
      },
      {
        element: <AdminFrame />,
        children: [
          { path: paths.unauthorized, element: <UnauthorizedPage /> },
          { path: paths.logout, element: <LogoutPage /> },
          {
            path: '/admin',
            element: <RequireAccess />,
            children: [
              { path: paths.dashboard, element: <MainDashboardPage /> },
              ...ticketsRoutes,
              ...reportsRoutes(ReadOnlyTicketSheet),
              { path: paths.tenants, element: <TenantsPage /> },
              ...catalogRoutes,
              ...modifierGroupsRoutes,
              ...priceAdjustmentsRoutes,
              ...outletRoutes,
              { path: '*', element: toLoginLanding },
            ],
          },
        ],
      },
      { path: '*', element: toLoginLanding },
    ],
  },
];
