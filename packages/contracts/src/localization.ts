import { z } from 'zod';
import { CATALOG_BASE, CATALOG_LIMITS, CatalogItemResponse, CategoryResponse } from './catalog.ts';
import {
  LANGUAGES,
  TenantIdParams,
  Text,
  Uuid,
  type Language,
  type LocalizedText,
} from './common.ts';
import { routesOf } from './http.ts';
import { MODIFIER_GROUP_LIMITS, ModifierGroupResponse } from './modifier-groups.ts';

/**
 * menu-management.md §5 and §9, translation: item title 1 to 50, item description 0 to 255,
 * modifier title and choice names 1 to 255, other localized fields 0 to 255. A translation may
 * never be longer than its field allows in the editors (section title 50, section description
 * 120, variant title 59), or the next save of the editor would refuse it.
 */
export const TRANSLATION_LIMITS = {
  itemTitle: { min: 1, max: 50 },
  itemDescription: { min: 0, max: 255 },
  variantTitle: { min: 0, max: Math.min(255, CATALOG_LIMITS.variantTitleMax) },
  sectionTitle: { min: 0, max: Math.min(255, CATALOG_LIMITS.categoryTitleMax) },
  sectionDescription: { min: 0, max: Math.min(255, CATALOG_LIMITS.categoryDescriptionMax) },
  modifierGroupTitle: { min: 1, max: Math.min(255, MODIFIER_GROUP_LIMITS.titleMax) },
  modifierItemTitle: { min: 1, max: Math.min(255, MODIFIER_GROUP_LIMITS.itemTextMax) },
} as const;
export type TranslatedField = keyof typeof TRANSLATION_LIMITS;

/**
 * One field's texts in the product languages; never the default (`fieldValue`), which only the
 * editors change. A language left blank (or absent) has no translation: the default shows.
 */
export const translations = (field: TranslatedField) => {
  const { min, max } = TRANSLATION_LIMITS[field];
  const one = Text.trim()
    .max(max)
    .refine((v) => v.length === 0 || v.length >= min, { message: 'min' })
    .optional();
  return z.object({ en: one, ar: one, es: one });
};
export type Translations = Partial<Record<Language, string>>;

export const CategoryTranslationBody = z.object({
  localizedTitle: translations('sectionTitle'),
  localizedDesc: translations('sectionDescription').optional(),
});
export type CategoryTranslationBody = z.infer<typeof CategoryTranslationBody>;

export const ItemTranslationBody = z.object({
  localizedTitle: translations('itemTitle'),
  localizedDesc: translations('itemDescription').optional(),
  /** Variants not listed keep their translations; an id the item lacks is refused. */
  variants: z
    .array(z.object({ id: Uuid, localizedTitle: translations('variantTitle') }))
    .max(100)
    .default([]),
});
export type ItemTranslationBody = z.infer<typeof ItemTranslationBody>;

export const ModifierGroupTranslationBody = z.object({
  localizedTitle: translations('modifierGroupTitle'),
  /** Modifier items not listed keep their translations; an id the group lacks is refused. */
  modifierItems: z
    .array(z.object({ id: Uuid, localizedTitle: translations('modifierItemTitle') }))
    .max(MODIFIER_GROUP_LIMITS.maxItems)
    .default([]),
});
export type ModifierGroupTranslationBody = z.infer<typeof ModifierGroupTranslationBody>;

/**
 * A stored text with `given` as its translations: blank languages are dropped, the default is
 * kept. A field without a default (no description) stays empty unless a translation is given.
 */
export function withTranslations(
  stored: LocalizedText | null,
  given: Translations,
): LocalizedText | null {
  const next: LocalizedText = { fieldValue: stored?.fieldValue ?? '' };
  for (const lang of LANGUAGES) {
    const text = given[lang]?.trim();
    if (text) next[lang] = text;
  }
  if (stored === null && LANGUAGES.every((lang) => next[lang] === undefined)) return null;
  return next;
}

/**
 * The language the admins' own texts (`fieldValue`) are written in: the tenant's admin
 * language, Arabic being mapped to English (operations-platform §1).
 */
export const sourceLanguageOf = (defaultAdminLanguage: Language): Language =>
  defaultAdminLanguage === 'ar' ? 'en' : defaultAdminLanguage;

/**
 * The languages a text still lacks: each product language with no text of its own, except the
 * source language, which the default is written in. A field without a default lacks nothing.
 */
export function missingLanguages(
  text: LocalizedText | null | undefined,
  source: Language,
): Language[] {
  if (!text || text.fieldValue.trim() === '') return [];
  return LANGUAGES.filter((lang) => lang !== source && !text[lang]?.trim());
}

const route = routesOf('localization');
const access = { permission: 'LocalizeCatalog' } as const;

/**
 * The translate forms' writes (menu-management.md §2 screen 16), beside the section, item and
 * modifier group calls of §7: managers translate without the editors' right, and only the
 * translations change.
 */
export const localizationRoutes = {
  translateCategory: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/categories/:id/localization`,
    access,
    summary: "Set a section's title and description in each language",
    description:
      'Blank languages lose their translation; the default texts (`fieldValue`) stay. 403 `catalog_integrated` when the point of sale owns the menu.',
    params: TenantIdParams,
    body: CategoryTranslationBody,
    results: CategoryResponse,
  }),
  translateItem: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/catalogitems/:id/localization`,
    access,
    summary: "Set an item's title, description and variant titles in each language",
    description:
      'Variants not listed keep their translations; a variant the item lacks answers 422 `variant_not_found` at `variants.{i}.id`.',
    params: TenantIdParams,
    body: ItemTranslationBody,
    results: CatalogItemResponse,
  }),
  translateModifierGroup: route({
    method: 'PUT',
    path: `${CATALOG_BASE}/modifiergroups/:id/localization`,
    access,
    summary: "Set a modifier group's title and its choices' names in each language",
    description:
      'Modifier items not listed keep their translations; one the group lacks answers 422 `modifier_item_not_found` at `modifierItems.{i}.id`.',
    params: TenantIdParams,
    body: ModifierGroupTranslationBody,
    results: ModifierGroupResponse,
  }),
};
