import { z } from 'zod';
import { CheckoutTemplate, Currency, Language, LocalizedText, Uuid } from './common.ts';

export const BranchOperatingStatus = z.object({
  closed: z.boolean(),
  acceptingOrders: z.boolean(),
  busy: z.boolean(),
});
export type BranchOperatingStatus = z.infer<typeof BranchOperatingStatus>;

export const LIMITS_BRANCH = {
  branchNameMax: 50,
  businessNameMax: 25,
  websiteHostMin: 3,
  websiteHostMax: 20,
} as const;

export const BranchSummary = z.object({
  branchId: Uuid,
  branchName: LocalizedText,
  timeZone: z.string(),
  checkoutTemplates: z.array(CheckoutTemplate),
  branchOperatingStatus: BranchOperatingStatus,
});
export type BranchSummary = z.infer<typeof BranchSummary>;

export const TenantSummary = z.object({
  tenantId: Uuid,
  localizedName: LocalizedText,
  defaultAdminLanguage: Language,
  defaultCurrency: Currency,
  isIntegrated: z.boolean(),
  view_ShowSection: z.boolean(),
  branches: z.array(BranchSummary),
});
export type TenantSummary = z.infer<typeof TenantSummary>;
