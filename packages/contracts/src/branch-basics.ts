import { z } from 'zod';
import { BranchParams, CheckoutTemplate, LocalizedText, TenantParams, Uuid } from './common.ts';
import { routesOf, TENANT_PATH } from './http.ts';

// The parts of a branch's settings that orders, tickets and the profile read too; apart from
// outlet-settings/ so that reading them does not bring its phone validation (libphonenumber).

/** Outlet status of one branch (operations-platform §2.7, §4.4, §7.3). */
export const BranchOperatingStatus = z.object({
  closed: z.boolean(),
  acceptingOrders: z.boolean(),
  busy: z.boolean(),
});
export type BranchOperatingStatus = z.infer<typeof BranchOperatingStatus>;

export const BranchStatus = z.object({
  branchId: Uuid,
  branchName: LocalizedText,
  branchOperatingStatus: BranchOperatingStatus,
});
export type BranchStatus = z.infer<typeof BranchStatus>;

const route = routesOf('outlet-settings');

/**
 * The outlet status calls (operations-platform §2.7, §7.3), part of outletSettingsRoutes; here
 * so that the admin shell, which shows every branch's status, goes without the phone validation.
 */
export const outletStatusRoutes = {
  statuses: route({
    method: 'GET',
    path: `${TENANT_PATH}/status`,
    // Every tenant user sees it: the top bar's status text and the admin banner.
    access: { permission: 'LiveTickets' },
    summary: 'Operating status of every branch (closed, accepting orders, busy)',
    params: TenantParams,
    results: z.array(BranchStatus),
  }),
  setStatus: route({
    method: 'PUT',
    path: `${TENANT_PATH}/status/:branchId`,
    access: { permission: 'OperatingStatus' },
    summary: "Set a branch's status; the order intake obeys it from the next order",
    params: BranchParams,
    body: BranchOperatingStatus,
    results: BranchStatus,
  }),
};

// ---------------------------------------------------------------------------------------------
// Payment methods (§3 Payment method types, §4.4, §5.3, §8, §9)

export const PaymentMethodType = z.enum([
  'CASH',
  'CREDIT_CARD_OFFLINE',
  'CREDIT_CARD_ONLINE',
  'APPLE_PAY',
  'GOOGLE_PAY',
  'ROOM_CHARGE',
  'PAY_LATER',
]);
export type PaymentMethodType = z.infer<typeof PaymentMethodType>;

/** Paid through the payment provider with a token the customer's device got from it. */
export const ONLINE_PAYMENT_METHODS: readonly PaymentMethodType[] = [
  'CREDIT_CARD_ONLINE',
  'APPLE_PAY',
  'GOOGLE_PAY',
];
export const isOnlinePayment = (method: PaymentMethodType): boolean =>
  ONLINE_PAYMENT_METHODS.includes(method);

/** The templates whose payment methods a branch sets (the path's {checkoutTemplate}). */
export const PaymentTemplate = CheckoutTemplate.exclude(['MENU']);
export type PaymentTemplate = z.infer<typeof PaymentTemplate>;

/**
 * What each template can offer: pay later is a table's open tab, so dine-in only; room charge
 * is dine-in too, and only for room-service tenants (§9).
 */
export const PAYMENT_METHODS_OFFERED: Record<PaymentTemplate, readonly PaymentMethodType[]> = {
  DELIVERY: ['CASH', 'CREDIT_CARD_OFFLINE', 'CREDIT_CARD_ONLINE', 'APPLE_PAY', 'GOOGLE_PAY'],
  PICKUP: ['CASH', 'CREDIT_CARD_OFFLINE', 'CREDIT_CARD_ONLINE', 'APPLE_PAY', 'GOOGLE_PAY'],
  DINING: [
    'CASH',
    'CREDIT_CARD_OFFLINE',
    'CREDIT_CARD_ONLINE',
    'APPLE_PAY',
    'GOOGLE_PAY',
    'PAY_LATER',
    'ROOM_CHARGE',
  ],
};

