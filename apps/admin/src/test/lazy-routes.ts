import type { RouteObject } from 'react-router';

/** Imports every lazy page once: a test then waits for the page, not for its first import. */
export async function loadLazyRoutes(routes: readonly RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await loadLazyRoutes(route.children);
    }),
  );
}
