import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { BULK_UPLOAD_TEMPLATE, type BulkUploadKind } from '@app/contracts';

/** One data row of a template sheet: its number in the sheet and its cells by column key. */
export type SheetRow = { row: number; cells: Record<string, string> };

export type TemplateSheets = { [K in BulkUploadKind]: SheetRow[] | null };

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

function kindOfSheet(name: string): BulkUploadKind | null {
  const wanted = normal(name);
  for (const kind of Object.keys(BULK_UPLOAD_TEMPLATE) as BulkUploadKind[]) {
    if (normal(BULK_UPLOAD_TEMPLATE[kind].sheet) === wanted) return kind;
  }
  return null;
}

/**
 * Reads the template's sheets with exceljs's streaming reader: the first non-empty row is the
 * header (columns matched by text), every later row a data row. Sheets of other names are
 * skipped; a kind whose sheet is absent is null. Blank rows are kept (the import reports those
 * between data rows); rows past `maxRows` make the sheet refused.
 */
export async function readTemplateSheets(
  input: Readable,
  maxRows: number,
): Promise<TemplateSheets> {
  const sheets: TemplateSheets = { sections: null, items: null, modifierGroups: null };
  const problems: string[] = [];
  let tooManyRows = false;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    const kind = kindOfSheet((worksheet as unknown as { name: string }).name);
    if (!kind || sheets[kind]) {
      // Other sheets (instructions) are read past, not kept.
      for await (const _row of worksheet) void _row;
      continue;
    }
    const template = BULK_UPLOAD_TEMPLATE[kind];
    const columns = template.columns as Record<string, string>;
    let header: Map<number, string> | null = null;
    const rows: SheetRow[] = [];
    let tooMany = false;
    for await (const row of worksheet) {
      const values = row.values as unknown[];
      if (!header) {
        const found = new Map<number, string>();
        values.forEach((value, column) => {
          const text = normal(cellText(value));
          const key = Object.keys(columns).find((k) => normal(columns[k]!) === text);
          if (key) found.set(column, key);
        });
        if (found.size === 0) continue;
        header = found;
        const missing = template.required.filter((k) => ![...found.values()].includes(k));
        if (missing.length > 0) {
          problems.push(
            `${template.sheet}: the column${missing.length > 1 ? 's' : ''} ${missing.map((k) => `'${columns[k]}'`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
          );
        }
        continue;
      }
      if (rows.length >= maxRows) {
        tooMany = true;
        continue;
      }
      const cells: Record<string, string> = {};
      for (const [column, key] of header) cells[key] = cellText(values[column]);
      rows.push({ row: row.number, cells });
    }
    if (tooMany) {
      tooManyRows = true;
      problems.push(`${template.sheet}: more than ${maxRows} rows`);
    }
    sheets[kind] = header ? rows : [];
  }
  if (problems.length > 0)
    throw new SheetProblem(
      tooManyRows ? 'bulk_upload_too_many_rows' : 'bulk_upload_columns_missing',
      problems,
    );
  return sheets;
}
