import {
  currencyOf,
  PREVIEW_TEMPLATE_ORDER,
  storefrontAddress,
  ticketRefundOf,
  type StorefrontPreview,
  type PublicQuote,
  type PublicServiceArea,
  type PublicUniqueLink,
  type QuoteBody,
  type PublicStorefront,
  type PublicTicket,
  type Ticket,
} from '@app/contracts';
import { inTenant } from '../../db/tenant-scope.ts';
import { NotFound } from '../../errors.ts';
import { branchSummary } from '../identity/branches.ts';
import type { OrderingReads } from '../tickets/ordering.ts';
import { createPublicMenu } from './public-menu.ts';
import type { StorefrontRepository } from './storefront.repository.ts';

/** A cart priced as the intake would price it now (the tickets module prices orders). */
export type CartQuote = (
  tenantId: string,
  branchId: string,
  body: QuoteBody,
) => Promise<PublicQuote>;

/** A ticket of a tenant by its id, as staff see it (the tickets module reads it). */
export type TicketReader = (tenantId: string, ticketId: string) => Promise<Ticket>;

/** The customer's view of a ticket: status, lines and totals; nothing that names the customer. */
export function toPublicTicket(t: Ticket): PublicTicket {
  const d = t.ticketDetails;
  return {
    id: t.id,
    tenantId: t.tenantId,
    branchId: t.branchId,
    branchName: t.branchName,
    ticketType: t.ticketType,
    ticketNumber: t.ticketNumber,
    timestamp: t.timestamp,
    status: t.status,
    cancellationReason: t.cancellationReason,
    checkoutTemplate: d.checkoutUiTemplate,
    isFulfillmentAsap: d.isFulfillmentAsap,
    preferredFulfillmentLocalDateTime: d.preferredFulfillmentLocalDateTime,
    serviceArea: d.serviceArea ? { value: d.serviceArea.value, title: d.serviceArea.title } : null,
    deliveryZone: d.deliveryZone,
    paymentMethodType: d.paymentMethodType,
    paymentStatus: d.paymentDetails.paymentStatus,
    refund: ticketRefundOf(d.paymentDetails.paymentStatus, t.cartData.total, t.cartData.currency),
    cartData: t.cartData,
  };
}

/** The public storefront: a tenant by its slug with its branches, and a branch's menu. */
export function createStorefrontService(deps: {
  repository: StorefrontRepository;
  /** The catalogue and branch context as the order intake reads them (tickets module). */
  ordering: OrderingReads;
  clock: () => Date;
  /** Whether online payments can be taken (a payment provider is configured). */
  onlinePaymentsApproved: boolean;
  quote: CartQuote;
  ticket: TicketReader;
  /** Where the storefront is served (config.storefrontUrl). */
  storefrontUrl: string;
  /** Where a storefront gets online payment tokens (null: no online payment). */
  payments?: PublicStorefront['payments'];
}) {
  const { repository } = deps;
  /** A row of the slug's tenant, read in that tenant's scope; undefined without either. */
  const inSlugTenant = async <T>(slug: string, read: (tenantId: string) => Promise<T>) => {
    const tenant = await repository.tenantBySlug(slug);
    return tenant ? await inTenant(tenant.id, () => read(tenant.id)) : undefined;
  };
  return {
    /** The storefront of a tenant by its slug: what a client needs to pick a branch. */
    async storefront(slug: string): Promise<PublicStorefront> {
      const tenant = await repository.tenantBySlug(slug);
      if (!tenant) throw new NotFound('Storefront');
      // The slug named the tenant: its rows are this request's scope from here on.
      const list = await inTenant(tenant.id, () => repository.branchesOf(tenant.id));
      return {
        tenantId: tenant.id,
        slug: tenant.slug,
        localizedName: tenant.name,
        defaultCurrency: currencyOf(tenant.defaultCurrency),
        theme: { primaryHex: tenant.primaryHex },
        logoUrl: tenant.logoUrl,
        payments: deps.payments ?? null,
        branches: list.map(branchSummary),
      };
    },

    /** What can be ordered now at a branch for a template, priced exactly as the intake will. */
    menu: createPublicMenu(deps),

    /** A table's QR code: the branch it orders at and its template, within the slug's tenant. */
    async serviceArea(slug: string, serviceAreaId: string): Promise<PublicServiceArea> {
      const area = await inSlugTenant(slug, (tenantId) =>
        repository.serviceArea(tenantId, serviceAreaId),
      );
      if (!area) throw new NotFound('Service area');
      return {
        id: area.id,
        tenantId: area.tenantId,
        branchId: area.branchId,
        value: area.value,
        title: area.title,
        template: area.template,
        enabled: area.enabled,
      };
    },

    /** A unique delivery or pickup link: the branch and template it orders at. */
    async uniqueLink(slug: string, linkId: string): Promise<PublicUniqueLink> {
      const link = await inSlugTenant(slug, (tenantId) => repository.uniqueLink(tenantId, linkId));
      if (!link) throw new NotFound('Unique link');
      return {
        id: link.id,
        tenantId: link.tenantId,
        branchId: link.branchId,
        template: link.template,
      };
    },

    /** The storefront's price preview: a cart with its discount, before it is ordered. */
    quote: deps.quote,

    /** §2.7: each branch's storefront on its first template, in preview mode (no ordering). */
    async preview(tenantId: string): Promise<StorefrontPreview> {
      const tenant = await repository.tenantById(tenantId);
      if (!tenant) throw new NotFound('Tenant');
      const list = await repository.branchesOf(tenantId);
      return list.map((b) => {
        const template = PREVIEW_TEMPLATE_ORDER.find((t) => b.checkoutTemplates.includes(t));
        return {
          branchId: b.id,
          branchName: b.name,
          url: template
            ? `${storefrontAddress.branch(deps.storefrontUrl, tenant.slug, b.id, template)}?preview=1`
            : null,
        };
      });
    },

    /** An order's status for the customer's status page. */
    async ticket(tenantId: string, ticketId: string): Promise<PublicTicket> {
      return toPublicTicket(await deps.ticket(tenantId, ticketId));
    },
  };
}

export type StorefrontService = ReturnType<typeof createStorefrontService>;
