import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { ENTRY_SEGMENT, localizationPaths } from '../paths.ts';

const NAMESPACES = ['localization', 'catalog'] as const;
const loadForms = () => import('./translate-pages.tsx');

/**
 * localize, localize/category/{id}, localize/modifiergroup/{id}, localize/item/{id}
 * (menu-management.md §2): the tree page holds the forms as child routes, so on wide screens a
 * form opens beside the tree. Loaded on the first visit, under /admin behind the route guard.
 */
export const localizationRoutes: RouteObject[] = [
  {
    path: localizationPaths.root,
    lazy: lazyPage(
      () => import('./localize-page.tsx'),
      (m) => m.LocalizePage,
      NAMESPACES,
    ),
    children: [
      {
        path: `${ENTRY_SEGMENT.category}/:id`,
        lazy: lazyPage(loadForms, (m) => m.CategoryTranslatePage, NAMESPACES),
      },
      {
        path: `${ENTRY_SEGMENT.item}/:id`,
        lazy: lazyPage(loadForms, (m) => m.ItemTranslatePage, NAMESPACES),
      },
      {
        path: `${ENTRY_SEGMENT.modifierGroup}/:id`,
        lazy: lazyPage(loadForms, (m) => m.ModifierGroupTranslatePage, NAMESPACES),
      },
    ],
  },
];
