import {
  DEFAULT_ACTIVE_PAYMENT_METHODS,
  PAYMENT_METHODS_OFFERED,
  isOnlinePayment,
  type PaymentMethodSetting,
  type PaymentMethodType,
  type PaymentTemplate,
} from '../branch-basics.ts';

export type StoredPaymentMethod = { paymentMethodType: PaymentMethodType; active: boolean };

export type PaymentContext = {
  /** Room-service tenants may offer room charge. */
  roomService: boolean;
  /** Online methods are approved when the payment provider is set up. */
  onlineApproved: boolean;
};

/** Methods a template can offer for this tenant. */
export const offeredMethods = (template: PaymentTemplate, ctx: PaymentContext) =>
  PAYMENT_METHODS_OFFERED[template].filter((m) => m !== 'ROOM_CHARGE' || ctx.roomService);

/** Every method the template offers, active as stored or else by default, with its approval. */
export function effectivePaymentMethods(
  template: PaymentTemplate,
  stored: readonly StoredPaymentMethod[],
  ctx: PaymentContext,
): PaymentMethodSetting[] {
  return offeredMethods(template, ctx).map((type) => {
    const row = stored.find((r) => r.paymentMethodType === type);
    return {
      paymentMethodType: type,
      active: row ? row.active : DEFAULT_ACTIVE_PAYMENT_METHODS[template].includes(type),
      approved: isOnlinePayment(type) ? ctx.onlineApproved : true,
    };
  });
}

/** What the intake accepts for a template: active and approved. */
export const acceptedPaymentMethods = (
  template: PaymentTemplate,
  stored: readonly StoredPaymentMethod[],
  ctx: PaymentContext,
): PaymentMethodType[] =>
  effectivePaymentMethods(template, stored, ctx)
    .filter((m) => m.active && m.approved)
    .map((m) => m.paymentMethodType);

/** A table's stored methods: its own rows, and the branch's for the methods it has none of. */
export const serviceAreaStored = (
  own: readonly StoredPaymentMethod[],
  branch: readonly StoredPaymentMethod[],
): StoredPaymentMethod[] => [
  ...own,
  ...branch.filter((b) => !own.some((o) => o.paymentMethodType === b.paymentMethodType)),
];
