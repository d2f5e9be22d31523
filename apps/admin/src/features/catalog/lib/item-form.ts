import {
  CATALOG_LIMITS,
  CatalogItemFields,
  variantTitlesRule,
  variantTitlesRuleAlways,
  type CatalogItemBody,
  type CatalogItemResponse,
} from '@app/contracts';
import { withDefaultText } from '../../../lib/localized-text.ts';
import type { ItemInput } from '../api/catalog-api.ts';

/**
 * The server's body rules, with the variant-title rule run even when other fields fail, so
 * the form shows every message at once.
 */
export const ItemFormSchema = CatalogItemFields.superRefine(
  variantTitlesRule,
  variantTitlesRuleAlways,
);

/** New-item defaults of menu-management.md §4. */
export function newItemForm(sectionId: string): ItemInput {
  return {
    categories: [sectionId],
    localizedTitle: { fieldValue: '' },
    localizedDesc: { fieldValue: '' },
    images: [],
    variants: [{ price: '', localizedTitle: { fieldValue: '' }, position: 0 }],
    taxes: [],
    active: true,
    isNew: false,
    enableSpecialRequest: true,
    position: CATALOG_LIMITS.newItemPosition,
    modifierGroupIds: [],
    excludedCheckoutTemplates: [],
    excludedBranches: [],
  };
}

export function toItemForm(item: CatalogItemResponse): ItemInput {
  return {
    categories: item.categories,
    localizedTitle: item.localizedTitle,
    localizedDesc: item.localizedDesc ?? { fieldValue: '' },
    images: item.images,
    variants: [...item.variants]
      .sort((a, b) => a.position - b.position)
      .map((v) => ({
        id: v.id,
        price: String(v.price),
        localizedTitle: v.localizedTitle,
        position: v.position,
      })),
    taxes: item.taxes,
    active: item.active,
    isNew: item.isNew,
    enableSpecialRequest: item.enableSpecialRequest,
    position: item.position,
    modifierGroupIds: item.modifierGroupIds,
    excludedCheckoutTemplates: item.excludedCheckoutTemplates,
    excludedBranches: item.excludedBranches,
  };
}

/** Which control shows a server error reported on a body field. */
export function itemFieldFor(field: string): string | null {
  if (/^(localizedTitle|localizedDesc)$/.test(field)) return `${field}.fieldValue`;
  if (/^variants\.\d+\.localizedTitle$/.test(field)) return `${field}.fieldValue`;
  if (/^variants\.\d+\.(price|localizedTitle\.fieldValue)$/.test(field)) return field;
  if (['localizedTitle.fieldValue', 'localizedDesc.fieldValue', 'taxes'].includes(field)) {
    return field;
  }
  if (field === 'excludedBranches' || field === 'excludedCheckoutTemplates') return field;
  if (field === 'modifierGroupIds' || /^modifierGroupIds\.\d+$/.test(field)) {
    return 'modifierGroupIds';
  }
  return null;
}

/** The body to send: texts keep their other languages, variants their new order (§4). */
export const toItemBody = (body: CatalogItemBody, item: CatalogItemResponse | null): ItemInput => ({
  ...body,
  localizedTitle: withDefaultText(item?.localizedTitle, body.localizedTitle.fieldValue),
  localizedDesc: body.localizedDesc?.fieldValue
    ? withDefaultText(item?.localizedDesc, body.localizedDesc.fieldValue)
    : null,
  // Reordering rewrites the positions to the new order (§4).
  variants: body.variants.map((variant, position) => ({
    ...variant,
    position,
    localizedTitle: withDefaultText(
      item?.variants.find((old) => old.id === variant.id)?.localizedTitle,
      variant.localizedTitle.fieldValue,
    ),
  })),
});
