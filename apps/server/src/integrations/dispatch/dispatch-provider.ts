import type { DispatchIntegrationType, DispatchStatus } from '@app/contracts';

/**
 * What the product needs of a driver dispatch provider (ARCHITECTURE rule 8): ask for a driver
 * for a delivery, read where the delivery is, cancel it. Each integration type of §3 has an
 * adapter of its own, a client of the provider's HTTP API at a configurable base URL.
 */
export interface DispatchProvider {
  readonly integrationType: DispatchIntegrationType;
  requestDriver(input: DeliveryRequest): Promise<ProviderDelivery>;
  delivery(externalId: string): Promise<ProviderDelivery>;
  /** Throws DispatchNotCancellable when the provider refuses (the driver picked the order up). */
  cancel(externalId: string): Promise<ProviderDelivery>;
}

export type DeliveryRequest = {
  /** Our reference: the ticket id. */
  reference: string;
  ticketNumber: number;
  /** The same key answers the same delivery: a retried request never books two drivers. */
  idempotencyKey: string;
  pickup: { name: string; phone: string | null };
  dropoff: {
    name: string;
    phone: string | null;
    address: string;
    lat: number | null;
    lng: number | null;
  };
  /** What the driver collects from the customer in cash; null when paid already. */
  cashToCollect: { amount: number; currency: string } | null;
};

export type ProviderDelivery = {
  externalId: string;
  status: DispatchStatus;
  driverName: string | null;
  driverPhoneNumber: string | null;
  estimatedPickupTime: string | null;
  estimatedDeliveryTime: string | null;
};

/** The provider refused to book the delivery (no coverage, invalid address). */
export class DispatchRejected extends Error {
  constructor(readonly reason: string) {
    super(`dispatch rejected: ${reason}`);
    this.name = 'DispatchRejected';
  }
}

/** The provider refused to cancel. */
export class DispatchNotCancellable extends Error {
  constructor() {
    super('dispatch cannot be cancelled');
    this.name = 'DispatchNotCancellable';
  }
}

/** The provider could not be reached or failed on its side. */
export class DispatchProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DispatchProviderUnavailable';
  }
}

/** The Talabat Express outlet as its API takes it (§3 Outlet config). */
export type ProviderOutlet = {
  client_vendor_id: string;
  name: string;
  address: string;
  city: string;
  latitude: number;
  longitude: number;
  currency: string;
  locale: string;
  phone_number: string;
};

/** What the product needs of Talabat Express's outlet API (§2.11, §7.3). */
export interface OutletProvider {
  /** Creates the outlet with Talabat's default settings, or updates its fields. */
  upsertOutlet(outlet: ProviderOutlet): Promise<void>;
  addUser(clientVendorId: string, email: string): Promise<void>;
  deleteUser(clientVendorId: string, email: string): Promise<void>;
}

/** Talabat Express refused the outlet: its messages, by field. */
export class OutletRejected extends Error {
  constructor(readonly errors: { field: string; message: string }[]) {
    super(`outlet rejected: ${errors.map((e) => e.message).join('; ')}`);
    this.name = 'OutletRejected';
  }
}
