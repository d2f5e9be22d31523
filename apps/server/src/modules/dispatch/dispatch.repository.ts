import { and, eq, inArray, sql } from 'drizzle-orm';
import { DispatchStatus, canRequestDriver, type DispatchIntegrationType } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';

export type DispatchRow = typeof s.driverDispatches.$inferSelect;
export type OutletRow = typeof s.talabatExpressOutlets.$inferSelect;
export type DispatchFields = Partial<
  Pick<
    DispatchRow,
    | 'dispatchStatus'
    | 'externalReferenceId'
    | 'driverName'
    | 'driverPhoneNumber'
    | 'estimatedPickupTime'
    | 'estimatedDeliveryTime'
    | 'lastStatusCheck'
  >
>;

const REQUESTABLE = DispatchStatus.options.filter(canRequestDriver);

export function createDispatchRepository(db: Db) {
  const key = (tenantId: string, ticketId: string) =>
    and(eq(s.driverDispatches.tenantId, tenantId), eq(s.driverDispatches.ticketId, ticketId));

  return {
    async ticket(tenantId: string, ticketId: string) {
      const [row] = await db
        .select({
          id: s.tickets.id,
          tenantId: s.tickets.tenantId,
          branchId: s.tickets.branchId,
          ticketNumber: s.tickets.ticketNumber,
          ticketType: s.tickets.ticketType,
          status: s.tickets.status,
          checkoutTemplate: s.tickets.checkoutTemplate,
          total: s.tickets.total,
          currency: s.tickets.currency,
          details: s.tickets.ticketDetails,
          branchName: s.branches.name,
          branchPhone: s.branches.phoneNumber,
        })
        .from(s.tickets)
        .innerJoin(s.branches, eq(s.branches.id, s.tickets.branchId))
        .where(and(eq(s.tickets.tenantId, tenantId), eq(s.tickets.id, ticketId)));
      return row;
    },

    async integrationType(tenantId: string, branchId: string) {
      const [row] = await db
        .select({ type: s.branchDispatchSettings.integrationType })
        .from(s.branchDispatchSettings)
        .where(
          and(
            eq(s.branchDispatchSettings.tenantId, tenantId),
            eq(s.branchDispatchSettings.branchId, branchId),
          ),
        );
      return row?.type ?? null;
    },

    async dispatch(tenantId: string, ticketId: string): Promise<DispatchRow | undefined> {
      const [row] = await db.select().from(s.driverDispatches).where(key(tenantId, ticketId));
      return row;
    },

    /**
     * Takes the ticket's dispatch for a new request, atomically: only when none is under way
     * (§4.2). Answers the claimed row with its new attempt, or undefined when one is.
     */
    async claim(input: {
      tenantId: string;
      ticketId: string;
      branchId: string;
      integrationType: DispatchIntegrationType;
      at: Date;
    }): Promise<DispatchRow | undefined> {
      const fresh = {
        integrationType: input.integrationType,
        branchId: input.branchId,
        dispatchStatus: 'UPCOMING' as const,
        externalReferenceId: null,
        driverName: null,
        driverPhoneNumber: null,
        estimatedPickupTime: null,
        estimatedDeliveryTime: null,
        requestedAt: input.at,
        lastStatusCheck: null,
      };
      const [row] = await db
        .insert(s.driverDispatches)
        .values({ tenantId: input.tenantId, ticketId: input.ticketId, attempt: 1, ...fresh })
        .onConflictDoUpdate({
          target: [s.driverDispatches.tenantId, s.driverDispatches.ticketId],
          set: { ...fresh, attempt: sql`${s.driverDispatches.attempt} + 1` },
          setWhere: inArray(s.driverDispatches.dispatchStatus, REQUESTABLE),
        })
        .returning();
      return row;
    },

    /**
     * Writes what the provider said, only over the row as it was read (same attempt and
     * status), so a late answer never undoes a newer request or a cancel.
     */
    async update(
      row: Pick<DispatchRow, 'tenantId' | 'ticketId' | 'attempt' | 'dispatchStatus'>,
      fields: DispatchFields,
    ): Promise<DispatchRow | undefined> {
      const [updated] = await db
        .update(s.driverDispatches)
        .set(fields)
        .where(
          and(
            key(row.tenantId, row.ticketId),
            eq(s.driverDispatches.attempt, row.attempt),
            eq(s.driverDispatches.dispatchStatus, row.dispatchStatus),
          ),
        )
        .returning();
      return updated;
    },

    async branch(tenantId: string, branchId: string) {
      const [row] = await db
        .select({ id: s.branches.id })
        .from(s.branches)
        .where(and(eq(s.branches.tenantId, tenantId), eq(s.branches.id, branchId)));
      return row;
    },

    async outlet(tenantId: string, branchId: string): Promise<OutletRow | undefined> {
      const [row] = await db
        .select()
        .from(s.talabatExpressOutlets)
        .where(
          and(
            eq(s.talabatExpressOutlets.tenantId, tenantId),
            eq(s.talabatExpressOutlets.branchId, branchId),
          ),
        );
      return row;
    },

    /**
     * Keeps the outlet as saved at Talabat Express; user emails are added and removed inside
     * the statement, so two people editing the list at once both keep their change. A new
     * outlet makes Talabat Express the branch's dispatch provider unless it has one.
     */
    async saveOutlet(
      values: Omit<OutletRow, 'users' | 'createdAt' | 'updatedAt'>,
      addUsers: string[],
      deleteUsers: string[],
      at: Date,
    ): Promise<OutletRow> {
      return db.transaction(async (tx) => {
        const users = (base: ReturnType<typeof sql>) =>
          sql`array(select distinct u from unnest(${base} || ${sql.param(addUsers)}::text[]) as u where u <> all(${sql.param(deleteUsers)}::text[]) order by u)`;
        const [row] = await tx
          .insert(s.talabatExpressOutlets)
          .values({
            ...values,
            users: sql`${users(sql`'{}'::text[]`)}`,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: [s.talabatExpressOutlets.tenantId, s.talabatExpressOutlets.branchId],
            set: {
              name: values.name,
              address: values.address,
              city: values.city,
              latitude: values.latitude,
              longitude: values.longitude,
              currency: values.currency,
              locale: values.locale,
              phoneNumber: values.phoneNumber,
              users: users(sql`${s.talabatExpressOutlets.users}`),
              updatedAt: at,
            },
          })
          .returning();
        await tx
          .insert(s.branchDispatchSettings)
          .values({
            tenantId: values.tenantId,
            branchId: values.branchId,
            integrationType: 'THIRDPARTY_TALABAT_EXPRESS',
          })
          .onConflictDoNothing();
        return row!;
      });
    },
  };
}

export type DispatchRepository = ReturnType<typeof createDispatchRepository>;
