import argon2 from 'argon2';
import { count, eq, inArray, sql } from 'drizzle-orm';
import {
  PAYMENT_METHODS_OFFERED,
  type PaymentMethodType,
  type PaymentTemplate,
} from '@app/contracts';
import type { Db, Tx } from './client.ts';
import * as s from './schema.ts';
import { HUBRISE_EMULATOR_TOKEN } from '../integrations/hubrise/emulator.ts';
import {
  DEMO_PASSWORD,
  demoSharedUsers,
  demoSuperAdmin,
  demoTenants,
  type DemoTenant,
} from './demo-data.ts';

export type SeedResult = { seeded: boolean; tenants: number };

export type SeedOptions = {
  /** The access token the demo's HubRise connections hold: the emulator's of this data folder. */
  hubriseAccessToken?: string;
};

/**
 * Loads the demo world into an empty database, in one transaction; a database that holds any
 * tenant or user already is left exactly as it is.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const hubriseAccessToken = options.hubriseAccessToken ?? HUBRISE_EMULATOR_TOKEN;
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
  return db.transaction(async (tx) => {
    // Serialises two servers starting at once on the same empty database.
    await tx.execute(sql`select pg_advisory_xact_lock(7262001)`);
    const [tenantCount] = await tx.select({ n: count() }).from(s.tenants);
    const [userCount] = await tx.select({ n: count() }).from(s.users);
    if ((tenantCount?.n ?? 0) + (userCount?.n ?? 0) > 0) return { seeded: false, tenants: 0 };

    const [admin] = await tx
      .insert(s.users)
      .values({ ...demoSuperAdmin, passwordHash, isSuperAdmin: true, emailVerified: true })
      .returning();
    if (!admin) throw new Error('super admin not created');
    const tenantIds = new Map<string, string>();
    for (const tenant of demoTenants) {
      tenantIds.set(tenant.slug, await seedTenant(tx, tenant, passwordHash, hubriseAccessToken));
    }
    for (const shared of demoSharedUsers) {
      const [user] = await tx
        .insert(s.users)
        .values({
          email: shared.email,
          displayName: shared.displayName,
          passwordHash,
          emailVerified: true,
          isLegacyEmail: shared.legacy ?? false,
          forceLegacyEmailMigrate: shared.legacy ?? false,
        })
        .returning();
      if (!user) throw new Error('user not created');
      for (const { tenant, role } of shared.roles) {
        const tenantId = tenantIds.get(tenant);
        if (!tenantId) throw new Error(`no demo tenant ${tenant}`);
        await tx.insert(s.memberships).values({ tenantId, userId: user.id, role });
      }
    }
    return { seeded: true, tenants: demoTenants.length };
  });
}

async function seedTenant(
  tx: Tx,
  demo: DemoTenant,
  passwordHash: string,
  hubriseAccessToken: string,
): Promise<string> {
  const [tenant] = await tx
    .insert(s.tenants)
    .values({
      slug: demo.slug,
      name: demo.name,
      defaultAdminLanguage: demo.defaultAdminLanguage,
      defaultCurrency: demo.defaultCurrency,
      isIntegrated: demo.isIntegrated ?? false,
    })
    .returning();
  if (!tenant) throw new Error('tenant not created');
  const tenantId = tenant.id;

  const branchRows = await tx
    .insert(s.branches)
    .values(
      demo.branches.map((b, position) => ({
        tenantId,
        name: b.name,
        phoneNumber: b.phoneNumber,
        timeZone: b.timeZone,
        checkoutTemplates: b.templates,
        position,
      })),
    )
    .returning();

  const dispatching = branchRows.flatMap((branch, i) => {
    const type = demo.branches[i]?.dispatch;
    return type ? [{ tenantId, branchId: branch.id, integrationType: type }] : [];
  });
  if (dispatching.length > 0) await tx.insert(s.branchDispatchSettings).values(dispatching);

  const taxIds = new Map<string, string>();
  for (const tax of demo.taxes) {
    const [row] = await tx
      .insert(s.taxDefinitions)
      .values({ tenantId, taxType: tax.taxType, percentage: tax.percentage, title: tax.title })
      .returning();
    if (row) taxIds.set(tax.key, row.id);
  }

  const insertSection = async (
    section: DemoTenant['sections'][number],
    parentId: string | null,
    position: number,
  ) => {
    const [cat] = await tx
      .insert(s.categories)
      .values({
        tenantId,
        parentId,
        title: section.title,
        description: section.description ?? null,
        position,
        excludedCheckoutTemplates: section.excluded ?? [],
      })
      .returning();
    if (!cat) throw new Error('section not created');
    for (const [i, item] of (section.items ?? []).entries()) {
      const [itemRow] = await tx
        .insert(s.items)
        .values({
          tenantId,
          categoryId: cat.id,
          title: item.title,
          description: item.description ?? null,
          position: i,
          isNew: item.isNew ?? false,
        })
        .returning();
      if (!itemRow) throw new Error('item not created');
      await tx.insert(s.variants).values(
        item.variants.map((v, vi) => ({
          tenantId,
          itemId: itemRow.id,
          title: v.title,
          price: v.price,
          position: vi,
        })),
      );
      const taxes = item.taxes
        .map((k) => taxIds.get(k))
        .filter((id): id is string => id !== undefined);
      if (taxes.length > 0) {
        await tx
          .insert(s.itemTaxes)
          .values(taxes.map((taxId) => ({ tenantId, itemId: itemRow.id, taxId })));
      }
    }
    for (const [ci, child] of (section.children ?? []).entries())
      await insertSection(child, cat.id, ci);
  };
  for (const [i, section] of demo.sections.entries()) await insertSection(section, null, i);

  for (const group of demo.modifierGroups ?? []) {
    const [row] = await tx
      .insert(s.modifierGroups)
      .values({
        tenantId,
        name: group.name,
        title: group.title,
        minQuantity: group.minQuantity,
        maxQuantity: group.maxQuantity,
      })
      .returning();
    if (!row) throw new Error('modifier group not created');
    await tx.insert(s.modifierItems).values(
      group.items.map((item, position) => ({
        tenantId,
        groupId: row.id,
        title: item.title,
        price: item.price,
        position,
      })),
    );
  }

  const zoneRows = await tx
    .insert(s.deliveryZones)
    .values(demo.zones.map((z) => ({ tenantId, title: z.title })))
    .returning();
  for (const branch of branchRows) {
    if (!branch.checkoutTemplates.includes('DELIVERY')) continue;
    await tx.insert(s.branchDeliveryZones).values(
      zoneRows.map((z, i) => ({
        tenantId,
        branchId: branch.id,
        deliveryZoneId: z.id,
        active: demo.zones[i]?.active ?? true,
        deliveryFee: demo.zones[i]?.fee ?? '0',
      })),
    );
  }

  for (const [i, branch] of branchRows.entries()) {
    const payments = demo.branches[i]?.payments ?? {};
    for (const [template, active] of Object.entries(payments) as [
      PaymentTemplate,
      PaymentMethodType[],
    ][]) {
      await tx.insert(s.branchPaymentMethods).values(
        PAYMENT_METHODS_OFFERED[template]
          .filter((type) => type !== 'ROOM_CHARGE')
          .map((type) => ({
            tenantId,
            branchId: branch.id,
            checkoutTemplate: template,
            paymentMethodType: type,
            active: active.includes(type),
          })),
      );
    }
  }

  const dining = branchRows.find((b) => b.checkoutTemplates.includes('DINING'));
  if (dining) {
    for (const ts of demo.tableSections) {
      const [sec] = await tx
        .insert(s.serviceAreaSections)
        .values({ tenantId, branchId: dining.id, name: ts.name })
        .returning();
      const tables = [];
      for (let n = ts.from; n <= ts.to; n++) {
        tables.push({
          tenantId,
          branchId: dining.id,
          title: ts.title ?? null,
          value: String(n),
          sectionId: sec?.id ?? null,
          template: ts.template ?? 'DINING',
        });
      }
      await tx.insert(s.serviceAreas).values(tables);
    }
    for (const name of demo.uniqueLinks ?? []) {
      await tx
        .insert(s.uniqueLinks)
        .values({ tenantId, branchId: dining.id, name, template: 'DELIVERY' });
    }
  }

  const itemRows = await tx
    .select({ id: s.items.id, title: s.items.title })
    .from(s.items)
    .where(eq(s.items.tenantId, tenantId));
  for (const d of demo.discounts) {
    const [row] = await tx
      .insert(s.discounts)
      .values({
        tenantId,
        name: d.name,
        code: d.code,
        application: d.application,
        type: d.type,
        value: d.value,
        minOrderValue: d.minOrderValue,
        maximumDiscountValue: d.maximumDiscountValue,
        usageLimit: d.usageLimit,
        checkoutTemplates: d.templates,
        limitedToItems: d.items.length > 0,
        active: d.active,
      })
      .returning();
    const ids = itemRows.filter((i) => d.items.includes(i.title.en ?? '')).map((i) => i.id);
    if (row && ids.length > 0) {
      await tx
        .insert(s.discountItems)
        .values(ids.map((itemId) => ({ tenantId, discountId: row.id, itemId })));
    }
  }

  if (demo.hubrise)
    await tx
      .insert(s.posConnections)
      .values({ tenantId, ...demo.hubrise, accessToken: hubriseAccessToken });

  for (const u of demo.users) {
    const [user] = await tx
      .insert(s.users)
      .values({ email: u.email, displayName: u.displayName, passwordHash, emailVerified: true })
      .returning();
    if (user) await tx.insert(s.memberships).values({ tenantId, userId: user.id, role: u.role });
  }
  return tenantId;
}

/**
 * The demo's sign-ins found in the database, if any: a production server refuses to start on
 * them (their password is published).
 */
export async function demoAccountsPresent(db: Db): Promise<string[]> {
  const emails = DEMO_SIGN_INS.map((u) => u.email);
  const rows = await db
    .select({ email: s.users.email })
    .from(s.users)
    .where(inArray(sql`lower(${s.users.email})`, emails));
  return rows.map((r) => r.email);
}

export const DEMO_SIGN_INS = [
  { email: 'owner@demo.local', role: 'StoreOwner', tenant: 'Al Bayt Kitchen' },
  { email: 'manager@demo.local', role: 'StoreManager', tenant: 'Al Bayt Kitchen' },
  { email: 'staff@demo.local', role: 'OrderTaker', tenant: 'Al Bayt Kitchen' },
  { email: 'owner@other.local', role: 'StoreOwner', tenant: 'Casa Verde' },
  { email: 'owner@integrated.local', role: 'StoreOwner', tenant: 'Burger Yard (integrated)' },
  { email: 'multi@demo.local', role: 'StoreManager', tenant: 'both (tenant switcher)' },
  { email: 'legacy@demo.local', role: 'OrderTaker', tenant: 'Casa Verde (legacy email)' },
  { email: 'admin@demo.local', role: 'SuperAdmin', tenant: '(platform)' },
] as const;
