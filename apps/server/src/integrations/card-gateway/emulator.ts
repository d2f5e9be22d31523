import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fail, listenEmulator, type EmulatorAddress } from '../emulator-server.ts';

/**
 * A local stand-in for the card gateway that speaks its HTTP API (ARCHITECTURE rule 8), for
 * tests and the demo. State lives in memory. Test cards (any future expiry, any CVC):
 *
 * - 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard): approved
 * - 4000 0000 0000 0002: declined (`card_declined`)
 * - 4000 0000 0000 9995: declined (`insufficient_funds`)
 * - 4000 0000 0000 0119: the gateway fails on authorisation (HTTP 500)
 *
 * Refunds can be made to misbehave (`faults`, or `PUT /_faults` with the secret key), so that
 * tests and the demo reach a refund whose outcome the server does not learn.
 */
export type CardGatewayEmulatorOptions = {
  secretKey: string;
  publishableKey: string;
};

export type EmulatedPayment = {
  id: string;
  status: 'authorized' | 'captured' | 'voided';
  amount: number;
  currency: string;
  reference: string;
  capturedAmount: number;
  refundedAmount: number;
  card: { scheme: string; last4: string };
  /** `reference`: the refund's idempotency key, by which its maker can look it up. */
  refunds: { id: string; amount: number; reference: string | null }[];
};

/**
 * How refunds misbehave: `late` makes each refund but answers only `delayMs` later (after the
 * client gave up); `unreachable` makes none and answers 503 `delayMs` later, reading a payment
 * included (a gateway that cannot be reached). `charges: 'slow'` answers each charge
 * `chargeDelayMs` later (a busy gateway; orders racing for one thing all reach it first).
 */
export type CardGatewayFaults = {
  refunds: 'none' | 'late' | 'unreachable';
  delayMs: number;
  charges: 'none' | 'slow';
  chargeDelayMs: number;
};

type Card = {
  scheme: string;
  last4: string;
  outcome: 'approve' | 'decline' | 'fail';
  code?: string;
};

