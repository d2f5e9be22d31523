import {
  foldForSearch as fold,
  POS_NOT_CONNECTED,
  type HubriseModifier,
  type HubriseProduct,
  type PosMappingBody,
  type PosMappingEntry,
} from '@app/contracts';
import { recordChange } from '../audit/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, NotFound, ServiceUnavailable } from '../../errors.ts';
import { SecretUnreadable, type SecretBox } from '../../secret-box.ts';
import {
  PosProviderUnavailable,
  type HubriseConnection,
  type PosCatalogProvider,
} from '../../integrations/hubrise/client.ts';
import type { MappingTarget, PosMappingRepository } from './pos-mapping.repository.ts';

const amount = (price: string | null) => (price === null ? null : Number(price));

/** How long one tenant's HubRise catalog is kept: a search typed letter by letter reads it once. */
const CATALOG_TTL_MS = 30_000;
const CACHED_TENANTS = 200;

/** The row a sealed access token belongs to: it opens in that tenant's row only. */
export const accessTokenContext = (tenantId: string) => `pos_connections:${tenantId}:access_token`;

/**
 * Seals the access tokens still stored plain (rows of older versions, the demo seed) or under
 * the key of before a rotation, with the current key.
 */
export async function sealPosAccessTokens(
  db: Db,
  repo: PosMappingRepository,
  secrets: SecretBox,
): Promise<number> {
  const rows = await repo.connections(db);
  let sealed = 0;
  for (const row of rows) {
    const context = accessTokenContext(row.tenantId);
    // Plain (stored before encryption) or under the key of before a rotation: sealed again.
    if (secrets.isCurrent(row.accessToken, context)) continue;
    let plain: string;
    try {
      plain = secrets.open(row.accessToken, context);
    } catch (error) {
      // Under a key this server does not have: the mapping page says so when it is used.
      if (error instanceof SecretUnreadable) continue;
      throw error;
    }
    const value = secrets.seal(plain, context);
    // Only if still the value read: a copy starting at once may have sealed it already.
    if (await repo.replaceAccessToken(db, row.tenantId, row.accessToken, value)) sealed++;
  }
  return sealed;
}

