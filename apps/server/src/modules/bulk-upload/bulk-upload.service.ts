import { BULK_UPLOAD_LIMITS, type BulkUploadKind, type BulkUploadResult } from '@app/contracts';
import { recordChange } from '../audit/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { TooManyRequests, ValidationFailed } from '../../errors.ts';
import type { BulkUploadRepository } from './bulk-upload.repository.ts';
import { ImportPlanner, idsNamed } from './import-plan.ts';
import {
  SheetProblem,
  streamTemplateSheets,
  yieldToEventLoop,
  type SheetRow,
} from './sheet-reader.ts';
import { menuRows } from './menu-export.ts';
import { menuWorkbook, templateWorkbook } from './template.ts';
import { ArchiveRefused, checkedArchive } from './zip-guard.ts';

const fileError = (code: string) => new ValidationFailed('file', [code]);

type SheetRows = Record<BulkUploadKind, SheetRow[]>;

/**
 * Reads an uploaded xlsx whole, before the database is involved: checked as a zip first
 * (entries, inflated size, in bounded memory), then its template sheets' rows. Throws the
 * file's 422 when it is no xlsx, is refused, breaks the template or holds none of its sheets.
 */
export async function readWorkbook(bytes: Buffer) {
  if (bytes.length === 0) throw fileError('required');
  let archive;
  try {
    archive = await checkedArchive(bytes, {
      maxEntries: BULK_UPLOAD_LIMITS.maxZipEntries,
      maxInflatedBytes: BULK_UPLOAD_LIMITS.maxInflatedBytes,
    });
  } catch (error) {
    if (error instanceof ArchiveRefused)
      throw fileError(
        error.reason === 'not_zip' ? 'bulk_upload_not_xlsx' : 'bulk_upload_archive_refused',
      );
    throw error;
  }
  const rows: SheetRows = { sections: [], items: [], modifierGroups: [] };
  let read: Awaited<ReturnType<typeof streamTemplateSheets>>;
  try {
    read = await streamTemplateSheets(
      archive,
      {
        maxRows: BULK_UPLOAD_LIMITS.maxRowsPerSheet,
        maxFileRows: BULK_UPLOAD_LIMITS.maxRowsPerFile,
        maxCellChars: BULK_UPLOAD_LIMITS.maxCellChars,
      },
      (kind, row) => rows[kind].push(row),
    );
  } catch (error) {
    throw fileError(error instanceof SheetProblem ? error.code : 'bulk_upload_not_xlsx');
  }
  const { found, ignored } = read;
  if (found.size === 0) throw fileError('bulk_upload_no_template_sheet');
  // A sheet not in the file is planned as none.
  const sheet = (kind: BulkUploadKind) => (found.has(kind) ? rows[kind] : null);
  return {
    sections: sheet('sections'),
    modifierGroups: sheet('modifierGroups'),
    items: sheet('items'),
    ignored,
  };
}

/**
 * Items (with their variants and links) per statement. Embedded PGlite runs in the server's own
 * thread: small statements with the event loop turning before each, so that other requests (a
 * health check) are answered during the heaviest upload.
 */
const PACE = {
  server: { itemsPerStatement: 1000, yieldBetweenStatements: false },
  embedded: { itemsPerStatement: 200, yieldBetweenStatements: true },
};

/** Seconds a second upload on the embedded database is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 10;

export function createBulkUploadService(deps: {
  db: Db;
  repository: BulkUploadRepository;
  bumpCatalogVersion: (q: Db | Tx, tenantId: string) => Promise<void>;
  /**
   * The database runs in this server's own thread (embedded PGlite): one import at a time per
   * server (another gets 429 `bulk_upload_busy` with Retry-After), paced as PACE.embedded says.
   */
  embedded: boolean;
}) {
  const { repository: repo } = deps;
  const pace = deps.embedded ? PACE.embedded : PACE.server;
  let importing = false;
  return {
    template: templateWorkbook,

    /** The tenant's menu in the upload format, each row with its ids (the round trip). */
    async menu(tenantId: string): Promise<Buffer> {
      const menu = await deps.db.transaction(async (tx) => ({
        sections: await repo.sections(tx, tenantId),
        items: await repo.items(tx, tenantId),
        modifierGroups: await repo.modifierGroups(tx, tenantId),
        ...(await repo.details(tx, tenantId, null, null)),
      }));
      return menuWorkbook(menuRows(menu));
    },

    /**
     * Imports an uploaded template in one transaction: what the rules accept is added, the
     * rest is reported row by row in `errorMessage`. Imports of one tenant run one at a time;
     * on the embedded database, imports of the whole server do.
     */
    async upload(tenantId: string, bytes: Buffer): Promise<BulkUploadResult> {
      if (!deps.embedded) return importWorkbook(tenantId, bytes);
      if (importing) {
        throw new TooManyRequests(
          BUSY_RETRY_AFTER_SECONDS,
          'bulk_upload_busy',
          'Another menu import is running on this server; try again in a moment',
        );
      }
      importing = true;
      try {
        return await importWorkbook(tenantId, bytes);
      } finally {
        importing = false;
      }
    },
  };

  /** One import: the file read whole, then written in one transaction (see `upload`). */
  async function importWorkbook(tenantId: string, bytes: Buffer): Promise<BulkUploadResult> {
    const sheets = await readWorkbook(bytes);
    return deps.db.transaction(async (tx) => {
      await repo.lockTenant(tx, tenantId);
      // One after another: a transaction is one connection.
      const planner = new ImportPlanner({
        sections: await repo.sections(tx, tenantId),
        items: await repo.items(tx, tenantId),
        modifierGroups: await repo.modifierGroups(tx, tenantId),
        // Only what rows name by id (a downloaded menu) is compared in detail.
        ...(await repo.details(
          tx,
          tenantId,
          idsNamed(sheets.items, 'id'),
          idsNamed(sheets.modifierGroups, 'id'),
        )),
      });
      planner.ignoreSheets(sheets.ignored);
      const sections = planner.planSections(sheets.sections);
      await repo.addSections(tx, tenantId, sections);
      const groups = planner.planGroups(sheets.modifierGroups);
      await repo.addGroups(tx, tenantId, groups);
      if (pace.yieldBetweenStatements) await yieldToEventLoop();
      // Other requests are answered while thousands of items are decided, on either database.
      const items = await planner.planItems(sheets.items, yieldToEventLoop);
      for (let at = 0; at < items.length; at += pace.itemsPerStatement) {
        if (pace.yieldBetweenStatements) await yieldToEventLoop();
        await repo.addItems(tx, tenantId, items.slice(at, at + pace.itemsPerStatement));
      }
      await repo.update(tx, tenantId, planner.updates);
      const updated = Object.values(planner.updates).some((list) => list.length > 0);
      if (sections.length + groups.length + items.length > 0 || updated)
        await deps.bumpCatalogVersion(tx, tenantId);
      const outcome = planner.outcome();
      // One entry for the whole import: what it added and updated (not each row).
      const counts = [
        'categoriesAdded',
        'itemsAdded',
        'modifiersAdded',
        'categoriesUpdated',
        'itemsUpdated',
        'modifiersUpdated',
      ] as const;
      await recordChange(tx, {
        tenantId,
        entityType: 'menu',
        entityId: tenantId,
        action: 'import',
        label: null,
        changes: counts
          .filter((key) => outcome[key] > 0)
          .map((key) => ({ field: key, before: null, after: outcome[key] })),
      });
      return outcome;
    });
  }
}

export type BulkUploadService = ReturnType<typeof createBulkUploadService>;
