import {
  effectivePrice,
  scheduleOpen,
  type AdjustmentRule,
  type OrderingTemplate,
  type BranchLocalTime,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import {
  type OrderingRepository,
  type AdjustmentLink,
  type CatalogueSection,
  type CatalogueSnapshot,
  type CatalogueVariant,
} from './ordering.repository.ts';

/** A section chain is orderable when every section up to the root is active, open and allowed. */
function sectionsOpen(
  categoryId: string,
  chain: Map<string, CatalogueSection>,
  template: OrderingTemplate,
  at: BranchLocalTime,
): boolean {
  let cur = chain.get(categoryId);
  for (let depth = 0; cur && depth < 50; depth++) {
    if (!cur.active) return false;
    if (cur.excludedCheckoutTemplates.includes(template)) return false;
    if (!scheduleOpen(cur.schedule, at)) return false;
    if (!cur.parentId) return true;
    cur = chain.get(cur.parentId);
  }
  return false;
}

/** Hidden, out of stock, excluded for the template or branch, or a section off or shut. */
export function orderable(
  v: CatalogueVariant,
  branchId: string,
  template: OrderingTemplate,
  chain: Map<string, CatalogueSection>,
  at: BranchLocalTime,
) {
  const item = v.item;
  return (
    item.active &&
    !item.outOfStock &&
    !item.excludedCheckoutTemplates.includes(template) &&
    !item.excludedBranches.includes(branchId) &&
    sectionsOpen(item.categoryId, chain, template, at)
  );
}

/** The tenant's catalogue indexed for ordering, at one catalogue version. */
export type CatalogueIndex = {
  version: number;
  variants: CatalogueVariant[];
  byVariant: Map<string, CatalogueVariant>;
  sections: Map<string, CatalogueSection>;
  /** Each section's place in the admin's order (siblings by position, then age). */
  rank: Map<string, number>;
};

const indexOf = (snapshot: CatalogueSnapshot): CatalogueIndex => ({
  version: snapshot.version,
  variants: snapshot.variants,
  byVariant: new Map(snapshot.variants.map((v) => [v.variantId, v])),
  sections: new Map(snapshot.sections.map((c) => [c.id, c])),
  rank: new Map(snapshot.sections.map((c, i) => [c.id, i])),
});

/** Price adjustment rules from their links to variants, each with its schedule. */
export function adjustmentRules(links: AdjustmentLink[]): AdjustmentRule[] {
  const rules = new Map<string, AdjustmentRule & { variantIds: Set<string> }>();
  for (const { variantId, adjustment, schedule } of links) {
    let rule = rules.get(adjustment.id);
    if (!rule) {
      rule = { ...adjustment, isActive: true, variantIds: new Set(), schedule };
      rules.set(adjustment.id, rule);
    }
    rule.variantIds.add(variantId);
  }
  return [...rules.values()];
}

/** The variant's price for the template now, after its price adjustments. */
export function priceNow(
  v: CatalogueVariant,
  template: OrderingTemplate,
  at: BranchLocalTime,
  rules: AdjustmentRule[],
) {
  return effectivePrice({ price: v.price, variantId: v.variantId, template, at, rules });
}

export type OrderingReads = ReturnType<typeof createOrderingReads>;

/**
 * What the order intake and the public menu read to know what can be ordered and at what price:
 * the branch's context, the tenant's catalogue (kept in memory per tenant and catalogue version,
 * shared by both) and the active price adjustments.
 */
export function createOrderingReads(deps: {
  db: Db;
  repository: OrderingRepository;
  catalogueCacheSize?: number;
}) {
  const { db, repository: catalogue } = deps;
  const cacheSize = deps.catalogueCacheSize ?? 200;
  // Catalogues by tenant, valid while the tenant's catalogue version (read with every order)
  // is unchanged: every catalogue change bumps it, on whichever server copy.
  const catalogues = new Map<string, Promise<CatalogueIndex>>();

  async function catalogueAt(tenantId: string, version: number): Promise<CatalogueIndex> {
    const cached = catalogues.get(tenantId);
    if (cached) {
      const index = await cached;
      if (index.version >= version) return index;
    }
    const loading = catalogue.catalogue(db, tenantId).then(indexOf);
    if (catalogues.size >= cacheSize && !catalogues.has(tenantId))
      catalogues.delete(catalogues.keys().next().value!);
    catalogues.set(tenantId, loading);
    loading.catch(() => {
      if (catalogues.get(tenantId) === loading) catalogues.delete(tenantId);
    });
    return loading;
  }

  return {
    catalogueAt,
    context: (p: Parameters<OrderingRepository['context']>[1]) => catalogue.context(db, p),
    adjustmentsFor: (tenantId: string, variantIds: string[] | null) =>
      catalogue.adjustmentsFor(db, tenantId, variantIds),
  };
}
