import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

const serviceAreasPage = lazyPage(
  () => import('./service-areas-page.tsx'),
  (m) => m.ServiceAreasPage,
  ['serviceAreas', 'catalog'],
);
const paymentsPage = lazyPage(
  () => import('./service-area-payments-page.tsx'),
  (m) => m.ServiceAreaPaymentsPage,
  ['serviceAreas', 'catalog'],
);

/** The service areas pages, loaded on their first visit; under /admin behind the route guard. */
export const serviceAreasRoutes: RouteObject[] = [
  { path: paths.serviceAreas, lazy: serviceAreasPage },
  { path: paths.serviceAreaPayments, lazy: paymentsPage },
];
