import {
  PaymentDeclined,
  PaymentProviderUnavailable,
  PaymentRefused,
  type Authorization,
  type PaymentProvider,
} from './payment-provider.ts';
import { providerFetch } from '../provider-fetch.ts';

export type CardGatewayConfig = {
  /** The gateway's API root, e.g. https://api.gateway.example or the emulator's URL. */
  baseUrl: string;
  secretKey: string;
  timeoutMs?: number;
};

type GatewayError = { error?: { code?: string; message?: string } };

/** The card gateway's HTTP API (v1) behind the PaymentProvider interface. */
export function createCardGatewayClient(config: CardGatewayConfig): PaymentProvider {
  const send = providerFetch(
    config,
    'card gateway',
    (message) => new PaymentProviderUnavailable(message),
  );

  async function call<T>(path: string, body: unknown, idempotencyKey?: string): Promise<T> {
    const res = await send(path, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as T & GatewayError;
    if (res.ok) return json;
    if (res.status === 402) throw new PaymentDeclined(json.error?.code ?? 'declined');
    // A refusal says nothing was done; a failure on the gateway's side (5xx) or a request
    // turned away for now (408, 429, a replay while its first is in progress) says nothing sure.
    const code = json.error?.code;
    const unsure =
      res.status >= 500 ||
      res.status === 408 ||
      res.status === 429 ||
      code === 'idempotency_in_progress';
    if (!unsure) throw new PaymentRefused(code ?? String(res.status));
    throw new PaymentProviderUnavailable(
      `card gateway answered ${res.status} ${json.error?.code ?? ''} on ${path}`,
    );
  }

  return {
    async authorize(input): Promise<Authorization> {
      const payment = await call<{
        id: string;
        reference?: string;
        card: { scheme: string; last4: string };
      }>(
        '/v1/payments',
        {
          amount: input.amountMinor,
          currency: input.currency,
          source: input.token,
          reference: input.reference,
          capture: false,
        },
        input.idempotencyKey,
      );
      return {
        paymentId: payment.id,
        reference: payment.reference ?? input.reference,
        scheme: payment.card.scheme,
        last4: payment.card.last4,
      };
    },

    async capture(paymentId, amountMinor, idempotencyKey) {
      await call(
        `/v1/payments/${encodeURIComponent(paymentId)}/capture`,
        { amount: amountMinor },
        idempotencyKey,
      );
    },

    async refund(paymentId, amountMinor, idempotencyKey) {
      const refund = await call<{ id: string }>(
        `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
        { amount: amountMinor, reference: idempotencyKey },
        idempotencyKey,
      );
      return { refundId: refund.id };
    },

    async findRefund(paymentId, idempotencyKey) {
      const res = await send(`/v1/payments/${encodeURIComponent(paymentId)}`, {
        headers: { authorization: `Bearer ${config.secretKey}` },
      });
      // A payment the gateway does not know has no refund.
      if (res.status === 404) return null;
      if (!res.ok)
        throw new PaymentProviderUnavailable(`card gateway answered ${res.status} on a payment`);
      const payment = (await res.json()) as { refunds?: { id: string; reference?: string }[] };
      const found = payment.refunds?.find((r) => r.reference === idempotencyKey);
      return found ? { refundId: found.id } : null;
    },

    async void(paymentId, idempotencyKey) {
      await call(`/v1/payments/${encodeURIComponent(paymentId)}/void`, {}, idempotencyKey);
    },
  };
}
