import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DispatchIntegrationType, DispatchStatus } from '@app/contracts';
import { fail, listenEmulator, type EmulatorAddress } from '../emulator-server.ts';

/**
 * A local stand-in for the dispatch providers (Talabat Express, its cashless account, Careem
 * Express, Yallow) that speaks their HTTP API (ARCHITECTURE rule 8), for tests and the demo.
 * Each provider is a path of its own (`/talabat-express/v1/...`); state lives in memory.
 *
 * A delivery moves through §3's statuses, one step every `stepMs`: UPCOMING, CAPTAIN_ASSIGNED,
 * CAPTAIN_HERE, DELIVERY_STARTED, CAPTAIN_COMING, DELIVERY_ENDED. It can be told (POST
 * /control/next) to fail the next request (HTTP 500), reject it at once (HTTP 422) or accept
 * it and then find no driver (REJECTED after one step); and (POST /control/outlet) to refuse
 * the next outlet save (HTTP 400).
 */
/** Each provider's path on the emulator, and the support number it pretends to have. */
export const EMULATED_PROVIDERS: Record<
  DispatchIntegrationType,
  { path: string; supportPhoneNumber: string }
> = {
  THIRDPARTY_TALABAT_EXPRESS: { path: 'talabat-express', supportPhoneNumber: '+96265000001' },
  THIRDPARTY_TALABAT_EXPRESS_CASHLESS: {
    path: 'talabat-express-cashless',
    supportPhoneNumber: '+96265000001',
  },
  THIRDPARTY_CAREEM_EXPRESS: { path: 'careem-express', supportPhoneNumber: '+96265000002' },
  THIRDPARTY_YALLOW: { path: 'yallow', supportPhoneNumber: '+96265000003' },
};

export const EMULATED_TRIP: readonly DispatchStatus[] = [
  'UPCOMING',
  'CAPTAIN_ASSIGNED',
  'CAPTAIN_HERE',
  'DELIVERY_STARTED',
  'CAPTAIN_COMING',
  'DELIVERY_ENDED',
];
const NO_DRIVER: readonly DispatchStatus[] = ['UPCOMING', 'REJECTED'];
/** The provider's own rule: a delivery can be called off until the driver has the order. */
const PROVIDER_CANCELLABLE: readonly DispatchStatus[] = [
  'UPCOMING',
  'CAPTAIN_ASSIGNED',
  'CAPTAIN_HERE',
];

export type NextOutcome = 'accept' | 'fail' | 'reject' | 'no_driver';

export type EmulatedDelivery = {
  id: string;
  provider: string;
  reference: string;
  orderNumber: number;
  cashToCollect: { amount: number; currency: string } | null;
  dropoff: unknown;
  createdAt: number;
  trip: readonly DispatchStatus[];
  /** Set when cancelled: the status stays there. */
  cancelledAt: number | null;
};

export type EmulatedOutlet = Record<string, unknown> & { provider: string; users: string[] };

export type DispatchEmulatorOptions = {
  apiKey: string;
  stepMs: number;
  now?: () => number;
};

