import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { catalogPaths } from '../paths.ts';

/**
 * The catalogue pages, each loaded on its first visit (the drag and drop and the image cropper
 * come with them); they sit under /admin behind the route guard (route-access.ts).
 */
export const catalogRoutes: RouteObject[] = [
  {
    path: catalogPaths.arrange,
    lazy: lazyPage(
      () => import('./menu-list-page.tsx'),
      (m) => m.MenuListPage,
      ['catalog'],
    ),
  },
  {
    path: catalogPaths.mainSections,
    lazy: lazyPage(
      () => import('./main-sections-page.tsx'),
      (m) => m.MainSectionsPage,
      ['catalog'],
    ),
  },
  {
    path: catalogPaths.sectionPattern,
    lazy: lazyPage(
      () => import('./section-page.tsx'),
      (m) => m.SectionPage,
      ['catalog'],
    ),
  },
  {
    path: catalogPaths.manager,
    lazy: lazyPage(
      () => import('./categories-manager-page.tsx'),
      (m) => m.CategoriesManagerPage,
      ['catalog'],
    ),
  },
];