const CARDS: Record<string, Omit<Card, 'last4'>> = {
  '4242424242424242': { scheme: 'VISA', outcome: 'approve' },
  '5555555555554444': { scheme: 'MASTERCARD', outcome: 'approve' },
  '4000000000000002': { scheme: 'VISA', outcome: 'decline', code: 'card_declined' },
  '4000000000009995': { scheme: 'VISA', outcome: 'decline', code: 'insufficient_funds' },
  '4000000000000119': { scheme: 'VISA', outcome: 'fail' },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export type CardGatewayEmulator = {
  routes: FastifyPluginAsync;
  payments: Map<string, EmulatedPayment>;
  faults: CardGatewayFaults;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createCardGatewayEmulator(
  options: CardGatewayEmulatorOptions,
): CardGatewayEmulator {
  const tokens = new Map<string, Card & { used: boolean }>();
  const payments = new Map<string, EmulatedPayment>();
  // Idempotency keys per operation: a replay answers the first result.
  const replies = new Map<string, { status: number; body: unknown }>();
  const faults: CardGatewayFaults = {
    refunds: 'none',
    delayMs: 2_000,
    charges: 'none',
    chargeDelayMs: 500,
  };

  const keyed = (request: FastifyRequest, scope: string) => {
    const key = request.headers['idempotency-key'];
    return typeof key === 'string' && key.length > 0 ? `${scope}:${key}` : null;
  };

  function authorized(request: FastifyRequest, key: string) {
    return request.headers.authorization === `Bearer ${key}`;
  }

  const routes: FastifyPluginAsync = async (app) => {
    app.post('/v1/tokens', async (request, reply) => {
      if (!authorized(request, options.publishableKey)) return fail(reply, 401, 'unauthorized');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const number = String(body.number ?? '').replace(/\s+/g, '');
      const expYear = Number(body.expYear);
      const expMonth = Number(body.expMonth);
      const known = CARDS[number];
      if (!known || !(expMonth >= 1 && expMonth <= 12) || !(expYear >= new Date().getFullYear()))
        return fail(reply, 402, 'invalid_card');
      const token = id('tok');
      tokens.set(token, { ...known, last4: number.slice(-4), used: false });
      return reply
        .status(201)
        .send({ id: token, card: { scheme: known.scheme, last4: number.slice(-4) } });
    });

    // Everything below takes the secret key.
    app.addHook('preHandler', async (request, reply) => {
      if (request.url.includes('/v1/tokens')) return;
      if (!authorized(request, options.secretKey)) return fail(reply, 401, 'unauthorized');
    });

    type Result = { status: number; body: unknown };
    /** `run` once per idempotency key: a replay answers the first success again. */
    const keyedResult =
      (scope: string, run: (request: FastifyRequest) => Result) =>
      (request: FastifyRequest): Result => {
        const key = keyed(request, scope);
        const replay = key ? replies.get(key) : undefined;
        if (replay)
          return { status: replay.status === 201 ? 200 : replay.status, body: replay.body };
        const result = run(request);
        // Only successes are kept for replay: a refused request may be tried again.
        if (key && result.status < 300) replies.set(key, result);
        return result;
      };
    const once = (scope: string, run: (request: FastifyRequest) => Result) => {
      const result = keyedResult(scope, run);
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const { status, body } = result(request);
        return reply.status(status).send(body);
      };
    };
    const error = (status: number, code: string) => ({
      status,
      body: { error: { code, message: code } },
    });
    const paymentOf = (request: FastifyRequest) =>
      payments.get((request.params as { id: string }).id);

    const charge = once('payments', (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0) return error(400, 'amount_invalid');
      const token = tokens.get(String(body.source ?? ''));
      if (!token || token.used) return error(402, 'invalid_token');
      token.used = true;
      if (token.outcome === 'fail') return error(500, 'processing_error');
      if (token.outcome === 'decline') return error(402, token.code ?? 'card_declined');
      const payment: EmulatedPayment = {
        id: id('pay'),
        status: 'authorized',
        amount,
        currency: String(body.currency ?? ''),
        reference: String(body.reference ?? ''),
        capturedAmount: 0,
        refundedAmount: 0,
        card: { scheme: token.scheme, last4: token.last4 },
        refunds: [],
      };
      payments.set(payment.id, payment);
      return { status: 201, body: payment };
    });
    app.post('/v1/payments', async (request, reply) => {
      if (faults.charges === 'slow') await pause(faults.chargeDelayMs);
      return charge(request, reply);
    });

    app.put('/_faults', async (request, reply) => {
      const body = (request.body ?? {}) as Partial<CardGatewayFaults>;
      if (!['none', 'late', 'unreachable'].includes(String(body.refunds ?? faults.refunds)))
        return fail(reply, 400, 'refunds_invalid');
      if (!['none', 'slow'].includes(String(body.charges ?? faults.charges)))
        return fail(reply, 400, 'charges_invalid');
      const delay = (value: unknown) =>
        Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 60_000;
      const delayMs = body.delayMs ?? faults.delayMs;
      const chargeDelayMs = body.chargeDelayMs ?? faults.chargeDelayMs;
      if (!delay(delayMs) || !delay(chargeDelayMs)) return fail(reply, 400, 'delay_invalid');
      Object.assign(faults, {
        refunds: body.refunds ?? faults.refunds,
        delayMs,
        charges: body.charges ?? faults.charges,
        chargeDelayMs,
      });
      return reply.send(faults);
    });

    app.get('/v1/payments/:id', async (request, reply) => {
      if (faults.refunds === 'unreachable') {
        await pause(faults.delayMs);
        return fail(reply, 503, 'unavailable');
      }
      const payment = paymentOf(request);
      return payment ? reply.send(payment) : fail(reply, 404, 'not_found');
    });

    app.post(
      '/v1/payments/:id/capture',
      once('capture', (request) => {
        const payment = paymentOf(request);
        if (!payment) return error(404, 'not_found');
        const amount = Number(
          (request.body as { amount?: unknown } | undefined)?.amount ?? payment.amount,
        );
        if (payment.status !== 'authorized') return error(409, 'payment_not_authorized');
        if (!Number.isInteger(amount) || amount <= 0 || amount > payment.amount)
          return error(400, 'amount_invalid');
        payment.status = 'captured';
        payment.capturedAmount = amount;
        return { status: 200, body: payment };
      }),
    );

    app.post(
      '/v1/payments/:id/void',
      once('void', (request) => {
        const payment = paymentOf(request);
        if (!payment) return error(404, 'not_found');
        if (payment.status !== 'authorized') return error(409, 'payment_not_authorized');
        payment.status = 'voided';
        return { status: 200, body: payment };
      }),
    );

    const refund = keyedResult('refunds', (request) => {
      const payment = paymentOf(request);
      if (!payment) return error(404, 'not_found');
      const amount = Number((request.body as { amount?: unknown } | undefined)?.amount);
      if (payment.status !== 'captured') return error(409, 'payment_not_captured');
      if (!Number.isInteger(amount) || amount <= 0) return error(400, 'amount_invalid');
      if (payment.refundedAmount + amount > payment.capturedAmount)
        return error(409, 'refund_exceeds_capture');
      const reference = (request.body as { reference?: unknown } | undefined)?.reference;
      const made = {
        id: id('re'),
        amount,
        reference: typeof reference === 'string' ? reference : null,
      };
      payment.refunds.push(made);
      payment.refundedAmount += amount;
      return { status: 201, body: { ...made, paymentId: payment.id, status: 'succeeded' } };
    });
    app.post('/v1/payments/:id/refunds', async (request, reply) => {
      if (faults.refunds === 'unreachable') {
        await pause(faults.delayMs);
        return fail(reply, 503, 'unavailable');
      }
      const { status, body } = refund(request);
      // `late`: the refund is made now, its answer held back until the client gave up.
      if (faults.refunds === 'late') await pause(faults.delayMs);
      return reply.status(status).send(body);
    });
  };

  return { routes, payments, faults };
}

/** The emulator on a port of its own (0: any free one), as tests and `npm run` scripts use it. */
export async function startCardGatewayEmulator(
  options: CardGatewayEmulatorOptions & EmulatorAddress,
) {
  const emulator = createCardGatewayEmulator(options);
  const { url, close } = await listenEmulator(emulator.routes, options);
  return { url, payments: emulator.payments, faults: emulator.faults, close };
}
