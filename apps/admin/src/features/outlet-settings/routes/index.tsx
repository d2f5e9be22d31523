import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

const outletStatusPage = lazyPage(
  () => import('./outlet-status-page.tsx'),
  (m) => m.OutletStatusPage,
  ['outlet'],
);

const printersPage = lazyPage(
  () => import('./printers-page.tsx'),
  (m) => m.PrintersPage,
  ['outlet'],
);

const branchesPage = lazyPage(
  () => import('./branches-page.tsx'),
  (m) => m.BranchesPage,
  ['outlet'],
);
const branchProfilePage = lazyPage(
  () => import('./branch-profile-page.tsx'),
  (m) => m.BranchProfilePage,
  ['outlet'],
);
const deliveryFeesPage = lazyPage(
  () => import('./delivery-fees-page.tsx'),
  (m) => m.DeliveryFeesPage,
  ['outlet'],
);
const brandingPage = lazyPage(
  () => import('./branding-page.tsx'),
  (m) => m.BrandingPage,
  ['outlet'],
);

/** The outlet settings pages, loaded on their first visit; under /admin behind the route guard. */
export const outletRoutes: RouteObject[] = [
  // The menu's Accept/pause orders and settings/branch/operatingstatus are one screen (§2.1).
  { path: paths.acceptOrders, lazy: outletStatusPage },
  { path: paths.operatingStatus, lazy: outletStatusPage },
  { path: paths.printers, lazy: printersPage },
  { path: paths.branchSettings, lazy: branchesPage },
  { path: paths.branchProfile, lazy: branchProfilePage },
  { path: paths.deliveryFees, lazy: deliveryFeesPage },
  { path: paths.branding, lazy: brandingPage },
];
