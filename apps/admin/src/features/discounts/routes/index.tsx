import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { discountPaths } from '../paths.ts';

const discountListPage = lazyPage(
  () => import('./discount-list-page.tsx'),
  (m) => m.DiscountListPage,
  ['discounts'],
);
const discountFormPage = lazyPage(
  () => import('./discount-form-page.tsx'),
  (m) => m.DiscountFormPage,
  ['discounts'],
);

/** The discount pages, loaded on their first visit; under /admin behind the route guard. */
export const discountsRoutes: RouteObject[] = [
  { path: discountPaths.list, lazy: discountListPage },
  { path: discountPaths.formPattern, lazy: discountFormPage },
];
