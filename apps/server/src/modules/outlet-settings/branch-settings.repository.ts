import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type CheckoutTemplate,
  type LocalizedText,
  type PaymentTemplate,
  type StoreHoursSlot,
  type StoredPaymentMethod,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { branches, tenants } from '../identity/identity.table.ts';
import {
  branchDeliveryZones,
  branchOpeningHours,
  branchPaymentMethods,
  deliveryZones,
} from './outlet-settings.table.ts';
import { serviceAreaPaymentMethods, serviceAreas } from '../service-areas/service-areas.table.ts';
import { paymentMethodsRepository } from './payment-methods.repository.ts';
import { tenantBranchRows, tenantRow } from '../../db/tenant-keys.ts';
import { branchOrder } from '../identity/branches.ts';

type Q = Db | Tx;

const inBranch = (tenantId: string, branchId: string) => tenantRow(branches, tenantId, branchId);

/** Drizzle queries of a branch's settings; every one is filtered by tenant. */
export const branchSettingsRepository = {
  async branches(q: Q, tenantId: string) {
    return q
      .select()
      .from(branches)
      .where(eq(branches.tenantId, tenantId))
      .orderBy(...branchOrder());
  },

  async branchWithTenant(q: Q, tenantId: string, branchId: string) {
    const [row] = await q
      .select({ branch: branches, tenant: tenants })
      .from(branches)
      .innerJoin(tenants, eq(tenants.id, branches.tenantId))
      .where(inBranch(tenantId, branchId));
    return row;
  },

  /** Locks the branch row: concurrent changes of its settings queue behind each other. */
  async lockBranch(tx: Tx, tenantId: string, branchId: string) {
    const [row] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(inBranch(tenantId, branchId))
      .for('update');
    return row;
  },

  async updateProfile(
    q: Q,
    tenantId: string,
    branchId: string,
    patch: { name: LocalizedText; phoneNumber: string },
  ) {
    const [row] = await q
      .update(branches)
      .set(patch)
      .where(inBranch(tenantId, branchId))
      .returning({ id: branches.id });
    return row;
  },

  /** Adds or removes one template in one statement, so two toggles never lose each other. */
  async setTemplate(
    q: Q,
    tenantId: string,
    branchId: string,
    template: CheckoutTemplate,
    enabled: boolean,
  ) {
    const list = branches.checkoutTemplates;
    const next = enabled
      ? sql`case when ${template} = any(${list}) then ${list} else array_append(${list}, ${template}::text) end`
      : sql`array_remove(${list}, ${template}::text)`;
    const [row] = await q
      .update(branches)
      .set({ checkoutTemplates: next as unknown as CheckoutTemplate[] })
      .where(inBranch(tenantId, branchId))
      .returning({ checkoutTemplates: branches.checkoutTemplates });
    return row;
  },

  paymentMethods: paymentMethodsRepository.ofBranch,

  async upsertPaymentMethods(
    q: Q,
    tenantId: string,
    branchId: string,
    template: PaymentTemplate,
    methods: readonly StoredPaymentMethod[],
  ) {
    if (methods.length === 0) return;
    await q
      .insert(branchPaymentMethods)
      .values(methods.map((m) => ({ tenantId, branchId, checkoutTemplate: template, ...m })))
      .onConflictDoUpdate({
        target: [
          branchPaymentMethods.tenantId,
          branchPaymentMethods.branchId,
          branchPaymentMethods.checkoutTemplate,
          branchPaymentMethods.paymentMethodType,
        ],
        set: { active: sql`excluded.active` },
      });
  },

  /** Whether a table is the branch's. */
  async serviceArea(q: Q, tenantId: string, branchId: string, id: string) {
    const [row] = await q
      .select({ id: serviceAreas.id })
      .from(serviceAreas)
      .where(and(tenantBranchRows(serviceAreas, tenantId, branchId), eq(serviceAreas.id, id)));
    return row;
  },

  /** A table's own dine-in payment rows. */
  areaPaymentMethods: (q: Q, tenantId: string, serviceAreaId: string) =>
    paymentMethodsRepository.ofAreas(q, tenantId, [serviceAreaId]),

  async upsertAreaPaymentMethods(
    q: Q,
    tenantId: string,
    serviceAreaId: string,
    methods: readonly StoredPaymentMethod[],
  ) {
    if (methods.length === 0) return;
    await q
      .insert(serviceAreaPaymentMethods)
      .values(methods.map((m) => ({ tenantId, serviceAreaId, ...m })))
      .onConflictDoUpdate({
        target: [
          serviceAreaPaymentMethods.tenantId,
          serviceAreaPaymentMethods.serviceAreaId,
          serviceAreaPaymentMethods.paymentMethodType,
        ],
        set: { active: sql`excluded.active` },
      });
  },

  async hours(q: Q, tenantId: string, branchId: string, template?: CheckoutTemplate) {
    return q
      .select({
        checkoutTemplate: branchOpeningHours.checkoutTemplate,
        day: branchOpeningHours.day,
        dayClosed: branchOpeningHours.dayClosed,
        hours: branchOpeningHours.hours,
      })
      .from(branchOpeningHours)
      .where(
        and(
          tenantBranchRows(branchOpeningHours, tenantId, branchId),
          template ? eq(branchOpeningHours.checkoutTemplate, template) : undefined,
        ),
      );
  },

  async upsertHours(
    q: Q,
    tenantId: string,
    branchId: string,
    days: readonly {
      checkoutTemplate: CheckoutTemplate;
      day: number;
      dayClosed: boolean;
      hours: StoreHoursSlot[];
    }[],
  ) {
    await q
      .insert(branchOpeningHours)
      .values(days.map((d) => ({ tenantId, branchId, ...d })))
      .onConflictDoUpdate({
        target: [
          branchOpeningHours.tenantId,
          branchOpeningHours.branchId,
          branchOpeningHours.checkoutTemplate,
          branchOpeningHours.day,
        ],
        set: { dayClosed: sql`excluded.day_closed`, hours: sql`excluded.hours` },
      });
  },

  /** Every zone of the tenant with this branch's switch and fee (off and 0 when never set). */
  async zones(q: Q, tenantId: string, branchId: string, zoneId?: string) {
    return q
      .select({
        id: deliveryZones.id,
        title: deliveryZones.title,
        active: sql<boolean>`coalesce(${branchDeliveryZones.active}, false)`,
        fee: sql<string>`coalesce(${branchDeliveryZones.deliveryFee}, 0)::text`,
      })
      .from(deliveryZones)
      .leftJoin(
        branchDeliveryZones,
        and(
          eq(branchDeliveryZones.tenantId, deliveryZones.tenantId),
          eq(branchDeliveryZones.deliveryZoneId, deliveryZones.id),
          eq(branchDeliveryZones.branchId, branchId),
        ),
      )
      .where(
        and(
          eq(deliveryZones.tenantId, tenantId),
          zoneId ? eq(deliveryZones.id, zoneId) : undefined,
        ),
      )
      .orderBy(sql`${deliveryZones.title} ->> 'fieldValue'`, asc(deliveryZones.id));
  },

  async upsertZone(
    q: Q,
    row: {
      tenantId: string;
      branchId: string;
      deliveryZoneId: string;
      active: boolean;
      fee: string;
    },
  ) {
    await q
      .insert(branchDeliveryZones)
      .values({
        tenantId: row.tenantId,
        branchId: row.branchId,
        deliveryZoneId: row.deliveryZoneId,
        active: row.active,
        deliveryFee: row.fee,
      })
      .onConflictDoUpdate({
        target: [
          branchDeliveryZones.tenantId,
          branchDeliveryZones.branchId,
          branchDeliveryZones.deliveryZoneId,
        ],
        set: { active: row.active, deliveryFee: row.fee },
      });
  },
};

export type BranchSettingsRepository = typeof branchSettingsRepository;
