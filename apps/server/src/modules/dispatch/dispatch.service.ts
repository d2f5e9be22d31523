import type { OutletBody } from '@app/contracts';
import {
  DRIVER_DISPATCH_CANNOT_BE_CANCELLED,
  FINAL_DISPATCH_STATUSES,
  canCancelDispatch,
  isNotAccepted,
  localize,
  outletFieldsOf,
  type DispatchConfig,
  type DispatchIntegrationType,
  type DispatchTicketBody,
  type DriverDispatch,
  type OutletConfig,
} from '@app/contracts';
import type { z } from 'zod';
import {
  Conflict,
  DomainError,
  NotFound,
  ServiceUnavailable,
  ValidationFailed,
} from '../../errors.ts';
import {
  DispatchNotCancellable,
  DispatchProviderUnavailable,
  DispatchRejected,
  OutletRejected,
  type DispatchProvider,
  type OutletProvider,
  type ProviderDelivery,
} from '../../integrations/dispatch/dispatch-provider.ts';
import type {
  DispatchFields,
  DispatchRepository,
  DispatchRow,
  OutletRow,
} from './dispatch.repository.ts';

export type DispatchProviders = Partial<
  Record<DispatchIntegrationType, { provider: DispatchProvider; supportPhoneNumber: string | null }>
>;

type Log = { warn(obj: object, msg: string): void };

/** Talabat Express refused the outlet: 400 with its first message (§8 'Error, {message}'). */
export class OutletRefused extends DomainError {
  readonly statusCode = 400;
  readonly code = 'outlet_rejected';
  declare readonly details?: Record<string, unknown>;
  constructor(errors: { field: string; message: string }[]) {
    super(errors[0]?.message ?? 'The outlet was refused');
    this.details = { errors };
  }
}

/** A request whose answer never came is given up after this long (the server stopped). */
const LOST_REQUEST_MS = 2 * 60_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(row: DispatchRow): DriverDispatch {
  return {
    ticketId: row.ticketId,
    integrationType: row.integrationType,
    dispatchStatus: row.dispatchStatus,
    driverDispatchRequestTimestamp: iso(row.requestedAt),
    externalReferenceId: row.externalReferenceId,
    driverName: row.driverName,
    driverPhoneNumber: row.driverPhoneNumber,
    estimatedPickupTime: iso(row.estimatedPickupTime),
    estimatedDeliveryTime: iso(row.estimatedDeliveryTime),
    lastStatusCheck: iso(row.lastStatusCheck),
  };
}

