import type { RouteDef } from './http.ts';
import { bulkUploadRoutes } from './bulk-upload.ts';
import { catalogRoutes } from './catalog.ts';
import { dashboardRoutes } from './dashboard.ts';
import { discountsRoutes } from './discounts.ts';
import { dispatchRoutes } from './dispatch.ts';
import { identityRoutes } from './identity.ts';
import { imagesRoutes } from './images.ts';
import { localizationRoutes } from './localization.ts';
import { modifierGroupsRoutes } from './modifier-groups.ts';
import { outletSettingsRoutes } from './outlet-settings/index.ts';
import { outletSignupRoutes } from './outlet-signup.ts';
import { platformRoutes } from './platform.ts';
import { posMappingRoutes } from './pos-mapping.ts';
import { priceAdjustmentsRoutes } from './price-adjustments.ts';
import { reportsRoutes } from './reports.ts';
import { serviceAreasRoutes } from './service-areas.ts';
import { storefrontRoutes } from './storefront.ts';
import { ticketIntakeRoutes } from './ticket-intake.ts';
import { tableBillsRoutes } from './table-bills.ts';
import { ticketsRoutes } from './tickets.ts';
import { pushRoutes } from './push.ts';
import { printerRoutes } from './printers.ts';
import { stockRoutes } from './stock.ts';
import { auditRoutes } from './audit.ts';

/** Every route of the product, by area: the server registers them, the clients call them. */
export const ROUTE_GROUPS = {
  identity: { ...identityRoutes, ...outletSignupRoutes },
  platform: platformRoutes,
  catalog: { ...catalogRoutes, ...stockRoutes },
  'modifier-groups': modifierGroupsRoutes,
  'price-adjustments': priceAdjustmentsRoutes,
  'bulk-upload': bulkUploadRoutes,
  'pos-mapping': posMappingRoutes,
  localization: localizationRoutes,
  images: imagesRoutes,
  tickets: { ...ticketsRoutes, ...ticketIntakeRoutes, ...pushRoutes, ...printerRoutes },
  reports: reportsRoutes,
  'outlet-settings': outletSettingsRoutes,
  dispatch: dispatchRoutes,
  'service-areas': serviceAreasRoutes,
  storefront: storefrontRoutes,
  discounts: discountsRoutes,
  dashboard: dashboardRoutes,
  'table-bills': tableBillsRoutes,
  audit: auditRoutes,
} satisfies Record<string, Record<string, RouteDef>>;

export const ALL_ROUTES: readonly RouteDef[] = Object.values(ROUTE_GROUPS).flatMap(
  (group): RouteDef[] => Object.values(group),
);
