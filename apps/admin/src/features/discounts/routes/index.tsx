import type { RouteObject } from 'react-router';
import { discountPaths } from '../paths.ts';
import { DiscountFormPage } from './discount-form-page.tsx';
import { DiscountListPage } from './discount-list-page.tsx';

/** The discount pages; under /admin behind the route guard (route-access.ts). */
export const discountsRoutes: RouteObject[] = [
  { path: discountPaths.list, element: <DiscountListPage /> },
  { path: discountPaths.formPattern, element: <DiscountFormPage /> },
];
