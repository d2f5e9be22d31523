import { BULK_UPLOAD_LIMITS, type BulkUploadResult } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { ValidationFailed } from '../../errors.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { bulkUploadRepository as repo } from './bulk-upload.repository.ts';
import { planImport } from './import-plan.ts';
import { readTemplateSheets, SheetProblem, type TemplateSheets } from './sheet-reader.ts';
import { templateWorkbook } from './template.ts';
import {
  ArchiveRefused,
  checkedZipStream,
  checkInflatedSizes,
  readCentralDirectory,
} from './zip-guard.ts';

const fileError = (code: string) => new ValidationFailed('file', [code]);

const LIMITS = {
  maxEntries: BULK_UPLOAD_LIMITS.maxZipEntries,
  maxInflatedBytes: BULK_UPLOAD_LIMITS.maxInflatedBytes,
};

/**
 * The sheets of an uploaded xlsx: checked as a zip first (entries, inflated size, in bounded
 * memory), then read by exceljs's streaming reader from the checked entries only.
 */
export async function readUploadedWorkbook(bytes: Buffer): Promise<TemplateSheets> {
  if (bytes.length === 0) throw fileError('required');
  let entries;
  try {
    entries = readCentralDirectory(bytes, LIMITS);
    await checkInflatedSizes(bytes, entries, LIMITS);
  } catch (error) {
    if (error instanceof ArchiveRefused)
      throw fileError(
        error.reason === 'not_zip' ? 'bulk_upload_not_xlsx' : 'bulk_upload_archive_refused',
      );
    throw error;
  }
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) throw fileError('bulk_upload_not_xlsx');
  let sheets: TemplateSheets;
  try {
    sheets = await readTemplateSheets(
      checkedZipStream(bytes, entries),
      BULK_UPLOAD_LIMITS.maxRowsPerSheet,
    );
  } catch (error) {
    throw fileError(error instanceof SheetProblem ? error.code : 'bulk_upload_not_xlsx');
  }
  if (!sheets.sections && !sheets.items && !sheets.modifierGroups)
    throw fileError('bulk_upload_no_template_sheet');
  return sheets;
}

export function createBulkUploadService(deps: { db: Db }) {
  return {
    template: templateWorkbook,

    /**
     * Imports an uploaded template in one transaction: what the rules accept is added, the
     * rest is reported row by row in `errorMessage`. Imports of one tenant run one at a time.
     */
    async upload(tenantId: string, bytes: Buffer): Promise<BulkUploadResult> {
      const sheets = await readUploadedWorkbook(bytes);
      return deps.db.transaction(async (tx) => {
        await repo.lockTenant(tx, tenantId);
        // One after another: a transaction is one connection.
        const sections = await repo.sections(tx, tenantId);
        const items = await repo.items(tx, tenantId);
        const modifierGroups = await repo.modifierGroups(tx, tenantId);
        const plan = planImport(sheets, { sections, items, modifierGroups });
        if (plan.sections.length > 0) {
          await repo.insertSections(
            tx,
            plan.sections.map((s) => ({
              id: s.id,
              tenantId,
              parentId: s.parentId,
              title: s.title,
              description: s.description,
              position: s.position,
            })),
          );
        }
        if (plan.groups.length > 0) {
          await repo.insertModifierGroups(
            tx,
            plan.groups.map((g) => ({
              id: g.id,
              tenantId,
              name: g.name,
              title: g.title,
              minQuantity: g.minQuantity,
              maxQuantity: g.maxQuantity,
              allowModifierItemCounter: false,
            })),
            plan.groups.flatMap((g) =>
              g.choices.map((c) => ({
                tenantId,
                groupId: g.id,
                title: c.title,
                price: c.price,
                position: c.position,
              })),
            ),
          );
        }
        if (plan.items.length > 0) {
          await repo.insertItems(
            tx,
            plan.items.map((i) => ({
              id: i.id,
              tenantId,
              categoryId: i.categoryId,
              title: i.title,
              description: i.description,
              position: i.position,
            })),
            plan.items.flatMap((i) =>
              i.variants.map((v) => ({
                tenantId,
                itemId: i.id,
                title: v.title,
                price: v.price,
                position: v.position,
              })),
            ),
            plan.items.flatMap((i) =>
              i.groupIds.map((groupId, position) => ({
                tenantId,
                itemId: i.id,
                groupId,
                position,
              })),
            ),
          );
        }
        if (plan.sections.length + plan.groups.length + plan.items.length > 0)
          await catalogRepository.bumpVersion(tx, tenantId);
        return plan.result;
      });
    },
  };
}

export type BulkUploadService = ReturnType<typeof createBulkUploadService>;
