import { AUDIT_LIMITS, type AuditChange } from '@app/contracts';

/** Fields that change with every write and say nothing of what changed. */
const NOISE = new Set(['updatedAt', 'createdAt', 'lastModified']);

type Leaves = Map<string, unknown>;

/**
 * A value as `field → leaf value`: objects by key and lists of objects by index
 * (`variants.0.price`); lists of plain values stay one leaf (`excludedBranches`). Empty
 * containers have no leaves.
 */
function flatten(value: unknown, prefix: string, out: Leaves): void {
  const at = (key: string | number) => (prefix ? `${prefix}.${key}` : String(key));
  if (Array.isArray(value)) {
    if (value.some((v) => v !== null && typeof v === 'object')) {
      value.forEach((v, i) => flatten(v, at(i), out));
    } else if (value.length > 0) {
      out.set(prefix, value);
    }
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (!NOISE.has(key) && v !== undefined) flatten(v, at(key), out);
    }
    return;
  }
  if (value !== undefined && value !== null) out.set(prefix, value);
}

const leavesOf = (value: unknown): Leaves => {
  const out: Leaves = new Map();
  flatten(value, '', out);
  return out;
};

/** A value kept whole when short, else its JSON text cut to the limit. */
function bounded(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text.length > AUDIT_LIMITS.valueMaxChars
    ? `${text.slice(0, AUDIT_LIMITS.valueMaxChars)}…`
    : value;
}

/**
 * Each field that differs between two shapes of an entity, with its value before and after
 * (null where a side has none): the whole entity on a create (before null) or a delete.
 */
export function changesOf(before: unknown, after: unknown): AuditChange[] {
  const a = leavesOf(before);
  const b = leavesOf(after);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const x = a.get(field) ?? null;
    const y = b.get(field) ?? null;
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      changes.push({ field, before: bounded(x), after: bounded(y) });
    }
  }
  return changes;
}
