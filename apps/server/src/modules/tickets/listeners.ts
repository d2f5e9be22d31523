import type { FastifyBaseLogger } from 'fastify';
import { recordChange } from '../audit/audit.ts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { SCREEN_GONE_SECONDS, type BranchListeners, type EscalationBody } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { NotFound } from '../../errors.ts';
import { branches, users } from '../identity/identity.table.ts';
import { liveScreens, pushSubscriptions } from './push.table.ts';

/** What the realtime hub tells of its connections (realtime/hub.ts). */
export type ScreenPresence = {
  opened(screen: { id: string; userId: string; tenantIds: readonly string[] }): void;
  heard(screen: { id: string; tenantIds: readonly string[] }): void;
  sound(screen: { id: string; tenantIds: readonly string[] }, soundOn: boolean): void;
  closed(screen: { id: string; tenantIds: readonly string[] }): void;
};

/**
 * The hub's open screens, kept in the database so that every server copy's listeners call sees
 * all of them. Each write runs on its own, after the socket event; a failed one is logged and
 * the next ping writes again.
 */
export function createScreenPresence(db: Db, log: FastifyBaseLogger): ScreenPresence {
  const write = (tenantIds: readonly string[], work: () => PromiseLike<unknown>) => {
    if (tenantIds.length === 0) return;
    void inScope({ tenantIds }, work).catch((err: unknown) =>
      log.warn({ err }, 'listeners: a screen could not be recorded'),
    );
  };
  const rows = (screen: { id: string; tenantIds: readonly string[] }) =>
    and(eq(liveScreens.id, screen.id), inArray(liveScreens.tenantId, [...screen.tenantIds]));
  return {
    opened: (screen) =>
      write(screen.tenantIds, () =>
        db
          .insert(liveScreens)
          .values(
            screen.tenantIds.map((tenantId) => ({
              id: screen.id,
              tenantId,
              userId: screen.userId,
            })),
          )
          .onConflictDoNothing(),
      ),
    heard: (screen) =>
      write(screen.tenantIds, () =>
        db
          .update(liveScreens)
          .set({ lastHeardAt: sql`now()` })
          .where(rows(screen)),
      ),
    sound: (screen, soundOn) =>
      write(screen.tenantIds, () =>
        db
          .update(liveScreens)
          .set({ soundOn, lastHeardAt: sql`now()` })
          .where(rows(screen)),
      ),
    closed: (screen) => write(screen.tenantIds, () => db.delete(liveScreens).where(rows(screen))),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A device whose last push did not fail (or that has had none yet). */
const deviceWorks = (d: { lastDeliveredAt: Date | null; lastFailedAt: Date | null }) =>
  !d.lastFailedAt || (d.lastDeliveredAt !== null && d.lastDeliveredAt > d.lastFailedAt);

/** GET …/branches/{branchId}/listeners: who would hear a new order of the branch now. */
export async function branchListeners(
  db: Db,
  tenantId: string,
  branchId: string,
): Promise<BranchListeners> {
  const [branch] = await db
    .select({ id: branches.id, escalateAfterMinutes: branches.escalateAfterMinutes })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, branchId)));
  if (!branch) throw new NotFound('Branch');
  // Screens of a server copy that died are never closed: gone after a few minutes unheard.
  await db
    .delete(liveScreens)
    .where(
      and(
        eq(liveScreens.tenantId, tenantId),
        sql`${liveScreens.lastHeardAt} < now() - interval '10 minutes'`,
      ),
    );
  const screens = await db
    .select({ screen: liveScreens, userName: users.displayName })
    .from(liveScreens)
    .leftJoin(users, eq(users.id, liveScreens.userId))
    .where(
      and(
        eq(liveScreens.tenantId, tenantId),
        sql`${liveScreens.lastHeardAt} >= now() - make_interval(secs => ${SCREEN_GONE_SECONDS})`,
      ),
    )
    .orderBy(desc(liveScreens.soundOn), desc(liveScreens.connectedAt));
  const devices = await db
    .select({ device: pushSubscriptions, userName: users.displayName })
    .from(pushSubscriptions)
    .leftJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(
      and(
        eq(pushSubscriptions.tenantId, tenantId),
        sql`${branchId}::uuid = any(${pushSubscriptions.branchIds})`,
      ),
    )
    .orderBy(desc(pushSubscriptions.createdAt));
  return {
    screens: screens.map(({ screen, userName }) => ({
      userName,
      soundOn: screen.soundOn,
      since: screen.connectedAt.toISOString(),
      lastHeardAt: screen.lastHeardAt.toISOString(),
    })),
    pushDevices: devices.map(({ device, userName }) => ({
      id: device.id,
      userName,
      since: device.createdAt.toISOString(),
      lastDeliveredAt: iso(device.lastDeliveredAt),
      lastFailedAt: iso(device.lastFailedAt),
    })),
    listening:
      screens.some(({ screen }) => screen.soundOn) ||
      devices.some(({ device }) => deviceWorks(device)),
    escalateAfterMinutes: branch.escalateAfterMinutes,
  };
}

/** GET …/listeners: per branch, whether a screen with its chime on or a working device hears. */
export async function tenantListening(db: Db, tenantId: string) {
  const [screen] = await db
    .select({ id: liveScreens.id })
    .from(liveScreens)
    .where(
      and(
        eq(liveScreens.tenantId, tenantId),
        eq(liveScreens.soundOn, true),
        sql`${liveScreens.lastHeardAt} >= now() - make_interval(secs => ${SCREEN_GONE_SECONDS})`,
      ),
    )
    .limit(1);
  const rows = await db
    .select({ branchId: branches.id })
    .from(branches)
    .where(eq(branches.tenantId, tenantId))
    .orderBy(branches.position);
  const devices = await db
    .select({
      branchIds: pushSubscriptions.branchIds,
      lastDeliveredAt: pushSubscriptions.lastDeliveredAt,
      lastFailedAt: pushSubscriptions.lastFailedAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.tenantId, tenantId));
  const heard = new Set(devices.filter(deviceWorks).flatMap((d) => d.branchIds));
  return rows.map((r) => ({
    branchId: r.branchId,
    listening: Boolean(screen) || heard.has(r.branchId),
  }));
}

/** PUT …/branches/{branchId}/escalation. */
export async function setEscalation(
  db: Db,
  tenantId: string,
  branchId: string,
  body: EscalationBody,
): Promise<EscalationBody> {
  return db.transaction(async (tx) => {
    const where = and(eq(branches.tenantId, tenantId), eq(branches.id, branchId));
    const [was] = await tx
      .select({ name: branches.name, escalateAfterMinutes: branches.escalateAfterMinutes })
      .from(branches)
      .where(where);
    const updated = await tx
      .update(branches)
      .set({ escalateAfterMinutes: body.escalateAfterMinutes })
      .where(where)
      .returning({ escalateAfterMinutes: branches.escalateAfterMinutes });
    if (!was || updated.length === 0) throw new NotFound('Branch');
    await recordChange(tx, {
      tenantId,
      entityType: 'branch',
      entityId: branchId,
      branchId,
      action: 'update',
      label: was.name,
      before: { escalateAfterMinutes: was.escalateAfterMinutes },
      after: updated[0]!,
    });
    return updated[0]!;
  });
}
