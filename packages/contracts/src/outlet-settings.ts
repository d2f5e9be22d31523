import { z } from 'zod';
import {
  BranchParams,
  CheckoutTemplate,
  Currency,
  Language,
  LocalizedText,
  slotHolds,
  TenantParams,
  Text,
  Uuid,
} from './common.ts';
import { SaveWarning } from './contrast.ts';
import { BRANCH_SETTINGS_PATH, routesOf, TENANT_PATH } from './http.ts';
import { InternationalPhone } from './phone.ts';
import {
  BranchOperatingStatus,
  BranchPaymentMethods,
  outletStatusRoutes,
  PaymentMethodsBody,
  PaymentMethodsQuery,
  PaymentTemplate,
} from './branch-basics.ts';

/** operations-platform §5.3, §5.5 and §9. */
export const LIMITS_BRANCH = {
  branchNameMax: 50,
  businessNameMax: 25,
  websiteHostMin: 3,
  websiteHostMax: 20,
  deliveryFeeMin: 0,
  deliveryFeeMax: 100_000,
  slotsPerDayMax: 12,
  /** §2.7: the Dine-In tab label clicked this many times within the window opens service areas. */
  dineInShortcutClicks: 4,
  dineInShortcutWindowMs: 8_000,
} as const;

/**
 * Outlet status (operations-platform §2.7, §4.4, §7.3): per branch, closed and accepting
 * orders are separate switches; busy is a third value. The order intake reads them on every
 * order, so a change applies to the very next one.
 */
export const OutletStatusBody = BranchOperatingStatus;
export type OutletStatusBody = z.infer<typeof OutletStatusBody>;

// ---------------------------------------------------------------------------------------------
// Branch profile (§2.7, §3 Branch profile, §5.3)

const boundedName = (max: number) =>
  LocalizedText.extend({
    fieldValue: Text.trim().min(1).max(max),
    en: Text.trim().max(max).optional(),
    ar: Text.trim().max(max).optional(),
    es: Text.trim().max(max).optional(),
  });

/** §5.3: a branch name is at most 50 characters in every language. */
export const BranchName = boundedName(LIMITS_BRANCH.branchNameMax);

export const BranchProfileBody = z.object({
  branchId: Uuid,
  branchName: BranchName,
  phoneNumber: InternationalPhone,
});
export type BranchProfileBody = z.infer<typeof BranchProfileBody>;

export const DeliveryType = z.enum(['ZONE_BASED_FIXED_FEES', 'THIRDPARTY_TALABAT_EXPRESS']);
export type DeliveryType = z.infer<typeof DeliveryType>;

/** The templates a branch can switch on or off; MENU is the browse-only QR menu. */
export const BranchCheckoutTemplate = CheckoutTemplate;

/** One card of the branches list (settings/profile). */
export const BranchCard = z.object({
  branchId: Uuid,
  branchName: LocalizedText,
  phoneNumber: z.string().nullable(),
  timeZone: z.string(),
  checkoutTemplates: z.array(CheckoutTemplate),
  branchOperatingStatus: BranchOperatingStatus,
});
export type BranchCard = z.infer<typeof BranchCard>;

export const ThemeSettings = z.object({ primaryHex: z.string() });

/** §3 Branch profile, as the branch profile screen reads it. */
export const BranchProfile = BranchCard.extend({
  customDomain: z.string().nullable(),
  websiteHost: z.string().nullable(),
  logoUrl: z.string().nullable(),
  bannerImageUrl: z.string().nullable(),
  defaultCurrency: Currency,
  acceptedLanguages: z.array(Language),
  defaultStorefrontLanguage: Language,
  theme: ThemeSettings,
  deliveryType: DeliveryType,
  /** The public ordering links of delivery and pickup; none when the branch has a custom domain. */
  orderingLinks: z.object({ DELIVERY: z.string().optional(), PICKUP: z.string().optional() }),
});
export type BranchProfile = z.infer<typeof BranchProfile>;

