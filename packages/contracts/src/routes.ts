import type { RouteDef } from './http.ts';
import { catalogRoutes } from './catalog.ts';
import { identityRoutes } from './identity.ts';
import { imagesRoutes } from './images.ts';
import { modifierGroupsRoutes } from './modifier-groups.ts';
import { outletSettingsRoutes } from './outlet-settings.ts';
import { platformRoutes } from './platform.ts';
import { priceAdjustmentsRoutes } from './price-adjustments.ts';
import { serviceAreasRoutes } from './service-areas.ts';
import { storefrontRoutes } from './storefront.ts';
import { ticketsRoutes } from './tickets.ts';

/** Every route of the product, by area: the server registers them, the clients call them. */
export const ROUTE_GROUPS = {
  identity: identityRoutes,
  platform: platformRoutes,
  catalog: catalogRoutes,
  'modifier-groups': modifierGroupsRoutes,
  'price-adjustments': priceAdjustmentsRoutes,
  images: imagesRoutes,
  tickets: ticketsRoutes,
  'outlet-settings': outletSettingsRoutes,
  'service-areas': serviceAreasRoutes,
  storefront: storefrontRoutes,
} satisfies Record<string, Record<string, RouteDef>>;

export const ALL_ROUTES: readonly RouteDef[] = Object.values(ROUTE_GROUPS).flatMap(
  (group): RouteDef[] => Object.values(group),
);
