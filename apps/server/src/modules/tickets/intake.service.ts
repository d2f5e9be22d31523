import { randomUUID } from 'node:crypto';
import {
  currencyOf,
  isOnlinePayment,
  toMilli,
  Uuid,
  type AdjustmentRule,
  type CartItemInput,
  type FieldError,
  type PaymentMethodType,
  type OrderingTemplate,
  type PublicQuote,
  type QuoteBody,
  type Ticket,
  type TicketDetails,
  type TicketIntakeBody,
  openState,
  acceptedPaymentMethods,
  serviceAreaStored,
  branchLocalTime,
  type BranchLocalTime,
  minorUnit,
  priceCart,
  type PricingLine,
  type PricingModifier,
  toCartData,
  modifierGroupProblem,
  customerPhone,
  phoneCountryOf,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { NotFound, ServiceUnavailable, ValidationFailed } from '../../errors.ts';
import type {
  Authorization,
  PaymentProvider,
} from '../../integrations/card-gateway/payment-provider.ts';
import type { DiscountsService } from '../discounts/discounts.service.ts';
import {
  adjustmentRules,
  orderable,
  priceNow,
  type CatalogueIndex,
  type OrderingReads,
} from './ordering.ts';
import { type TicketsRepository, type TicketRow } from './tickets.repository.ts';
import type { SoldOut } from './ordering.repository.ts';
import { toTicket } from './tickets.service.ts';
import { assertSameRequest, chargeOnline, requestFingerprint } from './online-payment.ts';
import type { UnstoredRefunds } from './unstored-refunds.ts';

export type Clock = () => Date;

export type IntakeResult = { ticket: Ticket; replayed: boolean };

const requestHash = (branchId: string, body: TicketIntakeBody) =>
  requestFingerprint({ branchId, body });

/** Validates the cart lines against the catalogue and prices them; collects every problem. */
function priceLines(
  cartItems: CartItemInput[],
  index: CatalogueIndex,
  rules: AdjustmentRule[],
  branchId: string,
  template: OrderingTemplate,
  at: BranchLocalTime,
  soldOut: SoldOut,
) {
  const { byVariant, sections: chain } = index;
  const errors: FieldError[] = [];
  const fail = (field: string, code: string) => void errors.push({ field, codes: [code] });
  const lines: PricingLine[] = [];

  cartItems.forEach((input, i) => {
    const path = `cartItems.${i}`;
    const v = byVariant.get(input.variantId);
    if (!v) return fail(`${path}.variantId`, 'item_not_found');
    if (!orderable(v, branchId, template, chain, at)) return fail(path, 'item_inactive');
    // Sold out at this branch until a time (issue 38).
    if (soldOut.has(`item:${v.item.id}`) || soldOut.has(`variant:${v.variantId}`))
      return fail(path, 'sold_out');
    if (input.specialRequest && !v.item.enableSpecialRequest)
      fail(`${path}.specialRequest`, 'special_request_not_allowed');

    // Only modifiers of the item's own groups, each group within its minimum and maximum.
    const chosen = new Map<string, number>();
    const modifiers: PricingModifier[] = [];
    input.modifiers.forEach((m, j) => {
      const at_ = `${path}.modifiers.${j}`;
      const group = v.groups.find((g) => g.items.some((x) => x.id === m.modifierItemId));
      const mod = group?.items.find((x) => x.id === m.modifierItemId);
      if (!group || !mod) return fail(`${at_}.modifierItemId`, 'modifier_not_allowed');
      if (!mod.active) return fail(at_, 'item_inactive');
      if (soldOut.has(`modifierItem:${mod.id}`)) return fail(at_, 'sold_out');
      if (input.modifiers.findIndex((x) => x.modifierItemId === m.modifierItemId) !== j)
        return fail(`${at_}.modifierItemId`, 'modifier_duplicate');
      if (m.quantity > 1 && !group.allowModifierItemCounter)
        return fail(`${at_}.quantity`, 'modifier_quantity_max');
      chosen.set(group.id, (chosen.get(group.id) ?? 0) + m.quantity);
      modifiers.push({
        id: mod.id,
        groupId: group.id,
        groupTitle: group.title,
        title: mod.title,
        price: mod.price,
        quantity: m.quantity,
      });
    });
    for (const g of v.groups) {
      const count = chosen.get(g.id) ?? 0;
      const field = `${path}.modifierGroups.${g.id}`;
      const problem = modifierGroupProblem(count, g);
      if (problem) fail(field, problem);
    }

    const priced = priceNow(v, template, at, rules);
    lines.push({
      itemId: v.item.id,
      variantId: v.variantId,
      quantity: input.quantity,
      title: v.item.title,
      description: v.item.description,
      variantTitle: v.variantTitle,
      basePrice: v.price,
      effectivePrice: priced.price,
      appliedAdjustmentId: priced.appliedAdjustmentId,
      specialRequest: input.specialRequest || null,
      modifiers,
      taxes: v.taxes,
    });
  });
  return { lines, errors };
}

export type IntakeService = ReturnType<typeof createIntakeService>;

/**
 * The public order intake (operations-platform §2.3, §3; ARCHITECTURE rule 6): the server
 * prices every order from the catalogue at the branch's local time, refuses what cannot be
 * ordered with the spec's codes, numbers tickets per tenant, and answers a retried request
 * (same Idempotency-Key) with the first ticket. Three prepared statements per order (four
 * when the tenant has price adjustments): the context (branch status, tenant, idempotency,
 * zone, table), the tenant's discounts, and the numbered insert that also sends the realtime
 * event on commit; the catalogue itself is kept in memory per tenant and catalogue version
 * (ordering.ts), like the catalogue tree.
 */
export function createIntakeService(deps: {
  db: Db;
  repository: TicketsRepository;
  clock: Clock;
  /** Applies a customer's code or the automatic discount and counts its use. */
  discounts: Pick<DiscountsService, 'forOrder' | 'preview'>;
  /** Online payments; without a provider the online methods are not accepted. */
  payments?: PaymentProvider | null;
  /** Gives back money taken for an order not stored, asked again until the gateway answers. */
  unstoredRefunds?: UnstoredRefunds;
  /** The branch's context, the cached catalogue and the price adjustments. */
  ordering: OrderingReads;
  /**
   * Told of each ticket this call stored, after its commit (not of a replayed request): the
   * push to staff devices. Runs on its own; the customer's answer does not wait for it.
   */
  onPlaced?: (ticket: Ticket) => void;
}) {
  const { db, repository: repo, clock, ordering } = deps;
  const payments = deps.payments ?? null;

  /**
   * The cart's lines checked against the catalogue and priced for the template now, with the
   * zone's fee; their problems and those found before answer one 422 together.
   */
  async function pricedCart(p: {
    tenantId: string;
    branchId: string;
    template: OrderingTemplate;
    at: BranchLocalTime;
    cartItems: CartItemInput[];
    ctx: { catalogVersion: number; hasAdjustments: boolean; currency: string; soldOut: SoldOut };
    zone: { active: boolean | null; fee: string | null } | null;
    adjust: boolean;
    errors: FieldError[];
  }) {
    const variantIds = [...new Set(p.cartItems.map((l) => l.variantId))];
    const [index, links] = await Promise.all([
      ordering.catalogueAt(p.tenantId, p.ctx.catalogVersion),
      p.adjust && p.ctx.hasAdjustments ? ordering.adjustmentsFor(p.tenantId, variantIds) : [],
    ]);
    const priced = priceLines(
      p.cartItems,
      index,
      adjustmentRules(links),
      p.branchId,
      p.template,
      p.at,
      p.ctx.soldOut,
    );
    const errors = [...p.errors, ...priced.errors];
    if (errors.length > 0) throw new ValidationFailed(errors);
    return priceCart({
      currency: currencyOf(p.ctx.currency),
      lines: priced.lines,
      // An inactive or unpriced zone leaves the fee to be agreed: deliveryFeesUnDefined.
      deliveryFee: p.template === 'DELIVERY' ? (p.zone?.active ? p.zone.fee : null) : undefined,
    });
  }

  async function firstTicket(
    tenantId: string,
    existing: { id: string; requestHash: string | null },
    hash: string,
  ): Promise<Ticket> {
    assertSameRequest(existing.requestHash, hash, 'order');
    const row = await repo.withNames(db, tenantId, existing.id);
    if (!row) throw new NotFound('Ticket');
    return toTicket(row.ticket, row.tenantName, row.branchName, []);
  }

  return {
    async intake(
      tenantId: string,
      branchId: string,
      body: TicketIntakeBody,
      idempotencyKey: string | undefined,
    ): Promise<IntakeResult> {
      const hash = requestHash(branchId, body);
      const isCall = body.ticketType === 'callstaff';
      const template: OrderingTemplate = isCall
        ? 'DINING'
        : (body.checkoutTemplate as OrderingTemplate);
      const usesTable = isCall || template === 'DINING';

      const now = clock();
      const ctx = await ordering.context({
        tenantId,
        branchId,
        template,
        now,
        idempotencyKey,
        deliveryZoneId: template === 'DELIVERY' ? body.deliveryZoneId : null,
        serviceAreaId: usesTable ? body.serviceAreaId : null,
        uniqueLinkId: isCall ? null : body.uniqueLinkId,
      });
      if (!ctx) throw new NotFound('Branch');
      // A retry answers the first ticket whatever changed since (the outlet closing, say).
      if (ctx.existing?.id) {
        return {
          ticket: await firstTicket(tenantId, { ...ctx.existing, id: ctx.existing.id }, hash),
          replayed: true,
        };
      }
      const { branch } = ctx;
      // Left-joined rows that matched nothing.
      const zone = ctx.zone?.id ? { ...ctx.zone, id: ctx.zone.id } : null;
      const area = ctx.area?.id ? { ...ctx.area, id: ctx.area.id } : null;
      const link = ctx.link?.id && ctx.link.template === template ? ctx.link : null;
      if (branch.closed) throw new ValidationFailed('branchId', ['store_closed']);
      // Calling a waiter is not an order: it goes through while orders are paused.
      if (!branch.acceptingOrders && !isCall)
        throw new ValidationFailed('branchId', ['store_not_accepting_orders']);
      if (!isCall && !branch.checkoutTemplates.includes(template))
        throw new ValidationFailed('checkoutTemplate', ['checkout_template_disabled']);

      // Calling a waiter is not an order: it goes through outside the hours too.
      if (!isCall) {
        const hours = openState(ctx.hours, now, branch.timeZone);
        if (!hours.open) {
          throw new ValidationFailed([
            {
              field: 'branchId',
              codes: ['store_closed_hours'],
              params: {
                nextOpeningTime: hours.next?.at.toISOString() ?? null,
                nextOpeningLocalTime: hours.next?.localDateTime ?? null,
              },
            },
          ]);
        }
      }
      const at = branchLocalTime(now, branch.timeZone);
      const errors: FieldError[] = [];
      const method = isCall ? null : ((body.paymentMethodType ?? null) as PaymentMethodType | null);
      if (method) {
        // An order from a table follows that table's payment mode (§4.4).
        const stored =
          template === 'DINING' && area
            ? serviceAreaStored(ctx.areaPaymentMethods, ctx.paymentMethods)
            : ctx.paymentMethods;
        const accepted = acceptedPaymentMethods(template, stored, {
          roomService: ctx.roomService,
          onlineApproved: payments !== null,
        });
        if (!accepted.includes(method))
          errors.push({ field: 'paymentMethodType', codes: ['payment_method_not_accepted'] });
      }
      // A phone typed international or local to the branch's country, kept in E.164.
      const phone = body.phoneNumber
        ? customerPhone(body.phoneNumber, phoneCountryOf(branch.phoneNumber, ctx.tenantCountry))
        : null;
      if (body.phoneNumber && !phone)
        errors.push({ field: 'phoneNumber', codes: ['phone_invalid'] });
      const preferred = isCall ? null : (body.preferredFulfillmentLocalDateTime ?? null);
      if (!body.isFulfillmentAsap && preferred && preferred < at.dateTime) {
        errors.push({
          field: 'preferredFulfillmentLocalDateTime',
          codes: ['fulfillment_time_past'],
        });
      }
      if (usesTable) {
        const code = !area
          ? 'service_area_not_found'
          : !area.enabled
            ? 'service_area_disabled'
            : area.template === 'MENU' && !isCall
              ? 'service_area_menu_only'
              : null;
        if (code) errors.push({ field: 'serviceAreaId', codes: [code] });
      }
      if (template === 'DELIVERY' && !zone)
        errors.push({ field: 'deliveryZoneId', codes: ['delivery_zone_not_found'] });
      // A link of this branch for this template only (a delivery link opens delivery).
      if (!isCall && body.uniqueLinkId && !link)
        errors.push({ field: 'uniqueLinkId', codes: ['unique_link_not_found'] });

      const currency = currencyOf(ctx.currency);
      const discount = await deps.discounts.forOrder({
        tenantId,
        template,
        code: isCall ? null : body.discountCode,
        cart: await pricedCart({
          tenantId,
          branchId,
          template,
          at,
          cartItems: body.cartItems,
          ctx,
          zone,
          // Calling a waiter orders nothing to adjust.
          adjust: !isCall,
          errors,
        }),
      });
      const { cart } = discount;
      const payment = method;
      let ticketId: string = randomUUID();
      const amountMinor = Number(toMilli(cart.total) / minorUnit(currency));
      let paid: Authorization | null = null;
      if (payment && isOnlinePayment(payment) && amountMinor > 0) {
        if (!payments) throw new ServiceUnavailable('payment_provider_unavailable');
        paid = await chargeOnline(payments, {
          amountMinor,
          currency,
          token: body.paymentToken ?? '',
          reference: ticketId,
          // A retry under the same Idempotency-Key finds the same payment at the provider.
          key: idempotencyKey ? `intake:${tenantId}:${idempotencyKey}` : `intake:${ticketId}`,
        });
        // A retry racing the first copy of its key got the first copy's payment: both copies
        // place the ticket that payment names, so the provider's reference is the ticket's id.
        if (Uuid.safeParse(paid.reference).success) ticketId = paid.reference;
      }
      const details: TicketDetails = {
        checkoutUiTemplate: template,
        firstName: body.firstName || null,
        lastName: body.lastName || null,
        reservationLastName: body.reservationLastName || null,
        phoneNumber: phone,
        onPropertyInfo: body.onPropertyInfo
          ? {
              tableNumber: body.onPropertyInfo.tableNumber ?? null,
              phoneNumber: body.onPropertyInfo.phoneNumber || null,
            }
          : null,
        serviceArea:
          usesTable && area
            ? { id: area.id, value: area.value!, title: area.title, sectionName: area.sectionName }
            : null,
        preferredFulfillmentLocalDateTime: preferred,
        isFulfillmentAsap: isCall || body.isFulfillmentAsap || !preferred,
        deliveryZoneId: template === 'DELIVERY' && zone ? zone.id : null,
        deliveryZone: template === 'DELIVERY' && zone ? zone.title : null,
        shippingAddress: template === 'DELIVERY' ? (body.shippingAddress ?? null) : null,
        customerCheckoutSpecialInstructions: body.customerCheckoutSpecialInstructions || null,
        paymentMethodType: payment,
        paymentDetails: {
          paymentMethodType: payment,
          cardScheme: paid?.scheme ?? null,
          maskedValue: paid ? `•••• ${paid.last4}` : null,
          paymentStatus: paid ? 'SUCCESS' : null,
          paymentUniqueInvoiceId: paid?.paymentId ?? null,
        },
        uniqueLink: link?.id ? { id: link.id, name: link.name! } : null,
      };

      const row: Omit<TicketRow, 'ticketNumber' | 'createdAt' | 'changeXid'> = {
        id: ticketId,
        tenantId,
        branchId,
        ticketType: body.ticketType,
        status: 'UnVerified',
        checkoutTemplate: template,
        lang: body.lang,
        paymentMethodType: payment,
        currency,
        total: cart.total,
        serviceAreaId: details.serviceArea?.id ?? null,
        deliveryZoneId: details.deliveryZoneId,
        discountId: discount.discountId,
        ticketDetails: details,
        cartData: cart,
        cancellationReason: null,
        idempotencyKey: idempotencyKey ?? null,
        requestHash: idempotencyKey ? hash : null,
        updatedAt: new Date(),
        closedAt: null,
        escalatedAt: null,
      };
      let numbered: { ticketNumber: number; createdAt: Date };
      try {
        numbered = await discount.place((q) => repo.insertNumbered(q, row));
      } catch (err) {
        // Two requests with one key raced: the loser answers the winner's ticket (whose
        // payment, under the same key, is this one). It may have lost on the key, or on what
        // the winner took first (the code's last use): either way the customer's order is
        // stored, so it is answered, and its money is not given back.
        if (idempotencyKey) {
          const first = await repo
            .byIdempotencyKey(db, tenantId, idempotencyKey)
            .catch(() => undefined);
          if (first) return { ticket: await firstTicket(tenantId, first, hash), replayed: true };
        }
        // No ticket, so no charge: give the money back (kept to ask again without an answer).
        if (paid)
          await deps.unstoredRefunds?.giveBack({
            tenantId,
            paymentId: paid.paymentId,
            amountMinor,
            key: `intake:${ticketId}:refund`,
          });
        throw err;
      }
      const ticket = toTicket(
        { ...row, ...numbered, updatedAt: numbered.createdAt },
        ctx.tenantName,
        branch.name,
        [],
      );
      deps.onPlaced?.(ticket);
      return { ticket, replayed: false };
    },

    /**
     * A cart priced as `intake` would price it now, with the code's discount (or why it would
     * be refused, and then the automatic one); nothing stored, no discount use counted.
     */
    async quote(tenantId: string, branchId: string, body: QuoteBody): Promise<PublicQuote> {
      const template = body.checkoutTemplate;
      const delivery = template === 'DELIVERY';
      const ctx = await ordering.context({
        tenantId,
        branchId,
        template,
        now: clock(),
        deliveryZoneId: delivery ? body.deliveryZoneId : null,
      });
      if (!ctx) throw new NotFound('Branch');
      if (!ctx.branch.checkoutTemplates.includes(template))
        throw new ValidationFailed('checkoutTemplate', ['checkout_template_disabled']);
      const zone = ctx.zone?.id ? ctx.zone : null;
      const errors: FieldError[] = [];
      if (delivery && body.deliveryZoneId && !zone)
        errors.push({ field: 'deliveryZoneId', codes: ['delivery_zone_not_found'] });
      const preview = await deps.discounts.preview({
        tenantId,
        template,
        code: body.discountCode,
        cart: await pricedCart({
          tenantId,
          branchId,
          template,
          at: branchLocalTime(clock(), ctx.branch.timeZone),
          cartItems: body.cartItems,
          ctx,
          zone,
          adjust: true,
          errors,
        }),
      });
      const applied = preview.applied;
      return {
        cartData: toCartData(preview.cart),
        discount: applied && {
          localizedName: applied.name,
          discountCode: applied.code,
          discountApplication: applied.application,
          discountType: applied.type,
          appliedDiscountValue: Number(applied.amount),
        },
        discountCodeRefusal: preview.refusal,
      };
    },
  };
}
