import { z } from 'zod';
import { LocalizedText, Text, Uuid } from '../common.ts';
import { DeliveryType, LIMITS_BRANCH } from './branch-profile.ts';

/** Outlet settings: Delivery zones and fees (§2.8, §3 BranchDeliveryZone, §4.4, §5.5). */
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
