import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

const posMappingPage = lazyPage(
  () => import('./pos-mapping-page.tsx'),
  (m) => m.PosMappingPage,
  ['posMapping'],
);

/** catalog/pos-map-integrated-items (menu-management §2 screen 15), the store owner's. */
export const posMappingRoutes: RouteObject[] = [{ path: paths.posMapping, lazy: posMappingPage }];
