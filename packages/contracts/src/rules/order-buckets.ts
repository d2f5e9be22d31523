import type { OnlinePaymentStatus, TicketStatus } from '../tickets.ts';

/**
 * THE definition of what an owner's figures count, read by the dashboard, the orders report's
 * totals and its Excel export alike:
 * - sales: orders accepted and not cancelled (InProgress, Completed);
 * - awaiting: placed and not accepted yet (UnVerified, New), not sales until accepted;
 * - cancelled: cancelled or rejected, never sales; of them, `refunded` were paid online and the
 *   money went back (REFUNDED).
 * Call-staff tickets never count (the report lists cart tickets only).
 */
export const ORDER_BUCKET_STATUSES = {
  sales: ['InProgress', 'Completed'],
  awaiting: ['UnVerified', 'New'],
  cancelled: ['Cancelled'],
} as const satisfies Record<string, readonly [TicketStatus, ...TicketStatus[]]>;

export type OrderBucket = keyof typeof ORDER_BUCKET_STATUSES;
export const ORDER_BUCKETS = Object.keys(ORDER_BUCKET_STATUSES) as OrderBucket[];

/** The bucket a ticket of `status` is counted in. */
export function orderBucketOf(status: TicketStatus): OrderBucket {
  for (const bucket of ORDER_BUCKETS)
    if ((ORDER_BUCKET_STATUSES[bucket] as readonly TicketStatus[]).includes(status)) return bucket;
  throw new Error(`no bucket for ${status}`);
}

/** The payment status of a cancelled order whose money went back: counted as refunded. */
export const REFUNDED_PAYMENT_STATUS = 'REFUNDED' satisfies OnlinePaymentStatus;
