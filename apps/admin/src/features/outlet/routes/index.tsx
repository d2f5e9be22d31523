import type { RouteObject } from 'react-router';

/** The outlet settings pages; they sit under /admin behind the route guard (route-access.ts). */
export const outletRoutes: RouteObject[] = [];