export const CheckoutTemplateBody = z.object({
  checkoutTemplate: CheckoutTemplate,
  enabled: z.boolean(),
});
export type CheckoutTemplateBody = z.infer<typeof CheckoutTemplateBody>;

export const BranchCheckoutTemplates = z.object({
  branchId: Uuid,
  checkoutTemplates: z.array(CheckoutTemplate),
});
export type BranchCheckoutTemplates = z.infer<typeof BranchCheckoutTemplates>;

// ---------------------------------------------------------------------------------------------
// Opening hours (§3 Store hours, §4.4, §5.4, §9)

/** §5.4 and §9: minutes in steps of five, plus 59 (so a day can close at 23:59). */
export const HOUR_MINUTES: readonly number[] = [...Array.from({ length: 12 }, (_, i) => i * 5), 59];
export const ALL_DAY_HOURS = { openHour: 10, openMinute: 0, closeHour: 23, closeMinute: 59 };
/** What a day nobody has set is: open around the clock (as before hours existed). */
export const OPEN_AROUND_THE_CLOCK = { openHour: 0, openMinute: 0, closeHour: 23, closeMinute: 59 };

const Hour = z.number().int().min(0).max(23);
const Minute = z
  .number()
  .int()
  .refine((m) => HOUR_MINUTES.includes(m), { message: 'operating_hour_minute_invalid' });

export const StoreHoursSlot = z.object({
  openHour: Hour,
  openMinute: Minute,
  closeHour: Hour,
  closeMinute: Minute,
});
export type StoreHoursSlot = z.infer<typeof StoreHoursSlot>;

/** One day of one template's week: a day is open when it has at least one slot. */
export const StoreHoursDay = z.object({
  day: z.number().int().min(0).max(6),
  checkoutTemplate: CheckoutTemplate,
  dayClosed: z.boolean(),
  hours: z.array(StoreHoursSlot).max(LIMITS_BRANCH.slotsPerDayMax),
});
export type StoreHoursDay = z.infer<typeof StoreHoursDay>;

export const slotStart = (s: StoreHoursSlot) => s.openHour * 60 + s.openMinute;
export const slotEnd = (s: StoreHoursSlot) => s.closeHour * 60 + s.closeMinute;

/**
 * The slot problems of one day, with paths relative to the day (`hours.1.closeHour`): §5.4's
 * three messages, as the spec's server codes.
 */
export function daySlotIssues(hours: readonly StoreHoursSlot[]): { path: string; code: string }[] {
  const issues: { path: string; code: string }[] = [];
  hours.forEach((slot, i) => {
    if (slotStart(slot) >= slotEnd(slot))
      issues.push({ path: `hours.${i}.closeHour`, code: 'operating_hour_range_invalid' });
  });
  hours.forEach((b, j) => {
    if (slotStart(b) >= slotEnd(b)) return;
    for (let i = 0; i < j; i++) {
      const a = hours[i]!;
      if (slotStart(a) >= slotEnd(a)) continue;
      if (slotStart(a) === slotStart(b)) {
        issues.push({
          path: `hours.${j}.openHour`,
          code: 'operating_hour_duplicate_opening_hours',
        });
        return;
      }
      if (slotStart(a) < slotEnd(b) && slotStart(b) < slotEnd(a)) {
        issues.push({ path: `hours.${j}.openHour`, code: 'operating_hour_intersection' });
        return;
      }
    }
  });
  return issues;
}

/** PUT operatinghours: one or more day records; each replaces that day of its template. */
export const OperatingHoursBody = z
  .array(StoreHoursDay)
  .min(1)
  .max(CheckoutTemplate.options.length * 7)
  .superRefine((days, ctx) => {
    days.forEach((d, i) => {
      if (days.findIndex((x) => x.day === d.day && x.checkoutTemplate === d.checkoutTemplate) < i)
        ctx.addIssue({ code: 'custom', path: [i, 'day'], message: 'operating_hour_day_repeated' });
      if (d.dayClosed) return;
      for (const issue of daySlotIssues(d.hours))
        ctx.addIssue({
          code: 'custom',
          path: [i, ...issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))],
          message: issue.code,
        });
    });
  });
