import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

/** The table bill pages, loaded on their first visit; under /admin behind the route guard. */
export const tableBillsRoutes: RouteObject[] = [
  {
    path: paths.tableBillLivePayments,
    lazy: lazyPage(
      () => import('./live-payments-page.tsx'),
      (m) => m.LivePaymentsPage,
      ['tableBills'],
    ),
  },
  {
    path: paths.tableBillTransactions,
    lazy: lazyPage(
      () => import('./transactions-page.tsx'),
      (m) => m.TransactionsPage,
      ['tableBills'],
    ),
  },
];
