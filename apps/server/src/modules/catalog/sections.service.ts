import { CATALOG_LIMITS, type CategoryBody, type ScheduleEntry } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, NotFound, ValidationFailed } from '../../errors.ts';
import { assertImages, type CatalogDeps } from './catalog-common.ts';
import { assertMainSectionsEditable } from './delivery-focused.ts';
import { fillSchedule, levelOf, toCategory, toScheduleRows } from './catalog-shapes.ts';
import { recordChange } from '../audit/audit.ts';

/** A section's entry in the history of changes. */
const sectionEntry = (tenantId: string, entityId: string, action: 'create' | 'update' | 'delete') =>
  ({ tenantId, entityType: 'section', entityId, action }) as const;

/** The columns a section's body sets, on create and on update. */
const sectionColumns = (body: CategoryBody) => ({
  title: body.localizedTitle,
  description: body.localizedDesc ?? null,
  images: body.images,
  active: body.active,
  hideWhenNotAvailable: body.hideWhenNotAvailable,
  excludedCheckoutTemplates: body.excludedCheckoutTemplates,
});

/** Sections (the spec's categories) and their schedules. */
export function createSectionsService(deps: CatalogDeps) {
  const { db, repository: repo } = deps;

  async function readCategory(q: Db | Tx, tenantId: string, id: string) {
    const row = await repo.category(q, tenantId, id);
    if (!row) throw new NotFound('Section');
    const cats = await repo.allCategories(q, tenantId);
    const byId = new Map(cats.map((c) => [c.id, c]));
    return toCategory(row, await repo.schedule(q, tenantId, id), levelOf(byId, id));
  }

  return {
    async listCategories(tenantId: string) {
      const [cats, schedules] = await Promise.all([
        repo.allCategories(db, tenantId),
        repo.allSchedules(db, tenantId),
      ]);
      const byId = new Map(cats.map((c) => [c.id, c]));
      return cats.map((c) =>
        toCategory(
          c,
          schedules.filter((s) => s.categoryId === c.id),
          levelOf(byId, c.id),
        ),
      );
    },

    getCategory: (tenantId: string, id: string) => readCategory(db, tenantId, id),

    async currentLevel(tenantId: string, id: string) {
      const c = await readCategory(db, tenantId, id);
      return { level: c.level };
    },

    async createCategory(tenantId: string, parentId: string | null, body: CategoryBody) {
      return db.transaction(async (tx) => {
        await assertImages(deps.images, tenantId, body.images);
        if (!parentId) await assertMainSectionsEditable(repo, tx, tenantId);
        if (parentId) {
          const parent = await repo.category(tx, tenantId, parentId, true);
          if (!parent) throw new NotFound('Parent section');
          const cats = await repo.allCategories(tx, tenantId);
          const level = levelOf(new Map(cats.map((c) => [c.id, c])), parentId);
          if (level >= CATALOG_LIMITS.maxSectionLevel)
            throw new ValidationFailed('parentId', ['category_max_depth']);
        }
        const siblings = await repo.childCategories(tx, tenantId, parentId);
        const created = await repo.insertCategory(tx, {
          tenantId,
          parentId,
          ...sectionColumns(body),
          position: body.position ?? siblings.length,
        });
        await repo.bumpVersion(tx, tenantId);
        const after = await readCategory(tx, tenantId, created.id);
        await recordChange(tx, {
          ...sectionEntry(tenantId, created.id, 'create'),
          before: null,
          after,
        });
        return after;
      });
    },

    async updateCategory(tenantId: string, id: string, body: CategoryBody) {
      return db.transaction(async (tx) => {
        await assertImages(deps.images, tenantId, body.images);
        const current = await repo.category(tx, tenantId, id, true);
        if (!current) throw new NotFound('Section');
        if (!current.parentId) await assertMainSectionsEditable(repo, tx, tenantId);
        const before = await readCategory(tx, tenantId, id);
        const row = await repo.updateCategory(tx, tenantId, id, {
          ...sectionColumns(body),
          ...(body.position !== undefined ? { position: body.position } : {}),
        });
        if (!row) throw new NotFound('Section');
        await repo.bumpVersion(tx, tenantId);
        const after = await readCategory(tx, tenantId, id);
        await recordChange(tx, { ...sectionEntry(tenantId, id, 'update'), before, after });
        return after;
      });
    },

    async deleteCategory(tenantId: string, id: string) {
      await db.transaction(async (tx) => {
        const row = await repo.category(tx, tenantId, id, true);
        if (!row) throw new NotFound('Section');
        if (!row.parentId) await assertMainSectionsEditable(repo, tx, tenantId);
        const children = await repo.childCategories(tx, tenantId, id);
        const contents = await repo.itemsOf(tx, tenantId, id);
        if (children.length > 0 || contents.length > 0) {
          throw new Conflict(
            'unable_to_delete_remove_children',
            'Empty the section first: it still has sections or items',
          );
        }
        const before = await readCategory(tx, tenantId, id);
        await repo.deleteCategory(tx, tenantId, id);
        await repo.bumpVersion(tx, tenantId);
        await recordChange(tx, { ...sectionEntry(tenantId, id, 'delete'), before, after: null });
      });
    },

    async getSchedule(tenantId: string, id: string) {
      const row = await repo.category(db, tenantId, id);
      if (!row) throw new NotFound('Section');
      return fillSchedule(await repo.schedule(db, tenantId, id));
    },

    /** Schedules stay editable for integrated tenants. */
    async setSchedule(tenantId: string, id: string, entries: ScheduleEntry[]) {
      return db.transaction(async (tx) => {
        const row = await repo.category(tx, tenantId, id, true);
        if (!row) throw new NotFound('Section');
        const before = fillSchedule(await repo.schedule(tx, tenantId, id));
        await repo.replaceSchedule(tx, tenantId, id, toScheduleRows(entries));
        await repo.bumpVersion(tx, tenantId);
        const after = fillSchedule(await repo.schedule(tx, tenantId, id));
        await recordChange(tx, {
          ...sectionEntry(tenantId, id, 'update'),
          label: row.title,
          before: { schedule: before },
          after: { schedule: after },
        });
        return after;
      });
    },
  };
}
