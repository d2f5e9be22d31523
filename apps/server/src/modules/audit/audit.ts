import {
  AUDIT_LIMITS,
  type AuditAction,
  type AuditChange,
  type AuditEntityType,
  type LocalizedText,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { currentActor } from './actor.ts';
import { auditEntries } from './audit.table.ts';
import { changesOf } from './changes.ts';

export type AuditedChange = {
  tenantId: string;
  entityType: AuditEntityType;
  entityId: string;
  branchId?: string | null;
  action: AuditAction;
  label?: LocalizedText | null;
} & (
  | {
      /** The entity as the API shows it before the change (null: it is new). */
      before: unknown;
      /** …and after it (null: it is gone). */
      after: unknown;
    }
  | { changes: AuditChange[] }
);

/** A title of an API shape, for the entry's label: its localized title or name. */
export function labelOf(shape: unknown): LocalizedText | null {
  if (!shape || typeof shape !== 'object') return null;
  const s = shape as Record<string, unknown>;
  for (const key of ['localizedTitle', 'title', 'localizedName', 'name']) {
    const v = s[key];
    if (v && typeof v === 'object' && 'fieldValue' in v) return v as LocalizedText;
    if (typeof v === 'string' && v) return { fieldValue: v };
  }
  return null;
}

/**
 * Records a change in the history, in `q`, the transaction that makes the change: a change
 * that rolls back leaves no entry. The actor is the request's (`asActor`). Nothing is written
 * when nothing differs. Callers pass API shapes, never a customer's personal data.
 */
export async function recordChange(q: Db | Tx, change: AuditedChange): Promise<void> {
  const all =
    'changes' in change ? change.changes : changesOf(change.before ?? null, change.after ?? null);
  if (all.length === 0) return;
  const actor = currentActor();
  const label =
    change.label !== undefined
      ? change.label
      : 'after' in change
        ? (labelOf(change.after) ?? labelOf(change.before))
        : null;
  await q.insert(auditEntries).values({
    tenantId: change.tenantId,
    actorId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role,
    entityType: change.entityType,
    entityId: change.entityId,
    branchId: change.branchId ?? null,
    action: change.action,
    label,
    changes: all.slice(0, AUDIT_LIMITS.fieldsMax),
    moreChanges: Math.max(0, all.length - AUDIT_LIMITS.fieldsMax),
  });
}