export type OperatingHoursBody = z.infer<typeof OperatingHoursBody>;

export const OperatingHoursQuery = z.object({ checkoutTemplate: CheckoutTemplate.optional() });

/** Whether a template's week holds a moment (weekday 0–6 and minutes since midnight). */
export function hoursOpenAt(
  week: readonly Pick<StoreHoursDay, 'day' | 'dayClosed' | 'hours'>[],
  at: { day: number; minutes: number },
): boolean {
  const today = week.find((d) => d.day === at.day);
  // A day nobody has set is open around the clock.
  if (!today) return true;
  if (today.dayClosed) return false;
  return today.hours.some((s) => slotHolds(slotStart(s), slotEnd(s), at.minutes));
}

// ---------------------------------------------------------------------------------------------
// Branding (§2.7, §3 Tenant profile and Theme, §5.3, §9)

/** §9: the 16 preset brand colours; a custom one is added to the list. */
export const BRAND_COLOURS = [
  '#d32f2f',
  '#c2185b',
  '#7b1fa2',
  '#512da8',
  '#303f9f',
  '#1976d2',
  '#0288d1',
  '#0097a7',
  '#00796b',
  '#388e3c',
  '#689f38',
  '#afb42b',
  '#f9a825',
  '#f57c00',
  '#e64a19',
  '#5d4037',
] as const;
export const DEFAULT_BRAND_COLOUR = '#1976d2';

/** §5.3: '#' and 3 or 6 hex digits ('Please enter a valid hex color code.'). */
export const HexColour = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'hex_color_invalid' })
  .transform((v) => v.toLowerCase());

export const ThemeBody = z.object({ primaryHex: HexColour });
export type ThemeBody = z.infer<typeof ThemeBody>;

/** §5.3: the business (tenant) name, at most 25 characters in en, ar and es. */
export const BusinessName = boundedName(LIMITS_BRANCH.businessNameMax);
export const TenantNameBody = z.object({ localizedName: BusinessName });
export type TenantNameBody = z.infer<typeof TenantNameBody>;

/** §3: view_ShowSection true is dine-in focused (sections shown), false delivery focused. */
export const ViewPropertiesBody = z.object({ view_ShowSection: z.boolean() });
export type ViewPropertiesBody = z.infer<typeof ViewPropertiesBody>;

/** §9: the preferred size of each branding image; the white logo is a transparent PNG. */
export const BRANDING_IMAGES = {
  banner: { width: 1360, height: 600, png: false },
  landing: { width: 1080, height: 1920, png: false },
  logo: { width: 300, height: 300, png: false },
  logoWhite: { width: 500, height: 500, png: true },
} as const;
export type BrandingImage = keyof typeof BRANDING_IMAGES;

export const Branding = z.object({
  tenantId: Uuid,
  localizedName: LocalizedText,
  defaultCurrency: Currency,
  view_ShowSection: z.boolean(),
  theme: ThemeSettings,
  bannerImageUrl: z.string().nullable(),
  landingImageUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoWhiteUrl: z.string().nullable(),
});
export type Branding = z.infer<typeof Branding>;

/** PUT .../settings/theme answers the branding and, when white text on the colour reads under 4.5:1, a contrast warning. */
export const ThemeSaved = Branding.extend({ warnings: z.array(SaveWarning) });
export type ThemeSaved = z.infer<typeof ThemeSaved>;

export const BrandingImageUpload = z.object({
  url: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Delivery zones and fees (§2.8, §3 BranchDeliveryZone, §4.4, §5.5)

/**
 * §5.5: a number 0 to 100000, written without a leading zero (0 itself, or 0.5, is fine) and
 * with at most three decimals; kept as exact decimal text.
 */
export const DeliveryFee = z
  .union([z.number(), z.string()])
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (!/^(0|[1-9]\d*)(\.\d{1,3})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'delivery_fee_invalid' });
      return z.NEVER;
    }
    const [whole = '0', frac = ''] = text.split('.');
    return `${whole}.${frac.padEnd(3, '0')}`;
  })
  .refine((v) => Number(v) <= LIMITS_BRANCH.deliveryFeeMax, { message: 'max' });

