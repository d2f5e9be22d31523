import { paths } from '../../lib/paths.ts';

/** The price adjustments' pages (menu-management.md §2) under the admin area. */
export const priceAdjustmentPaths = {
  list: paths.priceAdjustments,
  formPattern: paths.priceAdjustmentForm,
  /** One price adjustment's form; the id 'new' creates one. */
  form: (id: string) => `${paths.priceAdjustments}/${encodeURIComponent(id)}`,
} as const;

/** The id of the price-adjustment form's URL that means "create a new one". */
export const NEW_PRICE_ADJUSTMENT = 'new';