const dateOf = (text: string | null) => {
  const d = text ? new Date(text) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

const fieldsOf = (d: ProviderDelivery, at: Date): DispatchFields => ({
  dispatchStatus: d.status,
  externalReferenceId: d.externalId,
  driverName: d.driverName,
  driverPhoneNumber: d.driverPhoneNumber,
  estimatedPickupTime: dateOf(d.estimatedPickupTime),
  estimatedDeliveryTime: dateOf(d.estimatedDeliveryTime),
  lastStatusCheck: at,
});

function outletView(row: OutletRow): OutletConfig {
  return {
    name: row.name,
    client_vendor_id: row.clientVendorId,
    address: row.address,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    currency: row.currency,
    locale: row.locale,
    phone_number: row.phoneNumber,
    users: row.users,
  };
}

export function createDispatchService(deps: {
  repository: DispatchRepository;
  providers: DispatchProviders;
  /** Talabat Express's outlet API; null when Talabat Express is not configured. */
  outlets: OutletProvider | null;
  clock: () => Date;
  log: Log;
}) {
  const { repository: repo, providers, clock, log } = deps;

  function sameTenant(tenantId: string, body: DispatchTicketBody) {
    if (body.ticketTenantId && body.ticketTenantId !== tenantId)
      throw new ValidationFailed('ticketTenantId', ['tenant_mismatch']);
  }

  async function ticketOf(tenantId: string, ticketId: string) {
    const ticket = await repo.ticket(tenantId, ticketId);
    if (!ticket) throw new NotFound('Ticket');
    return ticket;
  }

  type TicketRow = Awaited<ReturnType<typeof ticketOf>>;
  const isDelivery = (t: TicketRow) =>
    t.ticketType === 'cartticket' && t.checkoutTemplate === 'DELIVERY';

  /** The provider a ticket goes to: the branch's, Talabat Express cashless for an order paid online. */
  async function providerFor(t: TicketRow) {
    const type = await repo.integrationType(t.tenantId, t.branchId);
    if (!type) return null;
    const paid = t.details.paymentDetails?.paymentStatus === 'SUCCESS';
    const chosen: DispatchIntegrationType =
      type === 'THIRDPARTY_TALABAT_EXPRESS' && paid && providers.THIRDPARTY_TALABAT_EXPRESS_CASHLESS
        ? 'THIRDPARTY_TALABAT_EXPRESS_CASHLESS'
        : type;
    const entry = providers[chosen];
    return entry ? { type: chosen, ...entry } : null;
  }

  /** The row with the provider's latest word; the stored row when the provider is unreachable. */
  async function refresh(row: DispatchRow): Promise<DispatchRow> {
    const now = clock();
    if (!row.externalReferenceId) {
      if (
        row.dispatchStatus !== 'UPCOMING' ||
        now.getTime() - row.requestedAt.getTime() < LOST_REQUEST_MS
      )
        return row;
      const lost = await repo.update(row, { dispatchStatus: 'DISPATCH_REQUEST_FAILED' });
      return lost ?? (await repo.dispatch(row.tenantId, row.ticketId)) ?? row;
    }
    if (FINAL_DISPATCH_STATUSES.includes(row.dispatchStatus)) return row;
    const entry = providers[row.integrationType];
    if (!entry) return row;
    try {
      const delivery = await entry.provider.delivery(row.externalReferenceId);
      const updated = await repo.update(row, fieldsOf(delivery, now));
      return updated ?? (await repo.dispatch(row.tenantId, row.ticketId)) ?? row;
    } catch (error) {
      if (!(error instanceof DispatchProviderUnavailable)) throw error;
      log.warn({ err: error.message, ticketId: row.ticketId }, 'dispatch status not refreshed');
      return row;
    }
  }

  return {
    async config(tenantId: string, ticketId: string): Promise<DispatchConfig> {
      const ticket = await ticketOf(tenantId, ticketId);
      const route = isDelivery(ticket) ? await providerFor(ticket) : null;
      return {
        ticketId,
        available: route !== null,
        reason: !isDelivery(ticket) ? 'not_delivery' : route ? null : 'not_configured',
        integrationType: route?.type ?? null,
        supportPhoneNumber: route?.supportPhoneNumber ?? null,
        // The screen asks the status only of a dispatch there is (never a 404 to ignore).
        requested: (await repo.dispatch(tenantId, ticketId)) != null,
      };
    },

    async request(tenantId: string, body: DispatchTicketBody): Promise<DriverDispatch> {
      sameTenant(tenantId, body);
      const ticket = await ticketOf(tenantId, body.ticketId);
      if (!isDelivery(ticket)) throw new ValidationFailed('ticketId', ['ticket_not_delivery']);
      if (ticket.status === 'Cancelled')
        throw new Conflict('ticket_closed', 'A cancelled ticket gets no driver');
      if (isNotAccepted(ticket.status))
        throw new Conflict('ticket_not_accepted', 'Accept the ticket before requesting a driver');
      const route = await providerFor(ticket);
      if (!route) throw new ValidationFailed('ticketId', ['driver_dispatch_not_configured']);

      const claimed = await repo.claim({
        tenantId,
        ticketId: ticket.id,
        branchId: ticket.branchId,
        integrationType: route.type,
        at: clock(),
      });
      if (!claimed)
        throw new Conflict(
          'driver_dispatch_active',
          'A driver is already requested for this ticket',
        );

      const address = ticket.details.shippingAddress;
      const customer = [ticket.details.firstName, ticket.details.lastName]
        .filter(Boolean)
        .join(' ');
      try {
        const delivery = await route.provider.requestDriver({
          reference: ticket.id,
          ticketNumber: ticket.ticketNumber,
          idempotencyKey: `${ticket.id}:${claimed.attempt}`,
          pickup: { name: localize(ticket.branchName, 'en'), phone: ticket.branchPhone },
          dropoff: {
            name: customer || `#${ticket.ticketNumber}`,
            phone: ticket.details.phoneNumber,
            address: [
              address?.address1,
              address?.streetAddress,
              address?.building,
              address?.floor,
              address?.apartment,
            ]
              .filter(Boolean)
              .join(', '),
            lat: address?.lat ?? null,
            lng: address?.lng ?? null,
          },
          cashToCollect:
            ticket.details.paymentDetails?.paymentStatus === 'SUCCESS'
              ? null
              : { amount: Number(ticket.total), currency: ticket.currency },
        });
        const row = await repo.update(claimed, fieldsOf(delivery, clock()));
        return view(row ?? (await repo.dispatch(tenantId, ticket.id)) ?? claimed);
      } catch (error) {
        if (error instanceof DispatchRejected) {
          await repo.update(claimed, { dispatchStatus: 'REJECTED', lastStatusCheck: clock() });
          throw new ServiceUnavailable(
            'driver_dispatch_rejected',
            `The provider refused the request (${error.reason})`,
          );
        }
        if (error instanceof DispatchProviderUnavailable) {
          await repo.update(claimed, {
            dispatchStatus: 'DISPATCH_REQUEST_FAILED',
            lastStatusCheck: clock(),
          });
          log.warn({ err: error.message, ticketId: ticket.id }, 'driver request failed');
          throw new ServiceUnavailable(
            'driver_dispatch_request_failed',
            'The dispatch provider could not be reached; try again',
          );
        }
        throw error;
      }
    },

    async status(tenantId: string, body: DispatchTicketBody): Promise<DriverDispatch> {
      sameTenant(tenantId, body);
      const row = await repo.dispatch(tenantId, body.ticketId);
      if (!row) throw new NotFound('Driver dispatch');
      return view(await refresh(row));
    },

    async cancel(tenantId: string, body: DispatchTicketBody): Promise<DriverDispatch> {
      sameTenant(tenantId, body);
      const cannot = () =>
        new Conflict(DRIVER_DISPATCH_CANNOT_BE_CANCELLED, 'Cannot cancel request');
      const stored = await repo.dispatch(tenantId, body.ticketId);
      if (!stored) {
        await ticketOf(tenantId, body.ticketId);
        throw cannot();
      }
      const row = await refresh(stored);
      const entry = providers[row.integrationType];
      if (!canCancelDispatch(row.dispatchStatus) || !row.externalReferenceId || !entry)
        throw cannot();
      let delivery: ProviderDelivery;
      try {
        delivery = await entry.provider.cancel(row.externalReferenceId);
      } catch (error) {
        if (error instanceof DispatchNotCancellable) {
          await refresh(row);
          throw cannot();
        }
        if (error instanceof DispatchProviderUnavailable)
          throw new ServiceUnavailable('driver_dispatch_provider_unavailable');
        throw error;
      }
      const updated = await repo.update(row, fieldsOf(delivery, clock()));
      return view(updated ?? (await repo.dispatch(tenantId, body.ticketId)) ?? row);
    },

    async outlet(tenantId: string, branchId: string): Promise<OutletConfig> {
      const row = await repo.outlet(tenantId, branchId);
      if (!row) throw new NotFound('Outlet');
      return outletView(row);
    },

    async saveOutlet(
      tenantId: string,
      branchId: string,
      body: z.output<typeof OutletBody>,
    ): Promise<OutletConfig> {
      if (!(await repo.branch(tenantId, branchId))) throw new NotFound('Branch');
      if (!deps.outlets) throw new ServiceUnavailable('outlet_provider_unavailable');
      const existing = await repo.outlet(tenantId, branchId);
      const clientVendorId = existing?.clientVendorId ?? branchId;
      const fields = outletFieldsOf(body.outlet);
      const outlet = { client_vendor_id: clientVendorId, ...fields };
      const { phone_number, ...withoutPhone } = fields;
      const removed = new Set(body.delete_user);
      const added = [...new Set(body.add_user)].filter((email) => !removed.has(email));
      try {
        await deps.outlets.upsertOutlet(outlet);
        for (const email of added) await deps.outlets.addUser(clientVendorId, email);
        for (const email of removed) await deps.outlets.deleteUser(clientVendorId, email);
      } catch (error) {
        if (error instanceof OutletRejected) throw new OutletRefused(error.errors);
        if (error instanceof DispatchProviderUnavailable)
          throw new ServiceUnavailable('outlet_provider_unavailable');
        throw error;
      }
      const row = await repo.saveOutlet(
        {
          tenantId,
          branchId,
          clientVendorId,
          ...withoutPhone,
          phoneNumber: phone_number,
        },
        added,
        [...removed],
        clock(),
      );
      return outletView(row);
    },
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;
