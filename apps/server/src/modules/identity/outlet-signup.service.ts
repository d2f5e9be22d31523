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
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { Conflict, NotFound, ValidationFailed } from '../../errors.ts';
import type { OutletSignupRepository } from './outlet-signup.repository.ts';

const nameTaken = () => new ValidationFailed('outletName', [SIGNUP_ERROR_CODES.nameTaken]);

/** The first, empty section of a new outlet's menu, in the three languages. */
const FIRST_SECTION: LocalizedText = { fieldValue: 'Menu', en: 'Menu', ar: 'القائمة', es: 'Menú' };

/**
 * Outlet sign-up (§2.1, §5.6): a signed-in user without a tenant creates one and becomes its
 * owner, with a first branch, an empty menu section and the defaults of every setting (open
 * around the clock, the default payment methods), on a 30-day free trial.
 */
export function createOutletSignupService(deps: {
  db: Db;
  repository: OutletSignupRepository;
  /** The catalogue's first, empty section of the new tenant. */
  addSection: (tx: Tx, tenantId: string, title: LocalizedText) => Promise<unknown>;
}) {
  const { db, repository: repo } = deps;
  return {
    async signUp(userId: string, body: OutletSignupBody): Promise<OutletSignupResult> {
      const name = body.outletName.trim();
      const slug = slugOfOutletName(name);
      if (RESERVED_SLUGS.includes(slug)) throw nameTaken();
      const country = SIGNUP_COUNTRIES[body.country];
      try {
        return await db.transaction(async (tx) => {
          await repo.lockUser(tx, userId);
          const user = await repo.user(tx, userId);
          if (!user) throw new NotFound('User');
          if (user.isSuperAdmin || (await repo.hasMembership(tx, userId))) {
            throw new Conflict(
              SIGNUP_ERROR_CODES.alreadyMember,
              'This account already works in an outlet',
            );
          }
          if (await repo.nameTaken(tx, slug)) throw nameTaken();

          const localized: LocalizedText = { fieldValue: name, en: name, ar: name, es: name };
          const { tenant, branch } = await repo.insertOutlet(tx, {
            userId,
            slug,
            name: localized,
            language: body.language ?? 'en',
            currency: country.currency,
            country: body.country,
            timeZone: country.timeZone,
            phoneNumber: body.phoneNumber,
            trialDays: LIMITS_SIGNUP.trialDays,
          });
          await deps.addSection(tx, tenant.id, FIRST_SECTION);
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
