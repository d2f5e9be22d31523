import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';
import type { TicketSheetProps } from './unverified-tickets-page.tsx';

/**
 * The super admin's pages, loaded on their first visit; under /admin behind the route guard.
 * The unverified tickets open in the live orders' details sheet, read only, which the app hands
 * in (features do not import each other).
 */
export const platformRoutes = (
  loadTicketSheet: () => Promise<ComponentType<TicketSheetProps>>,
): RouteObject[] => [
  {
    path: paths.tenants,
    lazy: lazyPage(
      () => import('./tenants-page.tsx'),
      (m) => m.TenantsPage,
      ['platform'],
    ),
  },
  {
    path: paths.unverifiedTickets,
    lazy: lazyPage(
      () => Promise.all([import('./unverified-tickets-page.tsx'), loadTicketSheet()]),
      ([{ UnverifiedTicketsPage }, TicketSheet]) =>
        function UnverifiedTickets() {
          return <UnverifiedTicketsPage TicketSheet={TicketSheet} />;
        },
      ['platform', 'tickets', 'ticketDetails'],
    ),
  },
];
