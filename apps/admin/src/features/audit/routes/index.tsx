import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

const activityPage = lazyPage(
  () => import('./activity-page.tsx'),
  (m) => m.ActivityPage,
  [],
);

/** The history of changes (issue 38); under /admin behind the route guard. */
export const auditRoutes: RouteObject[] = [{ path: paths.activity, lazy: activityPage }];