/** What a branch takes before its owner sets anything: what the intake took from the start. */
export const DEFAULT_ACTIVE_PAYMENT_METHODS: Record<PaymentTemplate, readonly PaymentMethodType[]> =
  {
    DELIVERY: ['CASH', 'CREDIT_CARD_OFFLINE'],
    PICKUP: ['CASH', 'CREDIT_CARD_OFFLINE'],
    DINING: ['CASH', 'CREDIT_CARD_OFFLINE', 'PAY_LATER'],
  };

/** §9: the online card charges shown for JOD: 1.5 % plus JOD 0.1, plus a 1 % service fee. */
export const JOD_ONLINE_CARD_CHARGES = { percent: 1.5, fixed: '0.100', serviceFeePercent: 1 };

export const PaymentMethodSetting = z.object({
  paymentMethodType: PaymentMethodType,
  active: z.boolean(),
  /** Set by the server: an online method is approved when the payment provider is set up. */
  approved: z.boolean().default(false),
});
export type PaymentMethodSetting = z.infer<typeof PaymentMethodSetting>;

/** The payment methods of one template of a branch (serviceAreaId null: the branch's own). */
export const BranchPaymentMethods = z.object({
  checkoutTemplate: PaymentTemplate,
  serviceAreaId: Uuid.nullable(),
  paymentMethods: z.array(PaymentMethodSetting),
});
export type BranchPaymentMethods = z.infer<typeof BranchPaymentMethods>;

export const PaymentMethodsBody = z.object({
  /** A table's own dine-in methods (§4.4 per-table payment mode); null or absent: the branch's. */
  serviceAreaId: Uuid.nullable().optional(),
  paymentMethods: z.array(PaymentMethodSetting).min(1).max(PaymentMethodType.options.length),
});
export type PaymentMethodsBody = z.infer<typeof PaymentMethodsBody>;

export const PaymentMethodsQuery = z.object({ serviceAreaId: Uuid.optional() });
export type PaymentMethodsQuery = z.infer<typeof PaymentMethodsQuery>;

/** §4.4: a table's mode, read from its methods: an open tab, order & pay online, or unset. */
export type ServiceAreaPaymentMode = 'PAY_LATER' | 'ONLINE' | null;
export function serviceAreaPaymentMode(
  methods: readonly { paymentMethodType: PaymentMethodType; active: boolean }[],
): ServiceAreaPaymentMode {
  const active = (t: PaymentMethodType) =>
    methods.some((m) => m.paymentMethodType === t && m.active);
  if (active('PAY_LATER')) return 'PAY_LATER';
  if (active('CREDIT_CARD_ONLINE')) return 'ONLINE';
  return null;
}

/**
 * §4.4: the switches that set a table's mode. 'Order & Pay' turns the online methods on and
 * pay later off (and the card machine, which cannot go with online card, §5.3); 'Open a Tab'
 * the reverse.
 */
export function serviceAreaPaymentModeSwitches(
  mode: Exclude<ServiceAreaPaymentMode, null>,
): { paymentMethodType: PaymentMethodType; active: boolean; approved: boolean }[] {
  const online = mode === 'ONLINE';
  return [
    ...ONLINE_PAYMENT_METHODS.map((t) => ({
      paymentMethodType: t,
      active: online,
      approved: false,
    })),
    { paymentMethodType: 'PAY_LATER', active: !online, approved: false },
    ...(online
      ? [{ paymentMethodType: 'CREDIT_CARD_OFFLINE' as const, active: false, approved: false }]
      : []),
  ];
}

/**
 * The rules a template's payment methods follow once a change is applied (§5.3, §8, §9).
 * Returns field errors in the server's shape; [] when the set is acceptable.
 */
export function paymentMethodErrors(
  methods: readonly { paymentMethodType: PaymentMethodType; active: boolean }[],
): { field: string; codes: string[] }[] {
  const active = new Set(methods.filter((m) => m.active).map((m) => m.paymentMethodType));
  if (active.size === 0)
    return [{ field: 'paymentMethods', codes: ['atleast_one_paymentmethod_required'] }];
  if (active.has('CREDIT_CARD_OFFLINE') && active.has('CREDIT_CARD_ONLINE'))
    return [{ field: 'paymentMethods', codes: ['paymentmethod_card_offline_online_conflict'] }];
  return [];
}
