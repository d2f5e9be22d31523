import type { RouteObject } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { LiveOrdersPage } from './live-orders-page.tsx';
import { TicketViewPage } from './ticket-view-page.tsx';

/** The live orders pages; they sit under /admin behind the route guard (route-access.ts). */
export const ticketsRoutes: RouteObject[] = [
  { path: paths.liveOrders, element: <LiveOrdersPage /> },
  { path: paths.ticketView, element: <TicketViewPage /> },
];