export const BranchDeliveryZone = z.object({
  deliveryZoneId: Uuid,
  deliveryZoneLocalizedTitle: LocalizedText,
  active: z.boolean(),
  deliveryFee: z.number(),
});
export type BranchDeliveryZone = z.infer<typeof BranchDeliveryZone>;

export const DeliveryZoneBody = z.object({
  deliveryZoneId: Uuid,
  active: z.boolean(),
  deliveryFee: DeliveryFee,
  /** Sent by the screen for its messages; the zone's title is not changed here. */
  title: Text.max(200).optional(),
});
export type DeliveryZoneBody = z.infer<typeof DeliveryZoneBody>;

export const DeliveryConfig = z.object({ deliveryType: DeliveryType });
export type DeliveryConfig = z.infer<typeof DeliveryConfig>;

// ---------------------------------------------------------------------------------------------
// The calls (§7.3)

const route = routesOf('outlet-settings');

const settings = { permission: 'StoreSettings' } as const;
const areaPayments = { permission: 'ServiceAreaPaymentMethods' } as const;
const branding = { permission: 'Branding' } as const;

const upload = (path: string, what: string) =>
  route({
    method: 'POST',
    path,
    access: branding,
    summary: `Upload the ${what} (multipart field "file"); stored at once, 201 with its url`,
    params: TenantParams,
    consumes: 'multipart/form-data',
    results: BrandingImageUpload,
    status: 201,
  });

