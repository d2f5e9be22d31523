import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenantRow } from '../../db/tenant-keys.ts';
import { inScope, inTenant } from '../../db/tenant-scope.ts';
import type { PaymentProvider } from '../../integrations/card-gateway/payment-provider.ts';
import { refundOnline } from './online-payment.ts';
import { unstoredPaymentRefunds as pending } from './tickets.table.ts';

export type UnstoredRefunds = ReturnType<typeof createUnstoredRefunds>;

/**
 * Money taken for an order or a table's bill that was then not stored goes back at once, under
 * a key of its own. When the gateway does not answer, the refund may or may not have been made:
 * it is kept (unstored_payment_refunds) and the refund reconciler asks again under the same key
 * until the gateway says, so the customer's money is neither kept nor given back twice.
 */
export function createUnstoredRefunds(deps: {
  db: Db;
  payments: PaymentProvider | null;
  /** Told of a refund the gateway refused: money kept with nothing stored, for a person. */
  onRefused?: (refund: { paymentId: string; amountMinor: number; code: string }) => void;
}) {
  const { db, payments } = deps;
  return {
    async giveBack(input: {
      tenantId: string;
      paymentId: string;
      amountMinor: number;
      key: string;
    }): Promise<void> {
      if (!payments) return;
      const outcome = await refundOnline(payments, { ...input, settle: false });
      if (outcome.state === 'REFUSED') deps.onRefused?.({ ...input, code: outcome.code });
      if (outcome.state !== 'UNKNOWN') return;
      // Best effort: the database may be what failed the order in the first place.
      await db
        .insert(pending)
        .values({
          tenantId: input.tenantId,
          paymentId: input.paymentId,
          amountMinor: input.amountMinor,
          idempotencyKey: input.key,
        })
        .onConflictDoNothing()
        .catch(() => undefined);
    },

    /** The reconciler's round: each kept refund asked again. Answers how many are still kept. */
    async settlePending(): Promise<number> {
      if (!payments) return 0;
      const everyTenant = <T>(work: () => Promise<T>) =>
        inScope({ tenantIds: [], crossTenantRead: true }, work);
      const rows = await everyTenant(() => db.select().from(pending).limit(500));
      for (const r of rows) {
        const outcome = await refundOnline(payments, {
          paymentId: r.paymentId,
          amountMinor: r.amountMinor,
          key: r.idempotencyKey,
          settle: true,
        });
        if (outcome.state === 'UNKNOWN') continue;
        if (outcome.state === 'REFUSED') deps.onRefused?.({ ...r, code: outcome.code });
        await inTenant(r.tenantId, () =>
          db.delete(pending).where(tenantRow(pending, r.tenantId, r.id)),
        );
      }
      const [left] = await everyTenant(() => db.select({ n: count() }).from(pending));
      return left?.n ?? 0;
    },
  };
}
