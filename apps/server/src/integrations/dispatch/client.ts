import { DispatchStatus, type DispatchIntegrationType } from '@app/contracts';
import {
  DispatchNotCancellable,
  DispatchProviderUnavailable,
  DispatchRejected,
  OutletRejected,
  type DispatchProvider,
  type OutletProvider,
  type ProviderDelivery,
} from './dispatch-provider.ts';
import { providerFetch } from '../provider-fetch.ts';

export type DispatchClientConfig = {
  integrationType: DispatchIntegrationType;
  /** The provider's API root, e.g. https://api.provider.example or the emulator's URL. */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
};

type WireDelivery = {
  id: string;
  status: string;
  driver?: { name?: string | null; phone?: string | null } | null;
  pickup_eta?: string | null;
  delivery_eta?: string | null;
};

type WireError = {
  error?: { code?: string; message?: string };
  errors?: { field?: string; message?: string }[];
};

/** A status word of the provider in §3's vocabulary; anything else is UNKNOWN. */
const statusOf = (word: string): DispatchStatus => DispatchStatus.catch('UNKNOWN').parse(word);

const deliveryOf = (d: WireDelivery): ProviderDelivery => ({
  externalId: d.id,
  status: statusOf(d.status),
  driverName: d.driver?.name ?? null,
  driverPhoneNumber: d.driver?.phone ?? null,
  estimatedPickupTime: d.pickup_eta ?? null,
  estimatedDeliveryTime: d.delivery_eta ?? null,
});

type Call = (
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
) => Promise<{ status: number; json: unknown }>;

function caller(config: DispatchClientConfig): Call {
  const send = providerFetch(
    config,
    config.integrationType,
    (message) => new DispatchProviderUnavailable(message),
  );
  return async (method, path, body, idempotencyKey) => {
    const res = await send(path, {
      method,
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json: unknown = await res.json().catch(() => ({}));
    if (res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 429)
      throw new DispatchProviderUnavailable(
        `${config.integrationType} answered ${res.status} on ${method} ${path}`,
      );
    return { status: res.status, json };
  };
}

/**
 * A dispatch provider's HTTP API (v1 deliveries) behind the DispatchProvider interface. The
 * cashless Talabat Express account never asks the driver to collect cash.
 */
export function createDispatchClient(config: DispatchClientConfig): DispatchProvider {
  const call = caller(config);
  const cashless = config.integrationType === 'THIRDPARTY_TALABAT_EXPRESS_CASHLESS';
  const unexpected = (status: number, path: string) =>
    new DispatchProviderUnavailable(`${config.integrationType} answered ${status} on ${path}`);

  return {
    integrationType: config.integrationType,

    async requestDriver(input) {
      const { status, json } = await call(
        'POST',
        '/v1/deliveries',
        {
          reference: input.reference,
          order_number: input.ticketNumber,
          pickup: input.pickup,
          dropoff: input.dropoff,
          cash_to_collect: cashless ? null : input.cashToCollect,
        },
        input.idempotencyKey,
      );
      if (status === 200 || status === 201) return deliveryOf(json as WireDelivery);
      if (status >= 400 && status < 500)
        throw new DispatchRejected((json as WireError).error?.code ?? `http_${status}`);
      throw unexpected(status, '/v1/deliveries');
    },

    async delivery(externalId) {
      const path = `/v1/deliveries/${encodeURIComponent(externalId)}`;
      const { status, json } = await call('GET', path);
      if (status === 200) return deliveryOf(json as WireDelivery);
      throw unexpected(status, path);
    },

    async cancel(externalId) {
      const path = `/v1/deliveries/${encodeURIComponent(externalId)}/cancel`;
      const { status, json } = await call('POST', path, {});
      if (status === 200) return deliveryOf(json as WireDelivery);
      if (status === 409) throw new DispatchNotCancellable();
      throw unexpected(status, path);
    },
  };
}

/** Talabat Express's outlet API (v1 outlets), on the Talabat Express base URL. */
export function createOutletClient(config: DispatchClientConfig): OutletProvider {
  const call = caller(config);
  const outletPath = (id: string) => `/v1/outlets/${encodeURIComponent(id)}`;
  const check = (status: number, json: unknown, path: string) => {
    if (status >= 200 && status < 300) return;
    if (status === 400 || status === 422) {
      const errors = (json as WireError).errors ?? [];
      throw new OutletRejected(
        errors.length > 0
          ? errors.map((e) => ({ field: e.field ?? 'outlet', message: e.message ?? 'invalid' }))
          : [{ field: 'outlet', message: (json as WireError).error?.message ?? 'invalid' }],
      );
    }
    throw new DispatchProviderUnavailable(`Talabat Express answered ${status} on ${path}`);
  };
  return {
    async upsertOutlet(outlet) {
      const path = outletPath(outlet.client_vendor_id);
      const { status, json } = await call('PUT', path, outlet);
      check(status, json, path);
    },
    async addUser(id, email) {
      const path = `${outletPath(id)}/users`;
      const { status, json } = await call('POST', path, { email });
      check(status, json, path);
    },
    async deleteUser(id, email) {
      const path = `${outletPath(id)}/users/${encodeURIComponent(email)}`;
      const { status, json } = await call('DELETE', path);
      // Already gone is what was asked.
      if (status === 404) return;
      check(status, json, path);
    },
  };
}
