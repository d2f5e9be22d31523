import {
  currencyOf,
  type PlatformTenant,
  type PlatformTenantDetails,
  type UnverifiedTickets,
} from '@app/contracts';
import { NotFound } from '../../errors.ts';
import type { TenantRow } from '../identity/identity.table.ts';
import type { PlatformRepository } from './platform.repository.ts';

/** The most unverified tickets one answer lists (the total counts them all). */
export const UNVERIFIED_LIST_LIMIT = 200;

type Members = Awaited<ReturnType<PlatformRepository['members']>>;

/** The super admin's screens: every tenant, one tenant's details and switch, waiting tickets. */
export function createPlatformService(deps: {
  repository: PlatformRepository;
  /** UNVERIFIED_TICKET_MINUTES: how long a ticket may wait before the list shows it. */
  unverifiedTicketMinutes: number;
  clock?: () => Date;
}) {
  const { repository } = deps;
  const clock = deps.clock ?? (() => new Date());

  function row(t: TenantRow, branchCount: number, members: Members): PlatformTenant {
    const own = members.filter((m) => m.tenantId === t.id);
    return {
      tenantId: t.id,
      slug: t.slug,
      localizedName: t.name,
      defaultCurrency: currencyOf(t.defaultCurrency),
      isIntegrated: t.isIntegrated,
      branchCount,
      memberCount: own.length,
      createdAt: t.createdAt.toISOString(),
      active: t.active,
      country: t.country,
      trialEndsAt: t.trialEndsAt?.toISOString() ?? null,
      ownerEmails: own.filter((m) => m.role === 'StoreOwner').map((m) => m.email),
    };
  }

  async function rowsOf(tenants: TenantRow[]): Promise<PlatformTenant[]> {
    const ids = tenants.map((t) => t.id);
    const [branchCounts, members] = await Promise.all([
      repository.branchCounts(ids),
      repository.members(ids),
    ]);
    return tenants.map((t) => row(t, branchCounts.get(t.id) ?? 0, members));
  }

  return {
    async tenants(search?: string): Promise<PlatformTenant[]> {
      return rowsOf(await repository.tenants(search || undefined));
    },

    async details(tenantId: string): Promise<PlatformTenantDetails> {
      const tenant = await repository.tenant(tenantId);
      if (!tenant) throw new NotFound('Tenant');
      const [branches, members, counts] = await Promise.all([
        repository.branchesOf(tenantId),
        repository.members([tenantId]),
        repository.ticketCounts(tenantId),
      ]);
      return {
        ...row(tenant, branches.length, members),
        branches: branches.map((b) => ({
          branchId: b.id,
          branchName: b.name,
          phoneNumber: b.phoneNumber,
          timeZone: b.timeZone,
          checkoutTemplates: b.checkoutTemplates,
        })),
        members: members.map((m) => ({
          email: m.email,
          name: m.name,
          role: m.role,
          emailVerified: m.emailVerified,
        })),
        ticketCount: counts.all,
        unverifiedTicketCount: counts.unverified,
      };
    },

    async setActive(tenantId: string, active: boolean): Promise<PlatformTenant> {
      const tenant = await repository.setActive(tenantId, active);
      if (!tenant) throw new NotFound('Tenant');
      const [row] = await rowsOf([tenant]);
      if (!row) throw new NotFound('Tenant');
      return row;
    },

    async unverifiedTickets(olderThanMinutes?: number): Promise<UnverifiedTickets> {
      const minutes = olderThanMinutes ?? deps.unverifiedTicketMinutes;
      const now = clock();
      const before = new Date(now.getTime() - minutes * 60_000);
      const { rows, total } = await repository.unverifiedTickets(before, UNVERIFIED_LIST_LIMIT);
      return {
        olderThanMinutes: minutes,
        total,
        limit: UNVERIFIED_LIST_LIMIT,
        tickets: rows.map((r) => ({
          ticketId: r.ticketId,
          tenantId: r.tenantId,
          tenantName: r.tenantName,
          tenantSlug: r.tenantSlug,
          branchId: r.branchId,
          branchName: r.branchName,
          ticketNumber: r.ticketNumber,
          checkoutTemplate: r.checkoutTemplate,
          total: r.total,
          currency: r.currency,
          timestamp: r.createdAt.toISOString(),
          minutesWaiting: Math.floor((now.getTime() - r.createdAt.getTime()) / 60_000),
        })),
      };
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
