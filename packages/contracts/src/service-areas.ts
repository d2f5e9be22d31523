import { z } from 'zod';
import { BranchParams, Text, Uuid } from './common.ts';
import { routesOf, TENANT_PATH } from './http.ts';
import { PaymentMethodSetting } from './branch-basics.ts';

/** operations-platform §5.5 and §9. */
export const LIMITS_SERVICE_AREAS = {
  sectionNameMin: 3,
  sectionNameMax: 36,
  titleMin: 1,
  titleMax: 100,
  rangeStartMin: 1,
  rangeStartMax: 10_000,
  rangeEndMin: 1,
  rangeEndMax: 1_000,
  uniqueLinkNameMax: 100,
  pageSize: 50,
  pageSizes: [5, 10, 25, 50, 100],
  /** QR codes of one download; a branch's every table fits. */
  qrCodesMax: 10_000,
} as const;

/** §9: the QR colour when none is chosen. */
export const DEFAULT_QR_COLOR = '#000000';

/** A table's template: an orderable dine-in table, or a menu to read only. */
export const ServiceAreaTemplate = z.enum(['DINING', 'MENU']);
export type ServiceAreaTemplate = z.infer<typeof ServiceAreaTemplate>;

/** The templates a unique link can open (the path's {template}). */
export const UniqueLinkTemplate = z.enum(['DELIVERY', 'PICKUP']);
export type UniqueLinkTemplate = z.infer<typeof UniqueLinkTemplate>;

/** Filter value for tables that belong to no section ('Tables without a section'). */
export const NO_SECTION = 'none';

// ---------------------------------------------------------------------------------------------
// Sections (§3 Section, §5.5)

export const ServiceAreaSection = z.object({ id: Uuid, name: z.string() });
export type ServiceAreaSection = z.infer<typeof ServiceAreaSection>;

/** §5.5: a section name is required, 3 to 36 characters. */
export const SectionBody = z.object({
  name: Text.trim()
    .min(LIMITS_SERVICE_AREAS.sectionNameMin)
    .max(LIMITS_SERVICE_AREAS.sectionNameMax),
});
export type SectionBody = z.infer<typeof SectionBody>;

// ---------------------------------------------------------------------------------------------
// Service areas: tables, rooms, sunbeds (§3 ServiceArea, §5.5)

const Title = Text.trim().min(LIMITS_SERVICE_AREAS.titleMin).max(LIMITS_SERVICE_AREAS.titleMax);

export const ServiceArea = z.object({
  id: Uuid,
  /** The optional prefix ('Terrace' in 'Terrace 12'). */
  title: z.string().nullable(),
  /** The table's number. */
  value: z.string(),
  sectionId: Uuid.nullable(),
  sectionName: z.string().nullable(),
  enabled: z.boolean(),
  template: ServiceAreaTemplate,
  /** The table's dine-in payment methods: its own where set, else the branch's (§4.4). */
  paymentMethods: z.array(PaymentMethodSetting),
});
export type ServiceArea = z.infer<typeof ServiceArea>;

/** What a table is called: its prefix and number. */
export const serviceAreaName = (area: { title: string | null; value: string }): string =>
  area.title ? `${area.title} ${area.value}` : area.value;

/**
 * §5.5: tables rangeStart..rangeEnd (from 1–10000, to 1–1000, from ≤ to), with an optional
 * prefix and section, created together or not at all.
 */
export const ServiceAreaRangeBody = z
  .object({
    title: Title.nullable().optional(),
    rangeStart: z
      .number()
      .int()
      .min(LIMITS_SERVICE_AREAS.rangeStartMin)
      .max(LIMITS_SERVICE_AREAS.rangeStartMax),
    rangeEnd: z
      .number()
      .int()
      .min(LIMITS_SERVICE_AREAS.rangeEndMin)
      .max(LIMITS_SERVICE_AREAS.rangeEndMax),
    sectionId: Uuid.nullable().optional(),
    enabled: z.boolean().default(true),
    template: ServiceAreaTemplate.default('DINING'),
  })
  .refine((b) => b.rangeStart <= b.rangeEnd, { path: ['rangeEnd'], message: 'range_invalid' });
export type ServiceAreaRangeBody = z.infer<typeof ServiceAreaRangeBody>;

/** Editing one table: its prefix, section, template and whether it takes orders. */
export const ServiceAreaBody = z.object({
  title: Title.nullable().optional(),
  sectionId: Uuid.nullable().optional(),
  enabled: z.boolean().optional(),
  template: ServiceAreaTemplate.optional(),
});
export type ServiceAreaBody = z.infer<typeof ServiceAreaBody>;

export const ServiceAreaSort = z.enum(['value', 'name', 'template', 'section']);
export type ServiceAreaSort = z.infer<typeof ServiceAreaSort>;

export const ServiceAreasQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (LIMITS_SERVICE_AREAS.pageSizes as readonly number[]).includes(n), {
      message: 'page_size_invalid',
    })
    .default(LIMITS_SERVICE_AREAS.pageSize),
  sort: ServiceAreaSort.default('value'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** A section's id, or 'none' for tables without a section. */
  sectionId: z.union([Uuid, z.literal(NO_SECTION)]).optional(),
  /** Part of a table's name (the per-table payment page's 'Search by QR'). */
  search: Text.trim()
    .max(LIMITS_SERVICE_AREAS.titleMax + 10)
    .optional(),
});
export type ServiceAreasQuery = z.infer<typeof ServiceAreasQuery>;

export const ServiceAreaPage = z.object({
  serviceAreas: z.array(ServiceArea),
  /** All tables matching the filter, over every page. */
  totalCount: z.number().int(),
});
export type ServiceAreaPage = z.infer<typeof ServiceAreaPage>;

