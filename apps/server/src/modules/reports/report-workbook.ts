import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CURRENCY_DECIMALS, type Currency } from '@app/contracts';

/** A cell of the sheet: text, a number, or nothing. */
export type CellValue = string | number | null;

export type SheetColumn = { header: string; width: number };

/** Excel's format of an amount: the currency's own decimals (JOD 3, EUR and USD 2). */
export const amountFormat = (currency: Currency) =>
  `#,##0.${'0'.repeat(CURRENCY_DECIMALS[currency])}`;

/** Excel's format of a local date and time (the cell holds the serial day number). */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';

export type WorkbookSpec = {
  sheetName: string;
  rightToLeft: boolean;
  /** Lines above the table: [label, value] (the title has no value). */
  heading: readonly (readonly [string, string?])[];
  columns: readonly SheetColumn[];
  /** Column index (0-based) of the amount, formatted by the row's currency. */
  amountColumn: number;
  /** Column index of the local date and time. */
  dateColumn: number;
};

/**
 * Uncompressed XML the sheet may run ahead of the zip's deflate (which works on libuv's
 * thread pool): at the zip's own 16 kB, every row of XML waited for the deflate and the deflate
 * for the next rows, one after the other.
 */
const ZIP_AHEAD = 256 * 1024;

type Pipe = Writable & {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean; highWaterMark?: number };
};

/**
 * Whether `stream` asked its writer to wait. exceljs's sheet writes into a readable-stream
 * PassThrough of the zip (archiver), which has no `writableNeedDrain` and whose `write()` result
 * exceljs ignores: its own state says it.
 */
const needsDrain = (stream: Pipe) =>
  stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/** Resolves when `stream` wants more, or is gone (a reader that went away never drains). */
function drain(stream: Pipe): Promise<void> {
  if (!needsDrain(stream) || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * Streams one sheet into `output` with exceljs's streaming writer: rows are committed as they
 * come and the writer waits while the zip or the reader behind `output` is behind, so memory
 * stays flat whatever the number of rows.
 */
export class StreamedSheet {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly amountStyles = new Map<Currency, Partial<ExcelJS.Style>>();
  private readonly dateStyle: Partial<ExcelJS.Style> = { numFmt: DATE_TIME_FORMAT };
  private readonly plainStyle: Partial<ExcelJS.Style> = {};

  constructor(
    private readonly output: Writable,
    private readonly spec: WorkbookSpec,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    const headerRow = spec.heading.length + 2;
    this.sheet = this.workbook.addWorksheet(spec.sheetName, {
      views: [{ state: 'frozen', ySplit: headerRow, rightToLeft: spec.rightToLeft }],
    });
    this.sheet.columns = spec.columns.map((c) => ({ width: c.width }));
    spec.heading.forEach(([label, value], i) => {
      const row = this.sheet.addRow(value === undefined ? [label] : [label, value]);
      row.getCell(1).font = { bold: true, size: i === 0 ? 14 : 11 };
      row.commit();
    });
    this.sheet.addRow([]).commit();
    const header = this.sheet.addRow(spec.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
  }

  private amountStyle(currency: Currency) {
    let style = this.amountStyles.get(currency);
    if (!style) {
      style = { numFmt: amountFormat(currency) };
      this.amountStyles.set(currency, style);
    }
    return style;
  }

  /** One data row; `currency` decides the amount's decimals. */
  addRow(cells: CellValue[], currency: Currency) {
    // No cell for nothing (an empty cell writes nothing anyway).
    const row = this.sheet.addRow(cells.map((c) => c ?? undefined));
    // One style object for the row and every plain cell: exceljs renders a style once per
    // object it has not seen, and each new row and cell comes with a new empty one.
    (row as ExcelJS.Row & { style: Partial<ExcelJS.Style> }).style = this.plainStyle;
    row.eachCell((cell) => {
      cell.style = this.plainStyle;
    });
    row.getCell(this.spec.amountColumn + 1).style = this.amountStyle(currency);
    row.getCell(this.spec.dateColumn + 1).style = this.dateStyle;
    row.commit();
  }

  /** A bold line under the table: a label and, in the amount column, an amount. */
  addTotal(label: string, value: number | string, currency?: Currency) {
    const cells: CellValue[] = [label];
    if (currency) cells[this.spec.amountColumn] = value;
    else cells[1] = value;
    const row = this.sheet.addRow(cells);
    row.font = { bold: true };
    if (currency) {
      row.getCell(this.spec.amountColumn + 1).style = {
        ...this.amountStyle(currency),
        font: { bold: true },
      };
      row.getCell(this.spec.amountColumn + 2).value = currency;
    }
    row.commit();
  }

  addBlankRow() {
    this.sheet.addRow([]).commit();
  }

  /** The zip's inputs (there once the zip starts the sheet), let run ZIP_AHEAD ahead. */
  private zipInputs(): Pipe[] {
    const pipes = (this.sheet as unknown as { stream: { pipes?: Pipe[] } }).stream.pipes ?? [];
    for (const { _writableState: state } of pipes) {
      if (state && (state.highWaterMark ?? 0) < ZIP_AHEAD) state.highWaterMark = ZIP_AHEAD;
    }
    return pipes;
  }

  /** Whether the zip or the reader behind `output` is behind what was committed. */
  needsDrain(): boolean {
    return this.zipInputs().some(needsDrain) || needsDrain(this.output);
  }

  /** Waits until what was committed has gone through the zip and out of `output`. */
  async drained() {
    for (const pipe of this.zipInputs()) await drain(pipe);
    await drain(this.output);
  }

  async finish() {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
