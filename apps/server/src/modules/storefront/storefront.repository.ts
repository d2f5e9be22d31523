import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../identity/identity.table.ts';
import { branchDeliveryZones, deliveryZones } from '../outlet-settings/outlet-settings.table.ts';
import { serviceAreas, uniqueLinks } from '../service-areas/service-areas.table.ts';
import { tenantBranchRows, tenantRow } from '../../db/tenant-keys.ts';
import { findTenantRow } from '../../db/tenant-rows.ts';
import { tenantBranches } from '../identity/branches.ts';

/** The public reads of a storefront: a tenant by its slug, its branches, zones and tables. */
export function createStorefrontRepository(db: Db) {
  return {
    /** An active tenant's storefront: a deactivated one is not found. */
    async tenantBySlug(slug: string) {
      const [row] = await db
        .select()
        .from(tenants)
        .where(and(eq(tenants.slug, slug), eq(tenants.active, true)))
        .limit(1);
      return row;
    },

    async tenantById(tenantId: string) {
      const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row;
    },

    async branchesOf(tenantId: string) {
      return tenantBranches(db, tenantId);
    },

    /** A service area of the tenant; another tenant's id finds nothing. */
    async serviceArea(tenantId: string, serviceAreaId: string) {
      return findTenantRow(db, serviceAreas, tenantId, serviceAreaId);
    },

    /** The tables of a branch a customer can order from. */
    async diningTables(tenantId: string, branchId: string) {
      return db
        .select({ id: serviceAreas.id, value: serviceAreas.value, title: serviceAreas.title })
        .from(serviceAreas)
        .where(
          and(
            tenantBranchRows(serviceAreas, tenantId, branchId),
            eq(serviceAreas.enabled, true),
            eq(serviceAreas.template, 'DINING'),
          ),
        )
        .orderBy(sql`length(${serviceAreas.value})`, asc(serviceAreas.value));
    },

    /** The delivery zones a branch delivers to, with its fee for each. */
    async activeZones(tenantId: string, branchId: string) {
      return db
        .select({
          id: deliveryZones.id,
          title: deliveryZones.title,
          fee: branchDeliveryZones.deliveryFee,
        })
        .from(branchDeliveryZones)
        .innerJoin(
          deliveryZones,
          tenantRow(
            deliveryZones,
            branchDeliveryZones.tenantId,
            branchDeliveryZones.deliveryZoneId,
          ),
        )
        .where(
          and(
            tenantBranchRows(branchDeliveryZones, tenantId, branchId),
            eq(branchDeliveryZones.active, true),
          ),
        );
    },

    /** A unique link of the tenant; another tenant's id finds nothing. */
    async uniqueLink(tenantId: string, linkId: string) {
      return findTenantRow(db, uniqueLinks, tenantId, linkId);
    },
  };
}

export type StorefrontRepository = ReturnType<typeof createStorefrontRepository>;
