import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

/** Live orders: where most staff land after signing in (the sign-in callback preloads it). */
export const loadLiveOrdersPage = lazyPage(
  () => import('./live-orders-page.tsx'),
  (m) => m.LiveOrdersPage,
  ['tickets'],
);

/** The live orders pages, loaded on their first visit; under /admin behind the route guard. */
export const ticketsRoutes: RouteObject[] = [
  { path: paths.liveOrders, lazy: loadLiveOrdersPage },
  {
    path: paths.ticketView,
    lazy: lazyPage(
      () => import('./ticket-view-page.tsx'),
      (m) => m.TicketViewPage,
      ['tickets', 'ticketDetails'],
    ),
  },
  {
    path: paths.printResult,
    lazy: lazyPage(
      () => import('./print-result-page.tsx'),
      (m) => m.PrintResultPage,
      ['ticketDetails'],
    ),
  },
];
