import { and, eq, inArray } from 'drizzle-orm';
import { type PaymentTemplate, type StoredPaymentMethod } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { serviceAreaPaymentMethods } from '../service-areas/service-areas.table.ts';
import { branchPaymentMethods } from './outlet-settings.table.ts';
import { tenantBranchRows } from '../../db/tenant-keys.ts';

type Q = Db | Tx;

/** The stored payment rows: a branch's per template, and tables' own dine-in ones. */
export const paymentMethodsRepository = {
  async ofBranch(
    q: Q,
    tenantId: string,
    branchId: string,
    template: PaymentTemplate,
  ): Promise<StoredPaymentMethod[]> {
    return q
      .select({
        paymentMethodType: branchPaymentMethods.paymentMethodType,
        active: branchPaymentMethods.active,
      })
      .from(branchPaymentMethods)
      .where(
        and(
          tenantBranchRows(branchPaymentMethods, tenantId, branchId),
          eq(branchPaymentMethods.checkoutTemplate, template),
        ),
      );
  },

  async ofAreas(q: Q, tenantId: string, areaIds: readonly string[]) {
    if (areaIds.length === 0) return [];
    return q
      .select({
        serviceAreaId: serviceAreaPaymentMethods.serviceAreaId,
        paymentMethodType: serviceAreaPaymentMethods.paymentMethodType,
        active: serviceAreaPaymentMethods.active,
      })
      .from(serviceAreaPaymentMethods)
      .where(
        and(
          eq(serviceAreaPaymentMethods.tenantId, tenantId),
          inArray(serviceAreaPaymentMethods.serviceAreaId, [...areaIds]),
        ),
      );
  },
};

export type PaymentMethodsRepository = typeof paymentMethodsRepository;
