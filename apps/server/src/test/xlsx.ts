import { unzipSync } from 'fflate';

/**
 * A small .xlsx reader for tests, independent of exceljs (which writes the files): the zip's
 * entries inflated with fflate, the first
 * sheet's XML and the styles parsed with regular expressions. Enough for the cells of a
 * generated report.
 */

/** The files of a zip archive by name. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const [name, data] of Object.entries(unzipSync(zip)))
    files.set(name.replace(/^\//, ''), Buffer.from(data));
  return files;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');

export type Cell = { value: string | number | null; format: string | null };

/** Column letters to a 0-based index: A → 0, AA → 26. */
const columnIndex = (ref: string) =>
  [...ref.replace(/\d+$/, '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

const BUILT_IN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  14: 'mm-dd-yy',
};

function styleFormats(stylesXml: string | undefined): string[] {
  if (!stylesXml) return [];
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(/<numFmt [^>]*numFmtId="(\d+)"[^>]*formatCode="([^"]*)"/g))
    custom.set(Number(m[1]), unescape(m[2]!));
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  return [...xfs.matchAll(/<xf [^>]*?numFmtId="(\d+)"/g)].map((m) => {
    const id = Number(m[1]);
    return custom.get(id) ?? BUILT_IN_FORMATS[id] ?? `builtin:${id}`;
  });
}

/** The first sheet as rows of cells (by 1-based row number), with each cell's number format. */
export function readFirstSheet(xlsx: Buffer) {
  const files = unzip(xlsx);
  const sheetXml = files.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!sheetXml) throw new Error('no first sheet');
  const shared = [
    ...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(
      /<si>([\s\S]*?)<\/si>/g,
    ),
  ].map((m) => unescape([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  const formats = styleFormats(files.get('xl/styles.xml')?.toString('utf8'));
  const rows = new Map<number, Cell[]>();
  for (const row of sheetXml.matchAll(/<row [^>]*r="(\d+)"[^>]*(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const cells: Cell[] = [];
    for (const c of (row[2] ?? '').matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1]!;
      const ref = /r="([A-Z]+\d+)"/.exec(attrs)![1]!;
      const type = /t="(\w+)"/.exec(attrs)?.[1];
      const style = Number(/s="(\d+)"/.exec(attrs)?.[1] ?? 0);
      const body = c[2] ?? '';
      const raw = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value: string | number | null = null;
      if (type === 'inlineStr')
        value = unescape([...body.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join(''));
      else if (type === 's') value = shared[Number(raw)] ?? null;
      else if (type === 'str' || type === 'b') value = raw === undefined ? null : unescape(raw);
      else if (raw !== undefined) value = Number(raw);
      cells[columnIndex(ref)] = { value, format: formats[style] ?? null };
    }
    rows.set(Number(row[1]), cells);
  }
  const rightToLeft = /<sheetView [^>]*rightToLeft="1"/.test(sheetXml);
  return { rows, rightToLeft, files };
}

/** Days since 1899-12-30 (Excel's serial) to "YYYY-MM-DD HH:mm", read as a wall clock. */
export function serialToLocal(serial: number): string {
  const ms = Math.round((serial - 25569) * 86_400_000);
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}
