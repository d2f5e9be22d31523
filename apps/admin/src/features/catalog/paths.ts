import { paths } from '../../lib/paths.ts';

/** The catalogue's pages (menu-management.md §2) under the admin area. */
export const catalogPaths = {
  arrange: paths.catalogArrange,
  mainSections: paths.catalog,
  sectionPattern: `${paths.catalog}/:categoryId`,
  section: (id: string) => `${paths.catalog}/${encodeURIComponent(id)}`,
  /** The categories manager tree ('manage catalog v2'). */
  manager: '/admin/catalog/v2/manage',
  modifierGroups: paths.modifierGroups,
  priceAdjustments: paths.priceAdjustments,
  priceAdjustmentPattern: `${paths.priceAdjustments}/:id`,
  /** One price adjustment's form; the id 'new' creates one. */
  priceAdjustment: (id: string) => `${paths.priceAdjustments}/${encodeURIComponent(id)}`,
} as const;

/** The id of the price-adjustment form's URL that means "create a new one". */
export const NEW_PRICE_ADJUSTMENT = 'new';
