import {
  Currency,
  type OrderingTemplate,
  type PublicMenu,
  type PublicStorefront,
} from '@app/contracts';
import { NotFound } from '../../errors.ts';
import type { StorefrontRepository } from './storefront.repository.ts';

const currencyOf = (v: string) => Currency.catch('JOD').parse(v);

/** What the intake will charge for a branch's menu now (the tickets module prices orders). */
export type PricedMenu = (
  tenantId: string,
  branchId: string,
  template: OrderingTemplate,
) => Promise<PublicMenu>;

/** The public storefront: a tenant by its slug with its branches, and a branch's menu. */
export function createStorefrontService(deps: {
  repository: StorefrontRepository;
  pricedMenu: PricedMenu;
  /** Where a storefront gets online payment tokens (null: no online payment). */
  payments?: PublicStorefront['payments'];
}) {
  const { repository } = deps;
  return {
    /** The storefront of a tenant by its slug: what a client needs to pick a branch. */
    async storefront(slug: string): Promise<PublicStorefront> {
      const tenant = await repository.tenantBySlug(slug);
      if (!tenant) throw new NotFound('Storefront');
      const list = await repository.branchesOf(tenant.id);
      return {
        tenantId: tenant.id,
        slug: tenant.slug,
        localizedName: tenant.name,
        defaultCurrency: currencyOf(tenant.defaultCurrency),
        theme: { primaryHex: tenant.primaryHex },
        logoUrl: tenant.logoUrl,
        payments: deps.payments ?? null,
        branches: list.map((b) => ({
          branchId: b.id,
          branchName: b.name,
          timeZone: b.timeZone,
          checkoutTemplates: b.checkoutTemplates,
          branchOperatingStatus: {
            closed: b.closed,
            acceptingOrders: b.acceptingOrders,
            busy: b.busy,
          },
        })),
      };
    },

    /** What can be ordered now at a branch for a template, priced exactly as the intake will. */
    menu: deps.pricedMenu,
  };
}

export type StorefrontService = ReturnType<typeof createStorefrontService>;
