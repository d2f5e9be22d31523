import { paths } from '../../lib/paths.ts';

/** The discounts' pages (operations-platform §2.1) under the admin area. */
export const discountPaths = {
  list: paths.discounts,
  formPattern: paths.discountForm,
  /** One discount's form; the id 'new' creates one. */
  form: (id: string) => paths.discountForm.replace(':id', encodeURIComponent(id)),
} as const;

/** The id of the discount form's URL that means "create a new one" (§2.1). */
export const NEW_DISCOUNT = 'new';