export type DispatchEmulator = {
  routes: FastifyPluginAsync;
  deliveries: Map<string, EmulatedDelivery>;
  outlets: Map<string, EmulatedOutlet>;
  /** What the next delivery request meets. */
  setNext(outcome: NextOutcome): void;
  setStepMs(ms: number): void;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export function createDispatchEmulator(options: DispatchEmulatorOptions): DispatchEmulator {
  const now = options.now ?? Date.now;
  let stepMs = options.stepMs;
  let next: NextOutcome = 'accept';
  let nextOutlet: 'accept' | 'reject' = 'accept';
  const deliveries = new Map<string, EmulatedDelivery>();
  const outlets = new Map<string, EmulatedOutlet>();
  const byKey = new Map<string, string>();
  const providers = new Set(Object.values(EMULATED_PROVIDERS).map((p) => p.path));

  const statusOf = (d: EmulatedDelivery): DispatchStatus => {
    const at = d.cancelledAt ?? now();
    if (d.cancelledAt !== null) return 'CANCELED';
    const step = Math.floor((at - d.createdAt) / Math.max(stepMs, 1));
    return d.trip[Math.min(step, d.trip.length - 1)]!;
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  const wire = (d: EmulatedDelivery) => {
    const status = d.cancelledAt !== null ? 'CANCELED' : statusOf(d);
    const assigned = d.trip === EMULATED_TRIP && EMULATED_TRIP.indexOf(status) >= 1;
    return {
      id: d.id,
      status,
      reference: d.reference,
      driver: assigned ? { name: 'Khaled Emulated', phone: '+962790000001' } : null,
      pickup_eta: d.trip === EMULATED_TRIP ? iso(d.createdAt + 3 * stepMs) : null,
      delivery_eta: d.trip === EMULATED_TRIP ? iso(d.createdAt + 5 * stepMs) : null,
    };
  };
  const providerOf = (request: FastifyRequest) => (request.params as { provider: string }).provider;

  const routes: FastifyPluginAsync = async (app) => {
    app.post('/control/next', async (request, reply) => {
      const outcome = (request.body as { outcome?: NextOutcome } | undefined)?.outcome;
      if (!outcome || !['accept', 'fail', 'reject', 'no_driver'].includes(outcome))
        return fail(reply, 400, 'outcome_invalid');
      next = outcome;
      return { next };
    });
    app.post('/control/outlet', async (request) => {
      const outcome = (request.body as { outcome?: string } | undefined)?.outcome;
      nextOutlet = outcome === 'reject' ? 'reject' : 'accept';
      return { next: nextOutlet };
    });
    app.post('/control/speed', async (request, reply) => {
      const ms = Number((request.body as { stepMs?: unknown } | undefined)?.stepMs);
      if (!Number.isInteger(ms) || ms < 1 || ms > 3_600_000) return fail(reply, 400, 'invalid');
      stepMs = ms;
      return { stepMs };
    });

    app.register(async (provider) => {
      provider.addHook('preHandler', async (request, reply) => {
        if (!providers.has(providerOf(request))) return fail(reply, 404, 'not_found');
        if (request.headers.authorization !== `Bearer ${options.apiKey}`)
          return fail(reply, 401, 'unauthorized');
      });

      provider.post('/:provider/v1/deliveries', async (request, reply) => {
        const key = request.headers['idempotency-key'];
        const known = typeof key === 'string' ? byKey.get(`${providerOf(request)}:${key}`) : null;
        const replay = known ? deliveries.get(known) : undefined;
        if (replay) return reply.status(200).send(wire(replay));
        const outcome = next;
        next = 'accept';
        if (outcome === 'fail') return fail(reply, 500, 'internal_error');
        if (outcome === 'reject') return fail(reply, 422, 'outside_coverage');
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (typeof body.reference !== 'string') return fail(reply, 400, 'reference_required');
        const delivery: EmulatedDelivery = {
          id: newId('dlv'),
          provider: providerOf(request),
          reference: body.reference,
          orderNumber: Number(body.order_number),
          cashToCollect: (body.cash_to_collect as EmulatedDelivery['cashToCollect']) ?? null,
          dropoff: body.dropoff,
          createdAt: now(),
          trip: outcome === 'no_driver' ? NO_DRIVER : EMULATED_TRIP,
          cancelledAt: null,
        };
        deliveries.set(delivery.id, delivery);
        if (typeof key === 'string') byKey.set(`${delivery.provider}:${key}`, delivery.id);
        return reply.status(201).send(wire(delivery));
      });

      const deliveryOf = (request: FastifyRequest) => {
        const d = deliveries.get((request.params as { id: string }).id);
        return d && d.provider === providerOf(request) ? d : undefined;
      };
      provider.get('/:provider/v1/deliveries/:id', async (request, reply) => {
        const d = deliveryOf(request);
        return d ? wire(d) : fail(reply, 404, 'not_found');
      });
      provider.post('/:provider/v1/deliveries/:id/cancel', async (request, reply) => {
        const d = deliveryOf(request);
        if (!d) return fail(reply, 404, 'not_found');
        if (d.cancelledAt !== null) return wire(d);
        if (!PROVIDER_CANCELLABLE.includes(statusOf(d))) return fail(reply, 409, 'not_cancellable');
        d.cancelledAt = now();
        return wire(d);
      });

      provider.put('/:provider/v1/outlets/:id', async (request, reply) => {
        const id = (request.params as { id: string }).id;
        if (nextOutlet === 'reject') {
          nextOutlet = 'accept';
          return reply.status(400).send({
            errors: [{ field: 'address', message: 'Address is outside the delivery coverage' }],
          });
        }
        const body = (request.body ?? {}) as Record<string, unknown>;
        const key = `${providerOf(request)}:${id}`;
        const existing = outlets.get(key);
        outlets.set(key, {
          ...body,
          provider: providerOf(request),
          users: existing?.users ?? [],
        });
        return reply.status(existing ? 200 : 201).send(outlets.get(key));
      });
      const outletOf = (request: FastifyRequest) =>
        outlets.get(`${providerOf(request)}:${(request.params as { id: string }).id}`);
      provider.post('/:provider/v1/outlets/:id/users', async (request, reply) => {
        const outlet = outletOf(request);
        if (!outlet) return fail(reply, 404, 'not_found');
        const email = String((request.body as { email?: unknown } | undefined)?.email ?? '');
        if (!email.includes('@'))
          return reply.status(400).send({ errors: [{ field: 'email', message: 'Invalid email' }] });
        if (!outlet.users.includes(email)) outlet.users.push(email);
        return reply.status(201).send({ email });
      });
      provider.delete('/:provider/v1/outlets/:id/users/:email', async (request, reply) => {
        const outlet = outletOf(request);
        const email = (request.params as { email: string }).email;
        if (!outlet || !outlet.users.includes(email)) return fail(reply, 404, 'not_found');
        outlet.users = outlet.users.filter((u) => u !== email);
        return reply.status(204).send();
      });
    });
  };

  return {
    routes,
    deliveries,
    outlets,
    setNext: (outcome) => {
      next = outcome;
    },
    setStepMs: (ms) => {
      stepMs = ms;
    },
  };
}

/** The emulator on a port of its own (0: any free one), as tests use it. */
export async function startDispatchEmulator(options: DispatchEmulatorOptions & EmulatorAddress) {
  const emulator = createDispatchEmulator(options);
  return { ...emulator, ...(await listenEmulator(emulator.routes, options)) };
}
