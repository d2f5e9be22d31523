import { z } from 'zod';
import { LocalizedText, Uuid } from './common.ts';
import { BranchOperatingStatus } from './tenants.ts';

/**
 * Outlet status (operations-platform §2.7, §4.4, §7.3): per branch, closed and accepting
 * orders are separate switches; busy is a third value. The order intake reads them on every
 * order, so a change applies to the very next one.
 */
export const OutletStatusBody = BranchOperatingStatus;
export type OutletStatusBody = z.infer<typeof OutletStatusBody>;

export const BranchStatus = z.object({
  branchId: Uuid,
  branchName: LocalizedText,
  branchOperatingStatus: BranchOperatingStatus,
});
export type BranchStatus = z.infer<typeof BranchStatus>;

export const BranchStatusResponse = z.object({ results: BranchStatus });
export const BranchStatusListResponse = z.object({ results: z.array(BranchStatus) });
export type BranchStatusListResponse = z.infer<typeof BranchStatusListResponse>;
