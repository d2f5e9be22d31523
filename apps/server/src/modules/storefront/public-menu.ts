import {
  currencyOf,
  fromMilli,
  toMilli,
  type OrderingTemplate,
  type PublicMenu,
} from '@app/contracts';
import { NotFound } from '../../errors.ts';
import { openState } from '../outlet-settings/opening-hours.ts';
import { acceptedPaymentMethods } from '../outlet-settings/payment-methods.ts';
import { branchLocalTime } from '../tickets/local-time.ts';
import { adjustmentRules, orderable, priceNow, type OrderingReads } from '../tickets/ordering.ts';
import { minorUnit, roundToUnit } from '../tickets/pricing.ts';
import type { StorefrontRepository } from './storefront.repository.ts';

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
  ): Promise<PublicMenu> {
    const ctx = await ordering.context({ tenantId, branchId, template });
    if (!ctx) throw new NotFound('Branch');
    const { branch } = ctx;
    const now = clock();
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
    const enabled = branch.checkoutTemplates.includes(template);
    const unit = minorUnit(currency);

    const sections = new Map<string, PublicMenu['sections'][number]>();
    const items = new Map<string, PublicMenu['sections'][number]['items'][number]>();
    for (const v of index.variants) {
      if (!enabled || !orderable(v, branchId, template, chain, at)) continue;
      let item = items.get(v.item.id);
      if (!item) {
        let section = sections.get(v.item.categoryId);
        if (!section) {
          const title = chain.get(v.item.categoryId)?.title ?? v.item.title;
          section = { id: v.item.categoryId, localizedTitle: title, items: [] };
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
              .map((m) => ({ id: m.id, localizedTitle: m.title, price: Number(m.price) })),
          })),
        };
        items.set(v.item.id, item);
        section.items.push(item);
      }
      const price = fromMilli(roundToUnit(toMilli(priceNow(v, template, at, rules).price), unit));
      item.variants.push({
        id: v.variantId,
        localizedTitle: v.variantTitle,
        price: Number(price),
      });
    }
    return {
      tenantId,
      branchId,
      checkoutTemplate: template,
      currency,
      branchOperatingStatus: {
        closed: branch.closed,
        acceptingOrders: branch.acceptingOrders,
        busy: branch.busy,
      },
      paymentMethods: enabled
        ? acceptedPaymentMethods(template, ctx.paymentMethods, {
            roomService: ctx.roomService,
            onlineApproved: deps.onlinePaymentsApproved,
          })
        : [],
      openNow: hours.open,
      nextOpeningTime: hours.open ? null : (hours.next?.at.toISOString() ?? null),
      sections: [...sections.values()],
      deliveryZones: zones.map((z) => ({
        deliveryZoneId: z.id,
        localizedTitle: z.title,
        deliveryFee: Number(z.fee),
      })),
      serviceAreas: tables,
    };
  };
}
