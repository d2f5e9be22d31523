import { BULK_UPLOAD_LIMITS, type BulkUploadResult } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { ValidationFailed } from '../../errors.ts';
import type { BulkUploadRepository } from './bulk-upload.repository.ts';
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

export function createBulkUploadService(deps: {
  db: Db;
  repository: BulkUploadRepository;
  bumpCatalogVersion: (q: Db | Tx, tenantId: string) => Promise<void>;
}) {
  const { repository: repo } = deps;
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
        const existing = {
          sections: await repo.sections(tx, tenantId),
          items: await repo.items(tx, tenantId),
          modifierGroups: await repo.modifierGroups(tx, tenantId),
        };
        const plan = planImport(sheets, existing);
        await repo.writePlan(tx, tenantId, plan);
        if (plan.sections.length + plan.groups.length + plan.items.length > 0)
          await deps.bumpCatalogVersion(tx, tenantId);
        return plan.result;
      });
    },
  };
}

export type BulkUploadService = ReturnType<typeof createBulkUploadService>;
