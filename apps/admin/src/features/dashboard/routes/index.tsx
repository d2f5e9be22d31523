import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

/** The main dashboard, loaded on its first visit; under /admin behind the route guard. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: paths.dashboard,
    lazy: lazyPage(
      () => import('./main-dashboard-page.tsx'),
      (m) => m.MainDashboardPage,
      ['dashboard'],
    ),
  },
];
