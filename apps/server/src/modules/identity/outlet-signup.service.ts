import { addTenantToTransaction } from '../../db/tenant-scope.ts';
import { eq, sql } from 'drizzle-orm';
import {
  LIMITS_SIGNUP,
  RESERVED_SLUGS,
  SIGNUP_COUNTRIES,
  SIGNUP_ERROR_CODES,
  slugOfOutletName,
  type LocalizedText,
  type OutletSignupBody,
  type OutletSignupResult,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { Conflict, NotFound, ValidationFailed } from '../../errors.ts';
import { categories } from '../catalog/catalog.table.ts';
import { branches, memberships, tenants, users } from './identity.table.ts';

const nameTaken = () => new ValidationFailed('outletName', [SIGNUP_ERROR_CODES.nameTaken]);

/** The first, empty section of a new outlet's menu, in the three languages. */
const FIRST_SECTION: LocalizedText = { fieldValue: 'Menu', en: 'Menu', ar: 'القائمة', es: 'Menú' };

/**
 * Outlet sign-up (§2.1, §5.6): a signed-in user without a tenant creates one and becomes its
 * owner, with a first branch, an empty menu section and the defaults of every setting (open
 * around the clock, the default payment methods), on a 30-day free trial.
 */
export function createOutletSignupService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async signUp(userId: string, body: OutletSignupBody): Promise<OutletSignupResult> {
      const name = body.outletName.trim();
      const slug = slugOfOutletName(name);
      if (RESERVED_SLUGS.includes(slug)) throw nameTaken();
      const country = SIGNUP_COUNTRIES[body.country];
      try {
        return await db.transaction(async (tx) => {
          // One sign-up at a time per user: two tabs must not make two tenants.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup:${userId}`}))`);
          const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
          if (!user) throw new NotFound('User');
          const [member] = await tx
            .select({ tenantId: memberships.tenantId })
            .from(memberships)
            .where(eq(memberships.userId, userId))
            .limit(1);
          if (user.isSuperAdmin || member) {
            throw new Conflict(
              SIGNUP_ERROR_CODES.alreadyMember,
              'This account already works in an outlet',
            );
          }
          const [clash] = await tx
            .select({ id: tenants.id })
            .from(tenants)
            .where(
              sql`${tenants.slug} = ${slug} or exists (select 1 from jsonb_each_text(${tenants.name}) n where lower(n.value) = ${slug})`,
            )
            .limit(1);
          if (clash) throw nameTaken();

          const localized: LocalizedText = { fieldValue: name, en: name, ar: name, es: name };
          const [tenant] = await tx
            .insert(tenants)
            .values({
              slug,
              name: localized,
              defaultAdminLanguage: body.language ?? 'en',
              defaultCurrency: country.currency,
              country: body.country,
              trialEndsAt: sql`now() + make_interval(days => ${LIMITS_SIGNUP.trialDays})`,
            })
            .returning();
          if (!tenant) throw new Error('tenant not created');
          await addTenantToTransaction(tx, tenant.id);
          const [branch] = await tx
            .insert(branches)
            .values({
              tenantId: tenant.id,
              name: localized,
              phoneNumber: body.phoneNumber,
              timeZone: country.timeZone,
              position: 0,
            })
            .returning();
          if (!branch) throw new Error('branch not created');
          await tx.insert(categories).values({ tenantId: tenant.id, title: FIRST_SECTION });
          await tx.insert(memberships).values({ tenantId: tenant.id, userId, role: 'StoreOwner' });
          return {
            tenantId: tenant.id,
            branchId: branch.id,
            slug,
            trialEndsAt: (tenant.trialEndsAt ?? new Date()).toISOString(),
          };
        });
      } catch (err) {
        // Another sign-up took the name between the check and the insert.
        if (isUniqueViolation(err, 'tenants_slug_unique')) throw nameTaken();
        throw err;
      }
    },
  };
}

export type OutletSignupService = ReturnType<typeof createOutletSignupService>;
