import type { RouteObject } from 'react-router';
import { priceAdjustmentPaths } from '../paths.ts';
import { PriceAdjustmentFormPage } from './price-adjustment-form-page.tsx';
import { PriceAdjustmentsPage } from './price-adjustments-page.tsx';

/** The price adjustment pages; under /admin behind the route guard (route-access.ts). */
export const priceAdjustmentsRoutes: RouteObject[] = [
  { path: priceAdjustmentPaths.list, element: <PriceAdjustmentsPage /> },
  { path: priceAdjustmentPaths.formPattern, element: <PriceAdjustmentFormPage /> },
];
