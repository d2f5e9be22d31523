import {
  currencyOf,
  fromMilli,
  toMilli,
  type OrderingTemplate,
  type PublicMenu,
  openState,
  acceptedPaymentMethods,
  serviceAreaStored,
  branchLocalTime,
  minorUnit,
  roundToUnit,
  phoneCountryOf,
} from '@app/contracts';
import { NotFound } from '../../errors.ts';
import type { CatalogueSection, SoldOut } from '../tickets/ordering.repository.ts';
import {
  adjustmentRules,
  orderable,
  priceNow,
  type CatalogueIndex,
  type OrderingReads,
} from '../tickets/ordering.ts';
import { operatingStatusOf } from '../identity/branches.ts';
import type { StorefrontRepository } from './storefront.repository.ts';

/** The sections enclosing a section, from its main section down (without itself). */
function ancestors(id: string, chain: Map<string, CatalogueSection>): CatalogueSection[] {
  const found: CatalogueSection[] = [];
  let cur = chain.get(chain.get(id)?.parentId ?? '');
  for (let depth = 0; cur && depth < 50; depth++) {
    found.unshift(cur);
    cur = cur.parentId ? chain.get(cur.parentId) : undefined;
  }
  return found;
}

/** Where a section stands in the admin's tree: its and its parents' ranks, root first. */
const treeKey = (id: string, index: CatalogueIndex) =>
  [...ancestors(id, index.sections), index.sections.get(id)].map(
    (c) => index.rank.get(c?.id ?? '') ?? 0,
  );

function compareKeys(a: number[], b: number[]) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

/**
 * Whether an item is sold out at the branch (issue 38), and when it is back: the item itself,
 * or every one of its variants (back when the last is; null if one is until turned back on).
 */
function soldOutState(
  itemId: string,
  index: CatalogueIndex,
  soldOut: SoldOut,
): { soldOut: boolean; backAt: string | null } {
  if (soldOut.size === 0) return { soldOut: false, backAt: null };
  const iso = (until: string | null) => (until === null ? null : new Date(until).toISOString());
  const own = soldOut.get(`item:${itemId}`);
  if (own !== undefined) return { soldOut: true, backAt: iso(own) };
  const its = index.variants.filter((v) => v.item.id === itemId);
  const untils = its.map((v) => soldOut.get(`variant:${v.variantId}`));
  if (its.length === 0 || untils.some((u) => u === undefined)) {
    return { soldOut: false, backAt: null };
  }
  if (untils.includes(null)) return { soldOut: true, backAt: null };
  const last = Math.max(...untils.map((u) => new Date(u!).getTime()));
  return { soldOut: true, backAt: new Date(last).toISOString() };
}

const soldOutItem = (itemId: string, index: CatalogueIndex, soldOut: SoldOut) =>
  soldOutState(itemId, index, soldOut).soldOut;

/**
 * A branch's public menu: what can be ordered there now for a template, read and priced as the
 * order intake reads and prices it (the tickets module's ordering reads).
 */