// ---------------------------------------------------------------------------------------------
// Unique links (§3 Unique link, §5.5)

export const UniqueLink = z.object({
  id: Uuid,
  name: z.string(),
  template: UniqueLinkTemplate,
  /** The storefront address its QR code carries. */
  url: z.string(),
});
export type UniqueLink = z.infer<typeof UniqueLink>;

/** §5.5: a unique link's name is required. */
export const UniqueLinkBody = z.object({
  name: Text.trim().min(1).max(LIMITS_SERVICE_AREAS.uniqueLinkNameMax),
});
export type UniqueLinkBody = z.infer<typeof UniqueLinkBody>;

// ---------------------------------------------------------------------------------------------
// QR codes (§7.2, §9)

/** A QR colour: '#' and 3 or 6 hex digits; #000000 when not sent. */
export const QrColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: 'hex_color_invalid' })
  .transform((v) => v.toLowerCase());

export const QrCodesBody = z.object({
  ids: z.array(Uuid).min(1).max(LIMITS_SERVICE_AREAS.qrCodesMax),
  qrColor: QrColor.default(DEFAULT_QR_COLOR),
});
export type QrCodesBody = z.infer<typeof QrCodesBody>;

// ---------------------------------------------------------------------------------------------
// Routes (§7.2)

const BASE = `${TENANT_PATH}/branches/:branchId/serviceareamanagement`;
/** §6: the service areas page is the store owner's. */
const owner = { permission: 'StoreSettings' } as const;
const route = routesOf('service-areas');

export const serviceAreasRoutes = {
  createSection: route({
    method: 'POST',
    path: `${BASE}/sections`,
    access: owner,
    summary: 'Add a section (a group of tables); name 3–36 characters, unique in the branch',
    description: '422 codes (field `name`): `min`, `max`, `duplicate_floor`.',
    params: BranchParams,
    body: SectionBody,
    results: ServiceAreaSection,
    status: 201,
  }),
  sections: route({
    method: 'GET',
    path: `${BASE}/sections`,
    access: owner,
    summary: "A branch's sections, by name",
    params: BranchParams,
    results: z.array(ServiceAreaSection),
  }),
  updateSection: route({
    method: 'PUT',
    path: `${BASE}/sections/:id`,
    access: owner,
    summary: 'Rename a section',
    description: '422 codes (field `name`): `min`, `max`, `duplicate_floor`.',
    params: BranchParams.extend({ id: Uuid }),
    body: SectionBody,
    results: ServiceAreaSection,
  }),
  createServiceAreas: route({
    method: 'POST',
    path: `${BASE}/serviceareas`,
    access: owner,
    summary: 'Add tables rangeStart..rangeEnd with an optional prefix and section, all or none',
    description:
      '422 codes: `duplicate_service_area` (field `rangeStart`) when any table of the range exists (same prefix and number); `range_invalid` (field `rangeEnd`) when from > to; `section_not_found` (field `sectionId`).',
    params: BranchParams,
    body: ServiceAreaRangeBody,
    results: z.array(ServiceArea),
    status: 201,
  }),
  serviceAreas: route({
    method: 'GET',
    path: `${BASE}/serviceareas`,
    // Also the per-table payment page's list, which every member may open (§6).
    access: { permission: 'ServiceAreaPaymentMethods' },
    summary: "One page of a branch's tables, sorted and filtered by section or name",
    params: BranchParams,
    query: ServiceAreasQuery,
    results: ServiceAreaPage,
  }),
  updateServiceArea: route({
    method: 'PUT',
    path: `${BASE}/serviceareas/:id`,
    access: owner,
    summary: "Change a table's prefix, section, template (DINING or MENU) or enabled flag",
    description:
      '422 codes: `duplicate_service_area` (field `title`) when another table has the same name; `section_not_found` (field `sectionId`).',
    params: BranchParams.extend({ id: Uuid }),
    body: ServiceAreaBody,
    results: ServiceArea,
  }),
  uniqueLinks: route({
    method: 'GET',
    path: `${BASE}/uniquelinks/:template`,
    access: owner,
    summary: "A branch's unique delivery or pickup links",
    params: BranchParams.extend({ template: UniqueLinkTemplate }),
    results: z.array(UniqueLink),
  }),
  createUniqueLink: route({
    method: 'POST',
    path: `${BASE}/uniquelinks/:template`,
    access: owner,
    summary: 'Add a unique delivery or pickup link with a name',
    description: '422 codes (field `name`): `required`, `duplicate_unique_link`.',
    params: BranchParams.extend({ template: UniqueLinkTemplate }),
    body: UniqueLinkBody,
    results: UniqueLink,
    status: 201,
  }),
  serviceAreaQrCodes: route({
    method: 'POST',
    path: `${BASE}/serviceareas/qrcodes`,
    access: owner,
    summary: "Tables' QR codes in a colour: one PNG for one table, a zip of PNGs for many",
    description:
      "Each QR code carries the table's storefront address. The file name is in Content-Disposition. 404 when an id is not one of the branch's tables.",
    params: BranchParams,
    body: QrCodesBody,
    produces: 'application/octet-stream',
  }),
  uniqueLinkQrCodes: route({
    method: 'POST',
    path: `${BASE}/uniquelinks/qrcodes`,
    access: owner,
    summary: "Unique links' QR codes in a colour: one PNG for one link, a zip for many",
    description:
      "Each QR code carries the link's storefront address. The file name is in Content-Disposition.",
    params: BranchParams,
    body: QrCodesBody,
    produces: 'application/octet-stream',
  }),
};
