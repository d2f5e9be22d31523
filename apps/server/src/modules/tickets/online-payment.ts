import { createHash } from 'node:crypto';
import { Conflict, ServiceUnavailable, ValidationFailed } from '../../errors.ts';
import {
  PaymentDeclined,
  PaymentRefused,
  type Authorization,
  type PaymentProvider,
} from '../../integrations/card-gateway/payment-provider.ts';

/** What an Idempotency-Key is bound to: a replay must send this same request again. */
export const requestFingerprint = (request: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/** A replay under a key whose first request was another one is refused (`what`: the kind). */
export function assertSameRequest(first: string | null, replay: string, what: string): void {
  if (first !== replay)
    throw new Conflict(
      'idempotency_key_reused',
      `This Idempotency-Key was used for a different ${what}`,
    );
}

/**
 * Authorises and captures an online payment under `key`; a decline is the customer's 422, anything
 * else a 503 with nothing left charged (an authorisation is voided).
 */
export async function chargeOnline(
  gateway: PaymentProvider,
  input: { amountMinor: number; currency: string; token: string; reference: string; key: string },
): Promise<Authorization> {
  let auth: Authorization | null = null;
  try {
    auth = await gateway.authorize({
      amountMinor: input.amountMinor,
      currency: input.currency,
      token: input.token,
      reference: input.reference,
      idempotencyKey: `${input.key}:authorize`,
    });
    await gateway.capture(auth.paymentId, input.amountMinor, `${input.key}:capture`);
    return auth;
  } catch (error) {
    if (error instanceof PaymentDeclined)
      throw new ValidationFailed([
        { field: 'paymentToken', codes: ['payment_declined'], params: { reason: error.reason } },
      ]);
    if (auth) await gateway.void(auth.paymentId, `${input.key}:void`).catch(() => undefined);
    throw new ServiceUnavailable(
      'payment_provider_unavailable',
      'The payment could not be taken; nothing was charged. Try again.',
    );
  }
}

/** What became of a refund: made, refused (nothing refunded), or not known (no answer). */
export type RefundOutcome =
  | { state: 'SUCCEEDED'; refundId: string }
  | { state: 'REFUSED'; code: string }
  | { state: 'UNKNOWN' };

/**
 * Refunds `amountMinor` of a payment under `key`, the same key on every try, so that the
 * gateway makes it once however often it is asked. `settle` (a retry, the reconciler) first
 * asks the gateway whether a refund under that key exists: one whose answer was lost is found.
 */
export async function refundOnline(
  gateway: PaymentProvider,
  input: { paymentId: string; amountMinor: number; key: string; settle: boolean },
): Promise<RefundOutcome> {
  try {
    if (input.settle) {
      const found = await gateway.findRefund(input.paymentId, input.key);
      if (found) return { state: 'SUCCEEDED', refundId: found.refundId };
    }
    const made = await gateway.refund(input.paymentId, input.amountMinor, input.key);
    return { state: 'SUCCEEDED', refundId: made.refundId };
  } catch (error) {
    if (error instanceof PaymentRefused) return { state: 'REFUSED', code: error.code };
    return { state: 'UNKNOWN' };
  }
}
