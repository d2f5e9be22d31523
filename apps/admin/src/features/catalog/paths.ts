import { paths } from '../../lib/paths.ts';

/** The catalogue's pages (menu-management.md §2) under the admin area. */
export const catalogPaths = {
  arrange: paths.catalogArrange,
  mainSections: paths.catalog,
  sectionPattern: paths.catalogSection,
  section: (id: string) => `${paths.catalog}/${encodeURIComponent(id)}`,
  /** The categories manager tree ('manage catalog v2'). */
  manager: paths.catalogManager,
} as const;
