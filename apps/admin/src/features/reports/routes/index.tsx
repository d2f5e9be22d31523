import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { AllTicketsReportPage, type TicketSheetProps } from './all-tickets-report-page.tsx';

/**
 * The report's page under /admin behind the route guard (route-access.ts); the app hands in the
 * ticket details sheet it shows read only.
 */
export const reportsRoutes = (TicketSheet: ComponentType<TicketSheetProps>): RouteObject[] => [
  { path: paths.allTicketsReport, element: <AllTicketsReportPage TicketSheet={TicketSheet} /> },
];
