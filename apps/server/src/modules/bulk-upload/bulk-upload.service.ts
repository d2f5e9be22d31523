import { BULK_UPLOAD_LIMITS, type BulkUploadKind, type BulkUploadResult } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { TooManyRequests, ValidationFailed } from '../../errors.ts';
import { createBulkWriter, type BulkUploadRepository } from './bulk-upload.repository.ts';
import { ImportPlanner, type PlannedGroup, type PlannedSection } from './import-plan.ts';
import {
  kindOfSheet,
  SheetProblem,
  streamTemplateSheets,
  yieldToEventLoop,
  type SheetRow,
} from './sheet-reader.ts';
import { templateWorkbook } from './template.ts';
import {
  ArchiveRefused,
  checkedZipStream,
  checkInflatedSizes,
  readCentralDirectory,
  workbookSheets,
  type ZipEntry,
} from './zip-guard.ts';

const fileError = (code: string) => new ValidationFailed('file', [code]);

const LIMITS = {
  maxEntries: BULK_UPLOAD_LIMITS.maxZipEntries,
  maxInflatedBytes: BULK_UPLOAD_LIMITS.maxInflatedBytes,
};

/** An uploaded xlsx checked as a zip: its entries, and the order to read its sheets in. */
export type CheckedWorkbook = {
  bytes: Buffer;
  entries: ZipEntry[];
  /** Sheet entries to read before the others (sections, modifier groups) and after them (items). */
  order: { first: string[]; last: string[] };
  /**
   * The Items sheet comes after the other template sheets (or those are absent): its rows can
   * be planned, and written, as they are read.
   */
  itemsLast: boolean;
};

/**
 * Checks an uploaded xlsx as a zip before anything parses it (entries, inflated size, in
 * bounded memory) and finds its sheets by name in its workbook, so that the sections and
 * modifier groups are read before the items that name them.
 */
export async function checkUploadedWorkbook(bytes: Buffer): Promise<CheckedWorkbook> {
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
  const sheets = workbookSheets(bytes, entries);
  // Every sheet of a kind, in the workbook's order (the reader keeps the first one of a kind).
  const entriesOf = (kind: BulkUploadKind) =>
    (sheets ?? []).filter((sheet) => kindOfSheet(sheet.name) === kind).map((s) => s.entry);
  return {
    bytes,
    entries,
    order: {
      first: [...entriesOf('sections'), ...entriesOf('modifierGroups')],
      last: entriesOf('items'),
    },
    itemsLast: sheets !== null,
  };
}

type SheetRows = Record<BulkUploadKind, SheetRow[]>;

/**
 * Reads a checked workbook's template sheets, handing each row over as it is read. Throws the
 * file's 422 when a sheet breaks the template or none is there; returns the kinds found.
 */
async function readRows(
  workbook: CheckedWorkbook,
  row: (kind: BulkUploadKind, row: SheetRow) => void,
  end: (kind: BulkUploadKind) => void = () => {},
): Promise<Set<BulkUploadKind>> {
  let found: Set<BulkUploadKind>;
  try {
    found = await streamTemplateSheets(
      checkedZipStream(workbook.bytes, workbook.entries, workbook.order),
      {
        maxRows: BULK_UPLOAD_LIMITS.maxRowsPerSheet,
        maxFileRows: BULK_UPLOAD_LIMITS.maxRowsPerFile,
        maxCellChars: BULK_UPLOAD_LIMITS.maxCellChars,
      },
      { row, end },
    );
  } catch (error) {
    throw fileError(error instanceof SheetProblem ? error.code : 'bulk_upload_not_xlsx');
  }
  if (found.size === 0) throw fileError('bulk_upload_no_template_sheet');
  return found;
}

/** What the planner decides, handed to the writes as soon as it is decided. */
type Planning = {
  planner: ImportPlanner;
  sections(sections: PlannedSection[]): void;
  groups(groups: PlannedGroup[]): void;
  /** Called after item rows (final: after the last one). */
  items(final: boolean): void;
};

/**
 * Plans rows already read: sections, then modifier groups, then item by item (an absent sheet
 * is planned as none), handing decided items to the writes every `batch` rows and letting the
 * event loop turn between.
 */
async function planRows(
  planning: Planning,
  found: Set<BulkUploadKind>,
  rows: SheetRows,
  batch: number,
) {
  const { planner } = planning;
  planning.sections(planner.planSections(found.has('sections') ? rows.sections : null));
  planning.groups(planner.planGroups(found.has('modifierGroups') ? rows.modifierGroups : null));
  for (let at = 0; at < rows.items.length; at++) {
    planner.itemRow(rows.items[at]!);
    if ((at + 1) % batch === 0) {
      planning.items(false);
      await yieldToEventLoop();
    }
  }
  planning.items(true);
}