export function createPosMappingService(deps: {
  db: Db;
  repository: PosMappingRepository;
  hubrise: PosCatalogProvider;
  secrets: SecretBox;
  clock?: () => number;
}) {
  const { repository: repo } = deps;
  const now = deps.clock ?? Date.now;
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();

  async function connection(tenantId: string): Promise<HubriseConnection> {
    const row = await repo.connection(deps.db, tenantId);
    if (!row)
      throw new Conflict(POS_NOT_CONNECTED, 'The tenant has no point-of-sale (HubRise) connection');
    try {
      const accessToken = deps.secrets.open(row.accessToken, accessTokenContext(tenantId));
      return { catalogId: row.catalogId, accessToken };
    } catch (error) {
      if (!(error instanceof SecretUnreadable)) throw error;
      throw new ServiceUnavailable(
        'pos_provider_unavailable',
        'The HubRise access token does not open with this SECRETS_ENCRYPTION_KEY',
      );
    }
  }

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && now() - hit.at < CATALOG_TTL_MS) return hit.value as Promise<T>;
    if (cache.size >= CACHED_TENANTS) cache.delete(cache.keys().next().value!);
    const value = load();
    cache.set(key, { at: now(), value });
    // A failed read is not kept: the next keystroke tries again.
    value.catch(() => cache.delete(key));
    return value;
  }

  async function fromHubrise<T>(
    tenantId: string,
    kind: string,
    read: (c: HubriseConnection) => Promise<T>,
  ) {
    const conn = await connection(tenantId);
    try {
      return await cached(`${tenantId}:${conn.catalogId}:${kind}`, () => read(conn));
    } catch (error) {
      if (error instanceof PosProviderUnavailable)
        throw new ServiceUnavailable('pos_provider_unavailable', 'HubRise could not be reached');
      throw error;
    }
  }

  const search = <T>(
    list: T[],
    term: string | undefined,
    pageSize: number,
    text: (x: T) => string[],
  ) => {
    const words = fold(term ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const found =
      words.length === 0
        ? list
        : list.filter((x) => {
            const hay = fold(text(x).join(' '));
            return words.every((w) => hay.includes(w));
          });
    return found.slice(0, pageSize);
  };

  type ItemRow = Awaited<ReturnType<typeof repo.items>>[number];
  type GroupRow = Awaited<ReturnType<typeof repo.modifierGroups>>[number];
  type ChoiceRow = Awaited<ReturnType<typeof repo.modifierItems>>[number];
  const itemEntry = (i: ItemRow): PosMappingEntry => ({
    id: i.id,
    title: i.title,
    price: amount(i.price),
    active: i.active,
    externalSKU: i.externalSku,
    externalId: i.externalId,
    isModifierItem: false,
    isModifierGroup: false,
    parentTitle: i.parentTitle,
  });
  const groupEntry = (g: GroupRow): PosMappingEntry => ({
    id: g.id,
    title: g.title,
    price: null,
    active: true,
    externalSKU: g.posSku,
    externalId: g.externalId,
    isModifierItem: false,
    isModifierGroup: true,
    parentTitle: null,
  });
  const choiceEntry = (c: ChoiceRow): PosMappingEntry => ({
    id: c.id,
    title: c.title,
    price: amount(c.price),
    active: c.active,
    externalSKU: c.externalSku,
    externalId: c.externalId,
    isModifierItem: true,
    isModifierGroup: false,
    parentTitle: c.parentTitle,
  });

  async function entries(tenantId: string): Promise<PosMappingEntry[]> {
    const [items, groups, choices] = await Promise.all([
      repo.items(deps.db, tenantId),
      repo.modifierGroups(deps.db, tenantId),
      repo.modifierItems(deps.db, tenantId),
    ]);
    const byGroup = new Map<string, ChoiceRow[]>();
    for (const c of choices) byGroup.set(c.groupId, [...(byGroup.get(c.groupId) ?? []), c]);
    // Items, then each group followed by its modifier items.
    return [
      ...items.map(itemEntry),
      ...groups.flatMap((g) => [groupEntry(g), ...(byGroup.get(g.id) ?? []).map(choiceEntry)]),
    ];
  }

  async function entry(q: Db | Tx, tenantId: string, target: MappingTarget, id: string) {
    if (target === 'item') return (await repo.items(q, tenantId, id)).map(itemEntry)[0];
    if (target === 'modifierGroup')
      return (await repo.modifierGroups(q, tenantId, id)).map(groupEntry)[0];
    return (await repo.modifierItems(q, tenantId, id)).map(choiceEntry)[0];
  }

  const NAMES = { item: 'Item', modifierGroup: 'Modifier group', modifierItem: 'Modifier item' };

  async function map(tenantId: string, target: MappingTarget, id: string, body: PosMappingBody) {
    const codes = { externalSku: body.externalSKU, externalId: body.externalId };
    return deps.db.transaction(async (tx) => {
      const before = await entry(tx, tenantId, target, id);
      if (!before) throw new NotFound(NAMES[target]);
      await repo.setMapping(tx, tenantId, target, id, codes);
      // The group's code is the 'pos' badge of the modifier groups list.
      if (target === 'modifierGroup')
        await repo.setGroupPosSku(tx, tenantId, id, codes.externalSku);
      const after = (await entry(tx, tenantId, target, id))!;
      // A choice's codes are in its group's history, under the choice's name.
      const choice =
        target === 'modifierItem' ? (await repo.modifierItems(tx, tenantId, id))[0] : undefined;
      const field = choice ? `modifierItems.${before.title.fieldValue}.pos` : 'pos';
      const codesOf = (e: PosMappingEntry) => ({
        [field]: { externalSKU: e.externalSKU, externalId: e.externalId },
      });
      await recordChange(tx, {
        tenantId,
        entityType: choice ? 'modifierGroup' : target === 'item' ? 'item' : 'modifierGroup',
        entityId: choice ? choice.groupId : id,
        action: 'update',
        label: choice ? before.parentTitle : before.title,
        before: codesOf(before),
        after: codesOf(after),
      });
      return after;
    });
  }

  return {
    list: entries,
    mapItem: (tenantId: string, id: string, body: PosMappingBody) =>
      map(tenantId, 'item', id, body),
    mapModifierItem: (tenantId: string, id: string, body: PosMappingBody) =>
      map(tenantId, 'modifierItem', id, body),
    mapModifierGroup: (tenantId: string, id: string, body: PosMappingBody) =>
      map(tenantId, 'modifierGroup', id, body),

    async hubriseProducts(
      tenantId: string,
      query: { SearchTerm?: string; PageSize: number },
    ): Promise<HubriseProduct[]> {
      const all = await fromHubrise(tenantId, 'products', (c) => deps.hubrise.products(c));
      return search(all, query.SearchTerm, query.PageSize, (p) => [
        p.productName,
        p.skuReference ?? '',
        p.category ?? '',
      ]);
    },

    async hubriseModifierGroups(
      tenantId: string,
      query: { SearchTerm?: string; PageSize: number },
    ): Promise<HubriseModifier[]> {
      const all = await fromHubrise(tenantId, 'modifiers', (c) => deps.hubrise.modifiers(c));
      return search(all, query.SearchTerm, query.PageSize, (m) => [
        m.modifierName,
        m.modifierReference ?? '',
        m.modifierGroupName,
      ]);
    },
  };
}

export type PosMappingService = ReturnType<typeof createPosMappingService>;
