import { addTenantToTransaction } from '../../db/tenant-scope.ts';
import { recordChange } from '../audit/audit.ts';
import { eq, sql } from 'drizzle-orm';
import type { LocalizedText } from '@app/contracts';
import type { Tx } from '../../db/client.ts';
import { branches, memberships, tenants, users } from './identity.table.ts';

/** The rows an outlet sign-up reads and writes, inside its one transaction. */
export const outletSignupRepository = {
  /** One sign-up at a time per user: two tabs must not make two tenants. */
  async lockUser(tx: Tx, userId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup:${userId}`}))`);
  },

  async user(tx: Tx, userId: string) {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  },

  async hasMembership(tx: Tx, userId: string): Promise<boolean> {
    const [row] = await tx
      .select({ tenantId: memberships.tenantId })
      .from(memberships)
      .where(eq(memberships.userId, userId))
      .limit(1);
    return row !== undefined;
  },

  /** Whether a tenant has this slug, or a name that is this slug in any language. */
  async nameTaken(tx: Tx, slug: string): Promise<boolean> {
    const [clash] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(
        sql`${tenants.slug} = ${slug} or exists (select 1 from jsonb_each_text(${tenants.name}) n where lower(n.value) = ${slug})`,
      )
      .limit(1);
    return clash !== undefined;
  },

  /** The tenant on its trial, its first branch, and the user as its owner. */
  async insertOutlet(
    tx: Tx,
    input: {
      userId: string;
      slug: string;
      name: LocalizedText;
      language: string;
      currency: string;
      country: string;
      timeZone: string;
      phoneNumber: string;
      trialDays: number;
    },
  ) {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        slug: input.slug,
        name: input.name,
        defaultAdminLanguage: input.language,
        defaultCurrency: input.currency,
        country: input.country,
        trialEndsAt: sql`now() + make_interval(days => ${input.trialDays})`,
      })
      .returning();
    if (!tenant) throw new Error('tenant not created');
    // Row-level security: the new tenant's rows join this transaction's scope.
    await addTenantToTransaction(tx, tenant.id);
    const [branch] = await tx
      .insert(branches)
      .values({
        tenantId: tenant.id,
        name: input.name,
        phoneNumber: input.phoneNumber,
        timeZone: input.timeZone,
        position: 0,
      })
      .returning();
    if (!branch) throw new Error('branch not created');
    await tx
      .insert(memberships)
      .values({ tenantId: tenant.id, userId: input.userId, role: 'StoreOwner' });
    // People and rights: the outlet and its first owner (the signed-up user, the entry's actor).
    await recordChange(tx, {
      tenantId: tenant.id,
      entityType: 'people',
      entityId: tenant.id,
      action: 'create',
      label: input.name,
      before: null,
      after: {
        slug: input.slug,
        currency: input.currency,
        country: input.country,
        members: { [input.userId]: 'StoreOwner' },
      },
    });
    return { tenant, branch };
  },
};

export type OutletSignupRepository = typeof outletSignupRepository;
