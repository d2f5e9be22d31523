import { Navigate, useParams, type RouteObject } from 'react-router';
import { auditRoutes } from '../features/audit/routes/index.tsx';
import { bulkUploadRoutes } from '../features/bulk-upload/routes/index.tsx';
import { catalogRoutes } from '../features/catalog/routes/index.tsx';
import { dashboardRoutes } from '../features/dashboard/routes/index.tsx';
import { discountsRoutes } from '../features/discounts/routes/index.tsx';
import { dispatchRoutes } from '../features/dispatch/routes/index.tsx';
import { identityFrameRoutes, identityPublicRoutes } from '../features/identity/routes/index.tsx';
import { modifierGroupsRoutes } from '../features/modifier-groups/routes/index.tsx';
import { localizationRoutes } from '../features/localization/routes/index.tsx';
import { outletRoutes } from '../features/outlet-settings/routes/index.tsx';
import { platformRoutes } from '../features/platform/routes/index.tsx';
import { posMappingRoutes } from '../features/pos-mapping/routes/index.tsx';
import { priceAdjustmentsRoutes } from '../features/price-adjustments/routes/index.tsx';
import { reportsRoutes } from '../features/reports/routes/index.tsx';
import { serviceAreasRoutes } from '../features/service-areas/routes/index.tsx';
import { tableBillsRoutes } from '../features/table-bills/routes/index.tsx';
import { loadLiveOrdersPage, ticketsRoutes } from '../features/tickets/routes/index.tsx';
import { Spinner } from '../components/spinner.tsx';
import { lazyPage } from '../lib/lazy-page.ts';
import { paths, ticketViewPath } from '../lib/paths.ts';
import { PublicLayout } from '../shell/public-layout.tsx';
import { RequireAccess } from './require-access.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';

const toLoginLanding = <Navigate to={paths.loginLanding} replace />;

/** The admin shell (side menu, live orders badge, branch status) loads with the first admin page. */
const loadAdminFrame = lazyPage(
  () => import('./admin-frame.tsx'),
  (m) => m.AdminFrame,
  ['tickets', 'outlet', 'account'],
);

/**
 * The report and the super admin's unverified tickets show the live orders' ticket sheet without
 * its actions; it loads with their page.
 */
const loadReadOnlyTicketSheet = () =>
  import('../features/tickets/components/ticket-details/ticket-details-sheet.tsx').then(
    (m) => m.ReadOnlyTicketSheet,
  );

/**
 * While the sign-in callback finishes (token, profile), the shell and live orders, where most
 * staff land (spec §2.2), load alongside; a failure here shows when the route loads them.
 */
function preloadAfterSignIn() {
  for (const load of [loadAdminFrame, loadLiveOrdersPage]) void load().catch(() => undefined);
  return null;
}

/** ticketview/{id} and t/{id}: short links to a ticket (spec §2.1). */
function TicketLinkRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={ticketViewPath(id)} replace />;
}

/**
 * The routes of spec §2.1. The sign-in pages ship with the app; the admin shell and each
 * area's pages load on their first visit (their routes' `lazy`). Every /admin page sits behind
 * RequireAccess, which checks the page's rule (lib/pages.ts, read by route-access.ts). A path
 * below an admin page that no screen answers shows the not-found page inside the admin; any
 * other unknown path goes to the login landing.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first page's chunks load on a visit that starts inside the admin.
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: '/', element: toLoginLanding },
      { path: '/login', element: toLoginLanding },
      { path: '/ticketview/:id', element: <TicketLinkRedirect /> },
      { path: '/t/:id', element: <TicketLinkRedirect /> },
      {
        // Spec §2.12: no side menu on sign-up, login landing, login and the callbacks.
        element: <PublicLayout />,
        children: identityPublicRoutes.map((route) =>
          route.path === paths.authCallback ? { ...route, loader: preloadAfterSignIn } : route,
        ),
      },
      {
        lazy: loadAdminFrame,
        children: [
          ...identityFrameRoutes,
          {
            path: '/admin',
            element: <RequireAccess />,
            children: [
              ...dashboardRoutes,
              ...ticketsRoutes,
              ...reportsRoutes(loadReadOnlyTicketSheet),
              ...platformRoutes(loadReadOnlyTicketSheet),
              ...catalogRoutes,
              ...modifierGroupsRoutes,
              ...localizationRoutes,
              ...priceAdjustmentsRoutes,
              ...posMappingRoutes,
              ...bulkUploadRoutes,
              ...discountsRoutes,
              ...outletRoutes,
              ...auditRoutes,
              ...dispatchRoutes,
              ...serviceAreasRoutes,
              ...tableBillsRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: toLoginLanding },
    ],
  },
];
