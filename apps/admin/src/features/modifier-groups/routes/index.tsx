import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

/** The modifier groups page, loaded on its first visit; under /admin behind the route guard. */
export const modifierGroupsRoutes: RouteObject[] = [
  {
    path: paths.modifierGroups,
    lazy: lazyPage(
      () => import('./modifier-groups-page.tsx'),
      (m) => m.ModifierGroupsPage,
      ['catalog'],
    ),
  },
];