export function createPublicMenu(deps: {
  ordering: OrderingReads;
  repository: Pick<StorefrontRepository, 'activeZones' | 'diningTables'>;
  clock: () => Date;
  /** Whether online payments can be taken (a payment provider is configured). */
  onlinePaymentsApproved: boolean;
}) {
  const { ordering, repository, clock } = deps;
  /** What can be ordered now at a branch for a template, at the prices the intake charges. */
  return async function menu(
    tenantId: string,
    branchId: string,
    template: OrderingTemplate,
    serviceAreaId?: string,
  ): Promise<PublicMenu> {
    const atTable = template === 'DINING' ? (serviceAreaId ?? null) : null;
    const now = clock();
    const ctx = await ordering.context({
      tenantId,
      branchId,
      template,
      now,
      serviceAreaId: atTable,
    });
    if (!ctx) throw new NotFound('Branch');
    const { branch, soldOut } = ctx;
    const at = branchLocalTime(now, branch.timeZone);
    const hours = openState(ctx.hours, now, branch.timeZone);
    const currency = currencyOf(ctx.currency);
    const [index, links, zones, tables] = await Promise.all([
      ordering.catalogueAt(tenantId, ctx.catalogVersion),
      ordering.adjustmentsFor(tenantId, null),
      template === 'DELIVERY' ? repository.activeZones(tenantId, branchId) : [],
      template === 'DINING' ? repository.diningTables(tenantId, branchId) : [],
    ]);
    const chain = index.sections;
    const rules = adjustmentRules(links);
    // A table of this branch follows its own payment mode, as the intake does (§4.4).
    const stored = ctx.area?.id
      ? serviceAreaStored(ctx.areaPaymentMethods, ctx.paymentMethods)
      : ctx.paymentMethods;
    const enabled = branch.checkoutTemplates.includes(template);
    const unit = minorUnit(currency);

    const sections = new Map<string, PublicMenu['sections'][number]>();
    const items = new Map<string, PublicMenu['sections'][number]['items'][number]>();
    for (const v of index.variants) {
      if (!enabled || !orderable(v, branchId, template, chain, at)) continue;
      let item = items.get(v.item.id);
      if (!item) {
        // Sold out here: shown so, or left out where its section hides what is not available.
        if (
          chain.get(v.item.categoryId)?.hideWhenNotAvailable &&
          soldOutItem(v.item.id, index, soldOut)
        )
          continue;
        let section = sections.get(v.item.categoryId);
        if (!section) {
          const title = chain.get(v.item.categoryId)?.title ?? v.item.title;
          section = {
            id: v.item.categoryId,
            localizedTitle: title,
            parentTitles: ancestors(v.item.categoryId, chain).map((c) => c.title),
            items: [],
          };
          sections.set(v.item.categoryId, section);
        }
        item = {
          id: v.item.id,
          localizedTitle: v.item.title,
          localizedDesc: v.item.description,
          thumbnail: v.item.images[0] ?? null,
          enableSpecialRequest: v.item.enableSpecialRequest,
          variants: [],
          modifierGroups: v.groups.map((g) => ({
            id: g.id,
            localizedTitle: g.title,
            minQuantity: g.minQuantity,
            maxQuantity: g.maxQuantity,
            allowModifierItemCounter: g.allowModifierItemCounter,
            modifierItems: g.items
              .filter((m) => m.active)
              .map((m) => ({
                id: m.id,
                localizedTitle: m.title,
                price: Number(m.price),
                soldOut: soldOut.has(`modifierItem:${m.id}`),
              })),
          })),
          ...soldOutState(v.item.id, index, soldOut),
        };
        items.set(v.item.id, item);
        section.items.push(item);
      }
      const price = fromMilli(roundToUnit(toMilli(priceNow(v, template, at, rules).price), unit));
      item.variants.push({
        id: v.variantId,
        localizedTitle: v.variantTitle,
        price: Number(price),
        soldOut: soldOut.has(`item:${v.item.id}`) || soldOut.has(`variant:${v.variantId}`),
      });
    }
    return {
      tenantId,
      branchId,
      checkoutTemplate: template,
      currency,
      branchOperatingStatus: operatingStatusOf(branch),
      paymentMethods: enabled
        ? acceptedPaymentMethods(template, stored, {
            roomService: ctx.roomService,
            onlineApproved: deps.onlinePaymentsApproved,
          })
        : [],
      openNow: hours.open,
      nextOpeningTime: hours.open ? null : (hours.next?.at.toISOString() ?? null),
      phoneCountry: phoneCountryOf(branch.phoneNumber, ctx.tenantCountry),
      sections: [...sections.values()]
        .map((section) => ({ section, key: treeKey(section.id, index) }))
        .sort((a, b) => compareKeys(a.key, b.key))
        .map((s) => s.section),
      deliveryZones: zones.map((z) => ({
        deliveryZoneId: z.id,
        localizedTitle: z.title,
        deliveryFee: Number(z.fee),
      })),
      serviceAreas: tables,
    };
  };
}
