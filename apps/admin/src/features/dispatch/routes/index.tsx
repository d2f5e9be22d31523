import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

const talabatOutletPage = lazyPage(
  () => import('./talabat-outlet-page.tsx'),
  (m) => m.TalabatOutletPage,
  ['dispatch'],
);

/** The third-party delivery outlet screen (§2.11), loaded on its first visit. */
export const dispatchRoutes: RouteObject[] = [
  { path: paths.talabatExpress, lazy: talabatOutletPage },
];
