import {
  withTranslations,
  type CatalogItemResponse,
  type CategoryResponse,
  type CategoryTranslationBody,
  type ItemTranslationBody,
  type LocalizedText,
  type ModifierGroupResponse,
  type ModifierGroupTranslationBody,
} from '@app/contracts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { LocalizationRepository } from './localization.repository.ts';

/** How the answers are read back: the same shapes the section, item and group calls answer. */
export type LocalizationReaders = {
  getCategory(tenantId: string, id: string): Promise<CategoryResponse>;
  getItem(tenantId: string, id: string): Promise<CatalogItemResponse>;
  getModifierGroup(tenantId: string, id: string): Promise<ModifierGroupResponse>;
};

/** The first listed id that `known` lacks, as the 422 field `list.{i}.id`. */
function unknownId(list: readonly { id: string }[], known: readonly { id: string }[]) {
  const ids = new Set(known.map((k) => k.id));
  const index = list.findIndex((entry) => !ids.has(entry.id));
  return index < 0 ? null : index;
}

const translated = (stored: LocalizedText, given: Parameters<typeof withTranslations>[1]) =>
  withTranslations(stored, given)!;

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
        await repo.setCategoryTexts(tx, tenantId, id, {
          title: translated(row.title, body.localizedTitle),
          description: body.localizedDesc
            ? withTranslations(row.description, body.localizedDesc)
            : row.description,
        });
        await deps.bumpCatalogVersion(tx, tenantId);
      });
      return read.getCategory(tenantId, id);
    },

    async translateItem(tenantId: string, id: string, body: ItemTranslationBody) {
      await db.transaction(async (tx) => {
        const row = await repo.lockItem(tx, tenantId, id);
        if (!row) throw new NotFound('Item');
        const stored = await repo.variantTitles(tx, tenantId, id);
        const foreign = unknownId(body.variants, stored);
        if (foreign !== null)
          throw new ValidationFailed(`variants.${foreign}.id`, ['variant_not_found']);
        await repo.setItemTexts(tx, tenantId, id, {
          title: translated(row.title, body.localizedTitle),
          description: body.localizedDesc
            ? withTranslations(row.description, body.localizedDesc)
            : row.description,
        });
        const byId = new Map(stored.map((v) => [v.id, v.title]));
        for (const variant of body.variants) {
          const title = translated(byId.get(variant.id)!, variant.localizedTitle);
          await repo.setVariantTitle(tx, tenantId, variant.id, title);
        }
        await deps.bumpCatalogVersion(tx, tenantId);
      });
      return read.getItem(tenantId, id);
    },

    async translateModifierGroup(tenantId: string, id: string, body: ModifierGroupTranslationBody) {
      await db.transaction(async (tx) => {
        const row = await repo.lockGroup(tx, tenantId, id);
        if (!row) throw new NotFound('Modifier group');
        const stored = await repo.modifierItemTitles(tx, tenantId, id);
        const foreign = unknownId(body.modifierItems, stored);
        if (foreign !== null)
          throw new ValidationFailed(`modifierItems.${foreign}.id`, ['modifier_item_not_found']);
        await repo.setGroupTitle(tx, tenantId, id, translated(row.title, body.localizedTitle));
        const byId = new Map(stored.map((i) => [i.id, i.title]));
        for (const item of body.modifierItems) {
          const title = translated(byId.get(item.id)!, item.localizedTitle);
          await repo.setModifierItemTitle(tx, tenantId, item.id, title);
        }
        await deps.bumpCatalogVersion(tx, tenantId);
      });
      return read.getModifierGroup(tenantId, id);
    },
  };
}