/** Reads the whole workbook's rows (no database involved). */
async function readAllRows(workbook: CheckedWorkbook) {
  const rows: SheetRows = { sections: [], items: [], modifierGroups: [] };
  const found = await readRows(workbook, (kind, row) => rows[kind].push(row));
  return { found, rows };
}

/**
 * Reads a workbook whose Items sheet comes last straight into the planner: the sections and
 * modifier groups a sheet at a time, then each item row as it is read, so that decided items
 * are written while later rows are still being read.
 */
async function readIntoPlanner(workbook: CheckedWorkbook, planning: Planning): Promise<void> {
  const { planner } = planning;
  const kept: SheetRows = { sections: [], items: [], modifierGroups: [] };
  const planned = new Set<BulkUploadKind>();
  const plan = (kind: 'sections' | 'modifierGroups', rows: SheetRow[] | null) => {
    if (kind === 'sections') planning.sections(planner.planSections(rows));
    else planning.groups(planner.planGroups(rows));
    planned.add(kind);
  };
  const found = await readRows(
    workbook,
    (kind, row) => {
      if (kind !== 'items') {
        kept[kind].push(row);
        return;
      }
      // The sheets items name were read before (one not there is planned as none).
      if (!planned.has('sections')) plan('sections', null);
      if (!planned.has('modifierGroups')) plan('modifierGroups', null);
      planner.itemRow(row);
      planning.items(false);
    },
    (kind) => {
      if (kind !== 'items' && !planned.has(kind)) plan(kind, kept[kind]);
    },
  );
  if (!planned.has('sections')) plan('sections', found.has('sections') ? kept.sections : null);
  if (!planned.has('modifierGroups'))
    plan('modifierGroups', found.has('modifierGroups') ? kept.modifierGroups : null);
  planning.items(true);
}

/** How an import paces itself on the database it writes to. */
type Pace = {
  /** Read the file inside the transaction and write decided items while later rows are read. */
  writeWhileReading: boolean;
  /** Items (with their variants and links) per statement. */
  itemsPerStatement: number;
  /** Give the event loop a turn before each statement. */
  yieldBetweenStatements: boolean;
};

/**
 * A database server works beside the reader: items are written while later rows are read, in
 * big statements. Embedded PGlite runs in the server's own thread and serializes transactions:
 * the file is read first, outside the transaction, and written in small statements with the
 * event loop turning between them, so that other requests (a health check) are answered
 * during the heaviest upload.
 */
const PACE: Record<'server' | 'embedded', Pace> = {
  server: { writeWhileReading: true, itemsPerStatement: 1000, yieldBetweenStatements: false },
  embedded: { writeWhileReading: false, itemsPerStatement: 200, yieldBetweenStatements: true },
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

  /** One import, in one transaction (see `upload`). */
  async function importWorkbook(tenantId: string, bytes: Buffer): Promise<BulkUploadResult> {
    const workbook = await checkUploadedWorkbook(bytes);
    const stream = pace.writeWhileReading && workbook.itemsLast;
    const read = stream ? null : await readAllRows(workbook);
    return deps.db.transaction(async (tx) => {
      await repo.lockTenant(tx, tenantId);
      // One after another: a transaction is one connection.
      const planner = new ImportPlanner({
        sections: await repo.sections(tx, tenantId),
        items: await repo.items(tx, tenantId),
        modifierGroups: await repo.modifierGroups(tx, tenantId),
      });
      const writer = createBulkWriter(tx, { yieldBetween: pace.yieldBetweenStatements });
      let written = 0;
      let itemsSent = 0;
      const planning: Planning = {
        planner,
        sections(sections) {
          repo.addSections(writer, tenantId, sections);
          written += sections.length;
        },
        groups(groups) {
          repo.addGroups(writer, tenantId, groups);
          written += groups.length;
        },
        items(final) {
          if (final) {
            const taken = planner.finishItems();
            repo.removeItems(writer, tenantId, taken);
            written += taken.length;
          }
          // A small first batch: the database starts while the reader goes on.
          const items = planner.takeItems(
            final ? 0 : itemsSent === 0 ? FIRST_BATCH : ITEMS_PER_BATCH,
          );
          repo.addItems(writer, tenantId, items, pace.itemsPerStatement);
          written += items.length;
          itemsSent += items.length;
        },
      };
      try {
        if (read) await planRows(planning, read.found, read.rows, pace.itemsPerStatement);
        else await readIntoPlanner(workbook, planning);
      } catch (error) {
        // Statements sent settle before the transaction rolls back.
        await writer.settled();
        throw error;
      }
      await writer.done();
      if (written > 0) await deps.bumpCatalogVersion(tx, tenantId);
      return planner.outcome();
    });
  }
}

/** Items decided before their writes are sent (a few statements' worth). */
export const ITEMS_PER_BATCH = 1000;
const FIRST_BATCH = 200;

export type BulkUploadService = ReturnType<typeof createBulkUploadService>;
