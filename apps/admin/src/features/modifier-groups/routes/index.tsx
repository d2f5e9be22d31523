import type { RouteObject } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ModifierGroupsPage } from './modifier-groups-page.tsx';

/** The modifier groups page; under /admin behind the route guard (route-access.ts). */
export const modifierGroupsRoutes: RouteObject[] = [
  { path: paths.modifierGroups, element: <ModifierGroupsPage /> },
];
