import type { RouteObject } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { BranchProfilePage } from './branch-profile-page.tsx';
import { BranchesPage } from './branches-page.tsx';
import { BrandingPage } from './branding-page.tsx';
import { DeliveryFeesPage } from './delivery-fees-page.tsx';
import { OutletStatusPage } from './outlet-status-page.tsx';

/** The outlet settings pages; they sit under /admin behind the route guard (route-access.ts). */
export const outletRoutes: RouteObject[] = [
  // The menu's Accept/pause orders and settings/branch/operatingstatus are one screen (§2.1).
  { path: paths.acceptOrders, element: <OutletStatusPage /> },
  { path: paths.operatingStatus, element: <OutletStatusPage /> },
  { path: paths.branchSettings, element: <BranchesPage /> },
  { path: paths.branchProfile, element: <BranchProfilePage /> },
  { path: paths.deliveryFees, element: <DeliveryFeesPage /> },
  { path: paths.branding, element: <BrandingPage /> },
];
