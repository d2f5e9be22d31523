/**
 * What the product needs of an online payment provider (ARCHITECTURE rule 8): authorise an
 * amount against a token the customer's device got from the provider, capture it, refund it,
 * or void an authorisation never captured. Amounts are integers in the currency's minor unit.
 */
export interface PaymentProvider {
  authorize(input: {
    amountMinor: number;
    currency: string;
    token: string;
    /** Our reference (the ticket id), shown in the provider's dashboard. */
    reference: string;
    /** The same key answers the same payment: a retried request never charges twice. */
    idempotencyKey: string;
  }): Promise<Authorization>;
  capture(paymentId: string, amountMinor: number, idempotencyKey: string): Promise<void>;
  /**
   * Refunds under `idempotencyKey`, which is also the refund's reference at the provider. Throws
   * `PaymentRefused` when the provider answered no (nothing was refunded), and
   * `PaymentProviderUnavailable` when no answer came: the refund may or may not have been made.
   */
  refund(
    paymentId: string,
    amountMinor: number,
    idempotencyKey: string,
  ): Promise<{ refundId: string }>;
  /** The refund made under `idempotencyKey`, asked of the provider; null when there is none. */
  findRefund(paymentId: string, idempotencyKey: string): Promise<{ refundId: string } | null>;
  void(paymentId: string, idempotencyKey: string): Promise<void>;
}

export type Authorization = {
  paymentId: string;
  /** The reference the payment was made with: the first request's on an idempotent replay. */
  reference: string;
  /** VISA, MASTERCARD, … */
  scheme: string;
  last4: string;
};

/** The provider refused the payment (card declined, insufficient funds, invalid token). */
export class PaymentDeclined extends Error {
  constructor(readonly reason: string) {
    super(`payment declined: ${reason}`);
    this.name = 'PaymentDeclined';
  }
}

/** The provider answered no to a request other than a payment (nothing was done). */
export class PaymentRefused extends Error {
  constructor(readonly code: string) {
    super(`payment provider refused: ${code}`);
    this.name = 'PaymentRefused';
  }
}

/** The provider could not be reached or failed on its side: nothing can be said of the payment. */
export class PaymentProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderUnavailable';
  }
}
