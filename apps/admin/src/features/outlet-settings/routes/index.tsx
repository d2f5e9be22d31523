import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

const outletStatusPage = lazyPage(
  () => import('./outlet-status-page.tsx'),
  (m) => m.OutletStatusPage,
  ['outlet'],
);

/** The outlet settings pages, loaded on their first visit; under /admin behind the route guard. */
export const outletRoutes: RouteObject[] = [
  // The menu's Accept/pause orders and settings/branch/operatingstatus are one screen (§2.1).
  { path: paths.acceptOrders, lazy: outletStatusPage },
  { path: paths.operatingStatus, lazy: outletStatusPage },
];
