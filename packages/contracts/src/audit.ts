import { z } from 'zod';
import { MembershipRole } from './access.ts';
import { TENANT_PATH, routesOf } from './http.ts';
import { Instant, LocalizedText, TenantParams, Text, Uuid } from './common.ts';

/**
 * The history of changes (issue 38): every change to the menu, discounts, outlet settings,
 * people and rights, ticket statuses and refunds, written in the transaction of the change
 * itself, with who made it and each field before and after. Never a customer's personal data.
 */
export const AUDIT_LIMITS = {
  /** Days an entry is kept unless AUDIT_RETENTION_DAYS says otherwise. */
  retentionDaysDefault: 400,
  pageDefault: 50,
  pageMax: 100,
  /** Fields kept per entry; a change of more says how many were left out. */
  fieldsMax: 200,
  /** A field's before or after value, as JSON text, is cut past this. */
  valueMaxChars: 2_000,
  /** A person asked by id or sign-in address. */
  actorMax: 254,
} as const;

/** What a change is of; the History tab of an editor asks for its own type and id. */
export const AUDIT_ENTITY_TYPES = [
  'item',
  'section',
  'modifierGroup',
  'priceAdjustment',
  /** The menu as a whole: arrangement, moves, the banner, a bulk import. */
  'menu',
  'discount',
  /** A branch's settings: profile, templates, hours, payment methods, zones, status. */
  'branch',
  /** The outlet's name, colours, images and view properties. */
  'branding',
  'serviceArea',
  'ticket',
  'tableBill',
  /** People and rights: the outlet itself, its members and their roles. */
  'people',
] as const;
export const AuditEntityType = z.enum(AUDIT_ENTITY_TYPES);
export type AuditEntityType = z.infer<typeof AuditEntityType>;

/** What managers see besides every entry of a branch: what they edit themselves. */
export const MANAGER_AUDIT_TYPES: readonly AuditEntityType[] = ['discount', 'modifierGroup'];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  /** Sold out at a branch, or back. */
  'stock',
  /** A ticket's status. */
  'status',
  'refund',
  'import',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditChange = z.object({
  /** The field as the API names it, nested with dots: `variants.0.price`, `hours.1.dayClosed`. */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditActor = z.object({
  /** Null: the system (an expiry, an integration, a customer's payment). */
  id: Uuid.nullable(),
  email: z.string().nullable(),
  role: z.union([MembershipRole, z.literal('SuperAdmin')]).nullable(),
});
export type AuditActor = z.infer<typeof AuditActor>;

export const AuditEntry = z.object({
  id: Uuid,
  at: z.string(),
  actor: AuditActor,
  entityType: AuditEntityType,
  entityId: Uuid,
  /** The branch the change concerns; null for the tenant's own (the menu, branding). */
  branchId: Uuid.nullable(),
  action: AuditAction,
  /** The entity's name when changed (an item's title, a ticket's number), for lists. */
  label: LocalizedText.nullable(),
  changes: z.array(AuditChange),
  /** Fields left out past the limit. */
  moreChanges: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `at|id` of the last entry read, as the previous page answered it. */
const AuditCursor = Text.regex(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  { message: 'cursor_invalid' },
);

export const AuditQuery = z.object({
  entityType: AuditEntityType.optional(),
  entityId: Uuid.optional(),
  /** A person by id or sign-in address. */
  actor: Text.trim().min(1).max(AUDIT_LIMITS.actorMax).optional(),
  branchId: Uuid.optional(),
  from: Instant.optional(),
  to: Instant.optional(),
  cursor: AuditCursor.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LIMITS.pageMax).default(AUDIT_LIMITS.pageDefault),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;

const route = routesOf('audit');

export const auditRoutes = {
  audit: route({
    method: 'GET',
    path: `${TENANT_PATH}/audit`,
    access: { permission: 'AuditLog' },
    summary: 'The history of changes, newest first, filtered and a page at a time',
    description: [
      'Owners see every entry; managers the entries of a branch and of what they edit themselves',
      `(${MANAGER_AUDIT_TYPES.join(', ')}). Entries are kept AUDIT_RETENTION_DAYS days`,
      `(${AUDIT_LIMITS.retentionDaysDefault} by default).`,
    ].join('\n'),
    params: TenantParams,
    query: AuditQuery,
    results: AuditPage,
  }),
};
