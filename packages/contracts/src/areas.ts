/**
 * The product's areas, one name each, the same in `packages/contracts/src/<area>.ts`,
 * `apps/server/src/modules/<area>/` and `apps/admin/src/features/<area>/` (a test holds the
 * three to this list). An area absent from a package says where its code is instead.
 */
export const AREAS = {
  /** Sign-in, users, memberships, the tenant profile, sign-up. */
  identity: {},
  /** The super admin's screens, health and the version heartbeat. */
  platform: {},
  /** Sections, items, variants, the tree, the banner, item availability, sold out per branch. */
  catalog: {},
  'modifier-groups': {},
  'price-adjustments': {},
  /** The menu imported from the xlsx template. */
  'bulk-upload': {},
  /** Items and modifiers mapped to the point of sale's codes (HubRise). */
  'pos-mapping': {},
  /** Translating sections, items, variants and modifier groups into the product languages. */
  localization: {},
  /** Image uploads; every editor with an image uses them. */
  images: { admin: 'shared UI in apps/admin/src/components/image-field.tsx' },
  /** Live orders, the ticket view and actions, printing, transfer, the order intake. */
  tickets: {},
  /** The orders report, its totals and its Excel export. */
  reports: {},
  /** Outlet status, branch profile, payment methods, opening hours, branding, delivery zones. */
  'outlet-settings': {},
  /** Discount codes and automatic discounts; the intake applies them. */
  discounts: {},
  /** Driver dispatch (its panel sits in the ticket view) and the third-party delivery outlet. */
  dispatch: {},
  /** Service area sections, tables, rooms, links and QR codes. */
  'service-areas': {},
  /** The public storefront and menu the customer side reads. */
  storefront: {
    admin: 'the customer side is apps/storefront (issue 19); the preview is in components/',
  },
  /** The owner's main dashboard: today's and this week's sales from SQL aggregates. */
  dashboard: {},
  /** Table bill payments: a table's open tab paid online, the live feed, transactions, refunds. */
  'table-bills': {},
  /** The history of changes: who changed what, each field before and after (issue 38). */
  audit: {},
} as const satisfies Record<string, { contracts?: string; server?: string; admin?: string }>;

export type Area = keyof typeof AREAS;
export const AREA_NAMES = Object.keys(AREAS) as Area[];

/** The areas a package holds a folder (or contracts file) for. */
export function areasIn(pkg: 'contracts' | 'server' | 'admin'): Area[] {
  return AREA_NAMES.filter((area) => !(pkg in AREAS[area]));
}
