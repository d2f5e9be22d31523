import type { ModifierGroupBody, ModifierGroupResponse } from '@app/contracts';
import { recordChange } from '../audit/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, NotFound, ValidationFailed } from '../../errors.ts';
import {
  type ModifierGroupsRepository,
  type GroupRow,
  type ModifierItemRow,
} from './modifier-groups.repository.ts';

function toGroup(g: GroupRow, its: ModifierItemRow[]): ModifierGroupResponse {
  return {
    id: g.id,
    tenantId: g.tenantId,
    name: g.name,
    localizedTitle: g.title,
    minQuantity: g.minQuantity,
    maxQuantity: g.maxQuantity,
    allowModifierItemCounter: g.allowModifierItemCounter,
    posSku: g.posSku,
    modifierItems: its
      .filter((i) => i.groupId === g.id)
      .map((i) => ({
        id: i.id,
        position: i.position,
        active: i.active,
        price: Number(i.price),
        localizedTitle: i.title,
      })),
  };
}

export type ModifierGroupsService = ReturnType<typeof createModifierGroupsService>;

/** A modifier group's entry in the history of changes (its choices included). */
const groupEntry = (tenantId: string, entityId: string, action: 'create' | 'update' | 'delete') =>
  ({ tenantId, entityType: 'modifierGroup', entityId, action }) as const;

export function createModifierGroupsService(deps: {
  db: Db;
  repository: ModifierGroupsRepository;
  /** Counts a change of the menu the intake and the tree cache by (the catalogue's version). */
  bumpCatalogVersion: (q: Db | Tx, tenantId: string) => Promise<void>;
}) {
  const { db, repository: repo } = deps;

  async function read(q: Db | Tx, tenantId: string, ids?: string[]) {
    const groups = await repo.groups(q, tenantId, ids);
    const its = await repo.itemsOfGroups(
      q,
      tenantId,
      groups.map((g) => g.id),
    );
    return groups.map((g) => toGroup(g, its));
  }

  const itemRows = (body: ModifierGroupBody) =>
    body.modifierItems.map((i, index) => ({
      id: i.id,
      title: i.localizedTitle,
      price: i.price,
      active: i.active,
      position: i.position ?? index,
    }));

  const columns = (body: ModifierGroupBody) => ({
    name: body.name,
    title: body.localizedTitle,
    minQuantity: body.minQuantity,
    maxQuantity: body.maxQuantity,
    allowModifierItemCounter: body.allowModifierItemCounter,
    posSku: body.posSku,
  });

  return {
    list: (tenantId: string) => read(db, tenantId),
    query: (tenantId: string, ids: string[]) => read(db, tenantId, ids),

    async get(tenantId: string, id: string) {
      const [g] = await read(db, tenantId, [id]);
      if (!g) throw new NotFound('Modifier group');
      return g;
    },

    async create(tenantId: string, body: ModifierGroupBody) {
      return db.transaction(async (tx) => {
        const g = await repo.insertGroup(tx, { tenantId, ...columns(body) });
        await repo.replaceItems(tx, tenantId, g.id, itemRows(body));
        await deps.bumpCatalogVersion(tx, tenantId);
        const after = (await read(tx, tenantId, [g.id]))[0]!;
        await recordChange(tx, { ...groupEntry(tenantId, g.id, 'create'), before: null, after });
        return after;
      });
    },

    async update(tenantId: string, id: string, body: ModifierGroupBody) {
      return db.transaction(async (tx) => {
        const [before] = await read(tx, tenantId, [id]);
        const row = await repo.updateGroup(tx, tenantId, id, columns(body));
        if (!row) throw new NotFound('Modifier group');
        const known = new Set((await repo.itemsOfGroups(tx, tenantId, [id])).map((i) => i.id));
        const foreign = body.modifierItems.findIndex((i) => i.id && !known.has(i.id));
        if (foreign >= 0)
          throw new ValidationFailed(`modifierItems.${foreign}.id`, ['modifier_item_not_found']);
        await repo.replaceItems(tx, tenantId, id, itemRows(body));
        await deps.bumpCatalogVersion(tx, tenantId);
        const after = (await read(tx, tenantId, [id]))[0]!;
        await recordChange(tx, { ...groupEntry(tenantId, id, 'update'), before, after });
        return after;
      });
    },

    /** A group still attached to items must be removed from them first. */
    async remove(tenantId: string, id: string) {
      await db.transaction(async (tx) => {
        const [g] = await repo.groups(tx, tenantId, [id]);
        if (!g) throw new NotFound('Modifier group');
        if ((await repo.linkedItems(tx, tenantId, id)).length > 0) {
          throw new Conflict(
            'unable_to_delete_remove_from_others',
            'The group is still used by items',
          );
        }
        const [before] = await read(tx, tenantId, [id]);
        await repo.deleteGroup(tx, tenantId, id);
        await deps.bumpCatalogVersion(tx, tenantId);
        await recordChange(tx, { ...groupEntry(tenantId, id, 'delete'), before, after: null });
      });
    },

    async linkedItems(tenantId: string, id: string) {
      const [g] = await repo.groups(db, tenantId, [id]);
      if (!g) throw new NotFound('Modifier group');
      return repo.linkedItems(db, tenantId, id);
    },
  };
}
