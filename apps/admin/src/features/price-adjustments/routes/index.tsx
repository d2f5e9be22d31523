import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { priceAdjustmentPaths } from '../paths.ts';

/** The price adjustment pages, loaded on their first visit; under /admin behind the route guard. */
export const priceAdjustmentsRoutes: RouteObject[] = [
  {
    path: priceAdjustmentPaths.list,
    lazy: lazyPage(
      () => import('./price-adjustments-page.tsx'),
      (m) => m.PriceAdjustmentsPage,
      ['catalog'],
    ),
  },
  {
    path: priceAdjustmentPaths.formPattern,
    lazy: lazyPage(
      () => import('./price-adjustment-form-page.tsx'),
      (m) => m.PriceAdjustmentFormPage,
      ['catalog'],
    ),
  },
];