/** operations-platform §2.7, §2.8 and §7.3: outlet status and every branch setting. */
export const outletSettingsRoutes = {
  ...outletStatusRoutes,

  branches: route({
    method: 'GET',
    path: `${TENANT_PATH}/settings/profile`,
    access: settings,
    summary: 'The branches list: one card per branch',
    params: TenantParams,
    results: z.array(BranchCard),
  }),
  profile: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/profile`,
    access: settings,
    summary: "One branch's profile: name, phone, templates, links, delivery type",
    params: BranchParams,
    results: BranchProfile,
  }),
  setProfile: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/profile`,
    access: settings,
    summary: "Set a branch's name (localized, ≤ 50) and phone (international, stored E.164)",
    description: '422 codes: `phone_invalid`, `max`, `required`, `branch_mismatch`.',
    params: BranchParams,
    body: BranchProfileBody,
    results: BranchProfile,
  }),
  setCheckoutTemplate: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/checkoutTemplates`,
    access: settings,
    summary: 'Switch one checkout template of a branch on or off; the intake obeys at once',
    params: BranchParams,
    body: CheckoutTemplateBody,
    results: BranchCheckoutTemplates,
  }),

  paymentMethods: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/paymentmethods/:checkoutTemplate`,
    // Every member reads them: the per-table payment page is theirs (§6); the public menu
    // shows the accepted methods to anyone anyway.
    access: areaPayments,
    summary: 'The payment methods a template of a branch (or one table, DINING) offers',
    description:
      'With `serviceAreaId` (DINING only): that table’s methods, its own where set, else the branch’s.',
    params: BranchParams.extend({ checkoutTemplate: PaymentTemplate }),
    query: PaymentMethodsQuery,
    results: BranchPaymentMethods,
  }),
  setPaymentMethods: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/paymentmethods/:checkoutTemplate`,
    // Per-table mode is every member's (§6); the branch's own methods stay the owner's
    // (StoreSettings, checked by the service: 403 without it).
    access: areaPayments,
    summary: "Switch a template's (or one table's) payment methods; the intake obeys them",
    description:
      'With `serviceAreaId` (DINING only): that table’s own methods, over the branch’s. 422 codes (field `paymentMethods`): `atleast_one_paymentmethod_required`, `paymentmethod_card_offline_online_conflict` (card machine and online card together); `payment_method_not_available` on a method the template does not offer (room charge outside room-service tenants, pay later outside dine-in); (field `serviceAreaId`) `service_area_dining_only` outside DINING. 404 when the table is not the branch’s.',
    params: BranchParams.extend({ checkoutTemplate: PaymentTemplate }),
    body: PaymentMethodsBody,
    results: BranchPaymentMethods,
  }),

  operatingHours: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/operatinghours`,
    access: settings,
    summary: 'Opening hours, day by day (0 is Sunday), of one template or of all',
    description: 'A day nobody has set is open around the clock (00:00–23:59).',
    params: BranchParams,
    query: OperatingHoursQuery,
    results: z.array(StoreHoursDay),
  }),
  setOperatingHours: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/operatinghours`,
    access: settings,
    summary: "Replace days of templates' opening hours; answers those templates' whole weeks",
    description:
      'Times are the branch’s local time (its IANA zone). 422 codes (fields `N.hours.M.openHour` / `closeHour`): `operating_hour_range_invalid`, `operating_hour_duplicate_opening_hours`, `operating_hour_intersection`, `operating_hour_minute_invalid`.',
    params: BranchParams,
    body: OperatingHoursBody,
    results: z.array(StoreHoursDay),
  }),

  deliveryZones: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/deliveryZones`,
    access: settings,
    summary: "The tenant's delivery zones with this branch's switch and fee",
    params: BranchParams,
    results: z.array(BranchDeliveryZone),
  }),
  deliveryConfig: route({
    method: 'GET',
    path: `${BRANCH_SETTINGS_PATH}/deliveryConfig`,
    access: settings,
    summary: 'How the branch delivers (zone-based fixed fees or a third party)',
    params: BranchParams,
    results: DeliveryConfig,
  }),
  setDeliveryZone: route({
    method: 'PUT',
    path: `${BRANCH_SETTINGS_PATH}/deliveryZones/:deliveryZoneId`,
    access: settings,
    summary: 'Switch a zone on or off for the branch and set its fee (0–100000)',
    description: '422 codes: `delivery_fee_invalid`, `max`, `zone_mismatch`.',
    params: BranchParams.extend({ deliveryZoneId: Uuid }),
    body: DeliveryZoneBody,
    results: BranchDeliveryZone,
  }),

  branding: route({
    method: 'GET',
    path: `${TENANT_PATH}/settings/branding`,
    access: branding,
    summary: 'Branding: business name, brand colour, store view and images',
    params: TenantParams,
    results: Branding,
  }),
  setTheme: route({
    method: 'PUT',
    path: `${TENANT_PATH}/settings/theme`,
    access: branding,
    summary: 'Set the brand colour (#rgb or #rrggbb)',
    description:
      "Saved whatever its contrast; `warnings` holds a 'contrast' warning when white text on it is under 4.5:1 (WCAG AA), with the readable text colour and a darker shade that passes.",
    params: TenantParams,
    body: ThemeBody,
    results: ThemeSaved,
  }),
  setName: route({
    method: 'PUT',
    path: `${TENANT_PATH}/settings/name`,
    access: branding,
    summary: 'Set the business name (en, ar, es; ≤ 25)',
    params: TenantParams,
    body: TenantNameBody,
    results: Branding,
  }),
  setViewProperties: route({
    method: 'PUT',
    path: `${TENANT_PATH}/settings/viewproperties`,
    access: branding,
    summary: 'Dine-in focused (sections shown) or delivery focused',
    description:
      '422 `view_multiple_sections` (field `view_ShowSection`): delivery focused needs at most one main section.',
    params: TenantParams,
    body: ViewPropertiesBody,
    results: Branding,
  }),
  uploadBanner: upload(`${TENANT_PATH}/settings/images/banner`, 'banner image (1360×600)'),
  uploadLanding: upload(`${TENANT_PATH}/settings/images/landing`, 'landing image (1080×1920)'),
  uploadLogo: upload(`${TENANT_PATH}/ImagesHandler/logo`, 'delivery-focused logo (300×300)'),
  uploadLogoWhite: upload(
    `${TENANT_PATH}/ImagesHandler/logowhite`,
    'dine-in white logo (500×500 transparent PNG)',
  ),
};
