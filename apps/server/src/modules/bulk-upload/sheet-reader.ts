import {
  BULK_UPLOAD_INSTRUCTIONS_SHEET,
  BULK_UPLOAD_TEMPLATE,
  type BulkUploadKind,
} from '@app/contracts';
import { openWorkbook, readSheetRows, type XlsxParts } from './xlsx-reader.ts';

/** One data row of a template sheet: its number in the sheet and its cells by column key. */
export type SheetRow = { row: number; cells: Record<string, string> };

/** A workbook whose sheet breaks the template as a whole (a missing required column). */
export class SheetProblem extends Error {
  constructor(
    readonly code: 'bulk_upload_columns_missing' | 'bulk_upload_too_many_rows',
    readonly lines: string[],
  ) {
    super(lines.join('\n'));
    this.name = 'SheetProblem';
  }
}

/**
 * A cell's text as the import keeps it: at most `max` characters and one more (so that the
 * column's rule sees it is too long), copied out of the reader's string so that a huge cell
 * is not kept alive by the slice.
 */
export function boundedCell(text: string, max: number): string {
  return text.length > max ? Buffer.from(text.slice(0, max + 1)).toString() : text;
}

/** The event loop's turn: timers and sockets (a health check, other requests) run between rows. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows read between two turns of the event loop. */
const ROWS_PER_TURN = 500;

/** A cell's value as the text a person sees; formulas give their result, rich text its runs. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text?: string }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text ?? '')
        .join('')
        .trim();
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    if ('error' in v) return '';
  }
  return '';
}

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export function kindOfSheet(name: string): BulkUploadKind | null {
  const wanted = normal(name);
  for (const kind of Object.keys(BULK_UPLOAD_TEMPLATE) as BulkUploadKind[]) {
    if (normal(BULK_UPLOAD_TEMPLATE[kind].sheet) === wanted) return kind;
  }
  return null;
}

/** Takes a data row of a template sheet (a sheet missing a required column sends none). */
export type SheetSink = (kind: BulkUploadKind, row: SheetRow) => void;

export type SheetLimits = {
  /** Data rows of one sheet. */
  maxRows: number;
  /** Data rows of every template sheet together. */
  maxFileRows: number;
  /** Characters kept of a cell (see `boundedCell`). */
  maxCellChars: number;
};

/**
 * Reads the template's sheets (xlsx-reader.ts), handing each data row to `sink` as it is read:
 * the first non-empty row is the header (columns matched by text), every later row a data row.
 * Sheets of other names are skipped, as is a second sheet of a kind. Blank rows are kept (the
 * import reports those between data rows). A sheet missing a required column, of more than
 * `maxRows` rows, or a file of more than `maxFileRows`, makes the whole read throw
 * `SheetProblem` at its end. The event loop gets a turn every few hundred rows. Returns the
 * kinds whose sheet was found, and the names of the sheets not read (but the Instructions).
 */
export async function streamTemplateSheets(
  parts: XlsxParts,
  limits: SheetLimits,
  sink: SheetSink,
): Promise<{ found: Set<BulkUploadKind>; ignored: string[] }> {
  const { maxRows, maxFileRows, maxCellChars } = limits;
  const found = new Set<BulkUploadKind>();
  const ignored: string[] = [];
  const problems: string[] = [];
  let tooManyRows = false;
  let fileRows = 0;
  const { sheets, strings } = openWorkbook(parts);
  for (const sheet of sheets) {
    const kind = kindOfSheet(sheet.name);
    // Other sheets are not read (and said so, but the template's own how-to).
    if (!kind || found.has(kind)) {
      if (normal(sheet.name) !== normal(BULK_UPLOAD_INSTRUCTIONS_SHEET)) ignored.push(sheet.name);
      continue;
    }
    found.add(kind);
    const template = BULK_UPLOAD_TEMPLATE[kind];
    const columns = template.columns as Record<string, string>;
    let header: [number, string][] | null = null;
    let complete = true;
    let rows = 0;
    await readSheetRows(parts, sheet, strings, async (read) => {
      for (const row of read) {
        const values = row.values;
        if (!header) {
          const matched: [number, string][] = [];
          values.forEach((value, column) => {
            const text = normal(cellText(value));
            const key = Object.keys(columns).find((k) => normal(columns[k]!) === text);
            if (key) matched.push([column, key]);
          });
          if (matched.length === 0) continue;
          header = matched;
          const missing = template.required.filter((k) => !matched.some(([, key]) => key === k));
          if (missing.length > 0) {
            complete = false;
            problems.push(
              `${template.sheet}: the column${missing.length > 1 ? 's' : ''} ${missing.map((k) => `'${columns[k]}'`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
            );
          }
          continue;
        }
        if (++fileRows % ROWS_PER_TURN === 0) await yieldToEventLoop();
        if (++rows > maxRows || fileRows > maxFileRows) continue;
        if (!complete) continue;
        const cells: Record<string, string> = {};
        for (const [column, key] of header)
          cells[key] = boundedCell(values[column] ?? '', maxCellChars);
        sink(kind, { row: row.number, cells });
      }
    });
    if (rows > maxRows) {
      tooManyRows = true;
      problems.push(`${template.sheet}: more than ${maxRows} rows`);
    }
  }
  if (fileRows > maxFileRows) {
    tooManyRows = true;
    problems.push(`the file has more than ${maxFileRows} rows`);
  }
  if (problems.length > 0)
    throw new SheetProblem(
      tooManyRows ? 'bulk_upload_too_many_rows' : 'bulk_upload_columns_missing',
      problems,
    );
  return { found, ignored };
}
