import type { RouteObject } from 'react-router';
import { catalogPaths } from '../paths.ts';
import { CategoriesManagerPage } from './categories-manager-page.tsx';
import { MainSectionsPage } from './main-sections-page.tsx';
import { MenuListPage } from './menu-list-page.tsx';
import { SectionPage } from './section-page.tsx';

/** The catalogue pages; they sit under /admin behind the route guard (route-access.ts). */
export const catalogRoutes: RouteObject[] = [
  { path: catalogPaths.arrange, element: <MenuListPage /> },
  { path: catalogPaths.mainSections, element: <MainSectionsPage /> },
  { path: catalogPaths.sectionPattern, element: <SectionPage /> },
  { path: catalogPaths.manager, element: <CategoriesManagerPage /> },
];
