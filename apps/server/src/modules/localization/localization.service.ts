import {
  withTranslations,
  type CatalogItemResponse,
  type CategoryResponse,
  type CategoryTranslationBody,
  type ItemTranslationBody,
  type LocalizedText,
  type ModifierGroupResponse,
  type ModifierGroupTranslationBody,
  type Translations,
} from '@app/contracts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recordChange } from '../audit/audit.ts';
import type { LocalizationRepository } from './localization.repository.ts';

/** How the answers are read back: the same shapes the section, item and group calls answer. */
export type LocalizationReaders = {
  getCategory(tenantId: string, id: string): Promise<CategoryResponse>;
  getItem(tenantId: string, id: string): Promise<CatalogItemResponse>;
  getModifierGroup(tenantId: string, id: string): Promise<ModifierGroupResponse>;
};

const translated = (stored: LocalizedText, given: Translations) => withTranslations(stored, given)!;

/** A title and description with the given translations; a description not sent stays. */
const translatedTexts = (
  row: { title: LocalizedText; description: LocalizedText | null },
  body: { localizedTitle: Translations; localizedDesc?: Translations },
) => ({
  title: translated(row.title, body.localizedTitle),
  description: body.localizedDesc
    ? withTranslations(row.description, body.localizedDesc)
    : row.description,
});

/**
 * The sent children's titles (variants, modifier items) with their translations; a child not
 * among the stored ones is a 422 on `{field}.{i}.id` with `code`.
 */
function translatedChildren(
  stored: readonly { id: string; title: LocalizedText }[],
  given: readonly { id: string; localizedTitle: Translations }[],
  field: string,
  code: string,
) {
  const byId = new Map(stored.map((child) => [child.id, child.title]));
  const foreign = given.findIndex((child) => !byId.has(child.id));
  if (foreign >= 0) throw new ValidationFailed(`${field}.${foreign}.id`, [code]);
  return given.map((child) => ({
    id: child.id,
    title: translated(byId.get(child.id)!, child.localizedTitle),
  }));
}

/** A translation in the history of changes: an update of the section, item or group. */
const entry = (
  tenantId: string,
  entityType: 'section' | 'item' | 'modifierGroup',
  entityId: string,
  label: LocalizedText,
) => ({ tenantId, entityType, entityId, action: 'update', label }) as const;

const textsOf = (t: { title: LocalizedText; description: LocalizedText | null }) => ({
  localizedTitle: t.title,
  localizedDesc: t.description,
});

/** The sent children's titles by their default text, as they are in `from`. */
const titlesOf = (
  from: readonly { id: string; title: LocalizedText }[],
  sent: readonly { id: string }[],
) =>
  Object.fromEntries(
    sent.map((c) => {
      const title = from.find((f) => f.id === c.id)!.title;
      return [title.fieldValue, title];
    }),
  );

export type LocalizationService = ReturnType<typeof createLocalizationService>;

/**
 * The translate forms' writes: only the languages' texts change, never the defaults, each write
 * in one transaction that bumps the catalogue version (the cached tree and the storefront).
 */
export function createLocalizationService(deps: {
  db: Db;
  repository: LocalizationRepository;
  /** Counts a change of the menu the intake and the tree cache by (the catalogue's version). */
  bumpCatalogVersion: (q: Db | Tx, tenantId: string) => Promise<void>;
  read: LocalizationReaders;
}) {
  const { db, repository: repo, read } = deps;

  return {
    async translateCategory(tenantId: string, id: string, body: CategoryTranslationBody) {
      await db.transaction(async (tx) => {
        const row = await repo.lockCategory(tx, tenantId, id);
        if (!row) throw new NotFound('Section');
        const texts = translatedTexts(row, body);
        await repo.setCategoryTexts(tx, tenantId, id, texts);
        await deps.bumpCatalogVersion(tx, tenantId);
        await recordChange(tx, {
          ...entry(tenantId, 'section', id, texts.title),
          before: textsOf(row),
          after: textsOf(texts),
        });
      });
      return read.getCategory(tenantId, id);
    },

    async translateItem(tenantId: string, id: string, body: ItemTranslationBody) {
      await db.transaction(async (tx) => {
        const row = await repo.lockItem(tx, tenantId, id);
        if (!row) throw new NotFound('Item');
        const stored = await repo.variantTitles(tx, tenantId, id);
        const variants = translatedChildren(stored, body.variants, 'variants', 'variant_not_found');
        const texts = translatedTexts(row, body);
        await repo.setItemTexts(tx, tenantId, id, texts);
        for (const v of variants) await repo.setVariantTitle(tx, tenantId, v.id, v.title);
        await deps.bumpCatalogVersion(tx, tenantId);
        await recordChange(tx, {
          ...entry(tenantId, 'item', id, texts.title),
          before: { ...textsOf(row), variants: titlesOf(stored, variants) },
          after: { ...textsOf(texts), variants: titlesOf(variants, variants) },
        });
      });
      return read.getItem(tenantId, id);
    },

    async translateModifierGroup(tenantId: string, id: string, body: ModifierGroupTranslationBody) {
      await db.transaction(async (tx) => {
        const row = await repo.lockGroup(tx, tenantId, id);
        if (!row) throw new NotFound('Modifier group');
        const stored = await repo.modifierItemTitles(tx, tenantId, id);
        const items = translatedChildren(
          stored,
          body.modifierItems,
          'modifierItems',
          'modifier_item_not_found',
        );
        const title = translated(row.title, body.localizedTitle);
        await repo.setGroupTitle(tx, tenantId, id, title);
        for (const i of items) await repo.setModifierItemTitle(tx, tenantId, i.id, i.title);
        await deps.bumpCatalogVersion(tx, tenantId);
        await recordChange(tx, {
          ...entry(tenantId, 'modifierGroup', id, title),
          before: { localizedTitle: row.title, modifierItems: titlesOf(stored, items) },
          after: { localizedTitle: title, modifierItems: titlesOf(items, items) },
        });
      });
      return read.getModifierGroup(tenantId, id);
    },
  };
}
