import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

/** The super admin's pages, loaded on their first visit; under /admin behind the route guard. */
export const platformRoutes: RouteObject[] = [
  {
    path: paths.tenants,
    lazy: lazyPage(
      () => import('./tenants-page.tsx'),
      (m) => m.TenantsPage,
    ),
  },
];
