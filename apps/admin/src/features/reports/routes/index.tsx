import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';
import type { TicketSheetProps } from './all-tickets-report-page.tsx';

/**
 * The report's page under /admin behind the route guard (route-access.ts), loaded on its first
 * visit together with the ticket details sheet the app hands in (features do not import each
 * other), which it shows read only.
 */
export const reportsRoutes = (
  loadTicketSheet: () => Promise<ComponentType<TicketSheetProps>>,
): RouteObject[] => [
  {
    path: paths.allTicketsReport,
    lazy: lazyPage(
      () => Promise.all([import('./all-tickets-report-page.tsx'), loadTicketSheet()]),
      ([{ AllTicketsReportPage }, TicketSheet]) =>
        function AllTicketsReport() {
          return <AllTicketsReportPage TicketSheet={TicketSheet} />;
        },
      ['reports', 'tickets', 'ticketDetails'],
    ),
  },
];
