import { and, desc, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  MANAGER_AUDIT_TYPES,
  type AuditEntry,
  type AuditPage,
  type MembershipRole,
  type RouteQuery,
  type auditRoutes,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { ValidationFailed } from '../../errors.ts';
import { auditEntries } from './audit.table.ts';

type Query = RouteQuery<typeof auditRoutes.audit>;
type Row = typeof auditEntries.$inferSelect;

const toEntry = (r: Row): AuditEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: { id: r.actorId, email: r.actorEmail, role: r.actorRole ?? null },
  entityType: r.entityType,
  entityId: r.entityId,
  branchId: r.branchId,
  action: r.action,
  label: r.label,
  changes: r.changes,
  moreChanges: r.moreChanges,
});

/** An instant of the query as PostgreSQL reads it; 422 for a date no calendar has. */
function instant(text: string, field: string): string {
  const at = new Date(text);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1) {
    throw new ValidationFailed(field, [field === 'cursor' ? 'cursor_invalid' : 'date_invalid']);
  }
  return at.toISOString();
}

/** The history of changes: a tenant's entries as their reader may see them, newest first. */
export function createAuditService(deps: { db: Db; owner: Db; retentionDays: number }) {
  const { db } = deps;
  return {
    /**
     * A page of entries. Owners (and the super admin) see every entry; managers those of a
     * branch and of what they edit themselves. Keyset paging on (at, id).
     */
    async list(tenantId: string, role: MembershipRole | undefined, q: Query): Promise<AuditPage> {
      const t = auditEntries;
      const where: (SQL | undefined)[] = [eq(t.tenantId, tenantId)];
      if (role !== undefined && role !== 'StoreOwner') {
        where.push(or(isNotNull(t.branchId), inArray(t.entityType, [...MANAGER_AUDIT_TYPES])));
      }
      if (q.entityType) where.push(eq(t.entityType, q.entityType));
      if (q.entityId) where.push(eq(t.entityId, q.entityId));
      if (q.branchId) where.push(eq(t.branchId, q.branchId));
      if (q.actor) {
        where.push(
          sql`(${t.actorId}::text = lower(${q.actor}) or lower(${t.actorEmail}) = lower(${q.actor}))`,
        );
      }
      if (q.from) where.push(sql`${t.at} >= ${instant(q.from, 'from')}::timestamptz`);
      if (q.to) where.push(sql`${t.at} < ${instant(q.to, 'to')}::timestamptz`);
      if (q.cursor) {
        const [at, id] = q.cursor.split('|') as [string, string];
        where.push(sql`(${t.at}, ${t.id}) < (${instant(at, 'cursor')}::timestamptz, ${id}::uuid)`);
      }
      const rows = await db
        .select()
        .from(t)
        .where(and(...where))
        .orderBy(desc(t.at), desc(t.id))
        .limit(q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        entries: page.map(toEntry),
        nextCursor: rows.length > q.limit && last ? `${last.at.toISOString()}|${last.id}` : null,
      };
    },

    /** Deletes every tenant's entries older than the retention (the owner's handle). */
    async prune(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - deps.retentionDays * 86_400_000);
      const gone = await deps.owner
        .delete(auditEntries)
        .where(lt(auditEntries.at, cutoff))
        .returning({ id: auditEntries.id });
      return gone.length;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
