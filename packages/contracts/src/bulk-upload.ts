import { z } from 'zod';
import { TenantParams } from './common.ts';
import { CATALOG_BASE } from './catalog.ts';
import { routesOf } from './http.ts';
import { XLSX_CONTENT_TYPE } from './reports.ts';

/** menu-management.md §5 and §9, and what the server holds an upload to before parsing it. */
export const BULK_UPLOAD_LIMITS = {
  /** 'Maximum upload size of 1 MB Allowed'. */
  maxBytes: 1_048_576,
  /** An xlsx from Excel or LibreOffice holds about 10 to 20 files. */
  maxZipEntries: 200,
  /** Everything inside, inflated: a 1 MB menu of plain text inflates to about 10 MB. */
  maxInflatedBytes: 32 * 1024 * 1024,
  /** Data rows of one sheet. */
  maxRowsPerSheet: 50_000,
  /** Data rows of the whole file, its sheets together (the heaviest import a server takes). */
  maxRowsPerFile: 50_000,
  /**
   * Characters of a cell the import reads; a longer cell is refused by its column's own limit
   * (none is over 1,024) without the rest being copied.
   */
  maxCellChars: 8_192,
} as const;

/**
 * The template's sheets and columns (docs/bulk-upload.md). Headers are matched by text, in any
 * order and case; the columns marked optional may be left out. The id columns are filled by
 * "Download the menu": a row with an id updates what it names, a row without one adds.
 */
export const BULK_UPLOAD_TEMPLATE = {
  sections: {
    sheet: 'Sections',
    columns: {
      title: 'Section',
      parent: 'Parent section',
      description: 'Description',
      titleAr: 'Section (Arabic)',
      titleEs: 'Section (Spanish)',
      id: 'Section id',
    },
    required: ['title'],
  },
  items: {
    sheet: 'Items',
    columns: {
      section: 'Section',
      title: 'Item',
      description: 'Description',
      variant: 'Variant',
      price: 'Price',
      modifierGroups: 'Modifier groups',
      titleAr: 'Item (Arabic)',
      titleEs: 'Item (Spanish)',
      id: 'Item id',
      variantId: 'Variant id',
    },
    required: ['section', 'title', 'price'],
  },
  modifierGroups: {
    sheet: 'Modifier groups',
    columns: {
      name: 'Modifier group',
      min: 'Min',
      max: 'Max',
      modifier: 'Modifier item',
      price: 'Price',
      nameAr: 'Modifier group (Arabic)',
      modifierAr: 'Modifier item (Arabic)',
      id: 'Modifier group id',
      modifierId: 'Modifier item id',
    },
    required: ['name', 'modifier', 'price'],
  },
} as const;

export type BulkUploadKind = keyof typeof BULK_UPLOAD_TEMPLATE;

/** The template's how-to sheet: not read, and not reported as ignored. */
export const BULK_UPLOAD_INSTRUCTIONS_SHEET = 'Instructions';

/** menu-management.md §3, bulk upload result; `errorMessage` lists the refused rows. */
export const BulkUploadResult = z.object({
  categoriesFound: z.number().int(),
  itemsFound: z.number().int(),
  modifiersFound: z.number().int(),
  categoriesFailed: z.number().int(),
  itemsFailed: z.number().int(),
  modifiersFailed: z.number().int(),
  categoriesAdded: z.number().int(),
  itemsAdded: z.number().int(),
  modifiersAdded: z.number().int(),
  /** Entries named by their id whose cells differ from the menu, and were updated. */
  categoriesUpdated: z.number().int(),
  itemsUpdated: z.number().int(),
  modifiersUpdated: z.number().int(),
  /** Sheets of the file that are not the template's (and not its Instructions): not read. */
  sheetsIgnored: z.array(z.string()),
  /** One line per refused row ('Items row 7: ...'); null when everything was added. */
  errorMessage: z.string().nullable(),
});
export type BulkUploadResult = z.infer<typeof BulkUploadResult>;

/**
 * The 422 codes of the `file` field: none sent, not an xlsx (not a zip, or no workbook inside),
 * a zip the server will not open (too many entries, too much inflated data: a zip bomb), a
 * workbook without any of the template's sheets, a template sheet without its required columns,
 * or a sheet of more rows than the limit.
 */
export const BULK_UPLOAD_FILE_CODES = [
  'required',
  'bulk_upload_not_xlsx',
  'bulk_upload_archive_refused',
  'bulk_upload_no_template_sheet',
  'bulk_upload_columns_missing',
  'bulk_upload_too_many_rows',
] as const;
export type BulkUploadFileCode = (typeof BULK_UPLOAD_FILE_CODES)[number];

const route = routesOf('bulk-upload');

/** menu-management.md §7, bulk upload; the store owner only (§6), not on integrated menus. */
export const bulkUploadRoutes = {
  upload: route({
    method: 'POST',
    path: `${CATALOG_BASE}/bulk-upload`,
    access: { permission: 'BulkUpload' },
    summary: 'Import sections, items with variants and modifier groups from an xlsx (field "file")',
    description:
      'At most 1 MB (413 above). The zip is checked before parsing (entry count, inflated size); valid rows are written in one transaction, refused rows are listed in errorMessage with their row numbers.',
    params: TenantParams,
    consumes: 'multipart/form-data',
    results: BulkUploadResult,
  }),
  menu: route({
    method: 'GET',
    path: `${CATALOG_BASE}/bulk-upload/menu`,
    access: { permission: 'BulkUpload' },
    summary: 'The current menu in the upload format, each row with the id of what it describes',
    description:
      'Sections, items with their variants and translations, modifier groups with their items; uploaded back, rows with an id update that entry (only what changed) and rows without one add.',
    params: TenantParams,
    produces: XLSX_CONTENT_TYPE,
  }),
  template: route({
    method: 'GET',
    path: `${CATALOG_BASE}/bulk-upload/template`,
    access: { permission: 'BulkUpload' },
    summary: 'The xlsx template of the bulk upload, with example rows',
    params: TenantParams,
    produces: XLSX_CONTENT_TYPE,
  }),
};
