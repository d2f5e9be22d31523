import { z } from 'zod';
import { CheckoutTemplate, Currency, Language, LocalizedText, Text, Uuid } from '../common.ts';
import { InternationalPhone } from '../phone.ts';
import { BranchOperatingStatus } from '../branch-basics.ts';

/** Outlet settings: Branch profile (§2.7, §3 Branch profile, §5.3). */
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

const boundedName = (max: number) =>
  LocalizedText.extend({
    fieldValue: Text.trim().min(1).max(max),
    en: Text.trim().max(max).optional(),
    ar: Text.trim().max(max).optional(),
    es: Text.trim().max(max).optional(),
  });

/** §5.3: a branch name is at most 50 characters in every language. */
export const BranchName = boundedName(LIMITS_BRANCH.branchNameMax);
/** §5.3: the business (tenant) name, at most 25 characters in en, ar and es. */
export const BusinessName = boundedName(LIMITS_BRANCH.businessNameMax);

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
