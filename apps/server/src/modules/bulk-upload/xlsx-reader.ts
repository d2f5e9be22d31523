import path from 'node:path/posix';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * The one reader of an uploaded workbook's parts (issue 34): whatever wrote the file (Excel,
 * LibreOffice, openpyxl and pandas, xlsxwriter, exceljs), its sheets are found through the
 * package's relations (targets absolute or relative), in the workbook's order, and their cells
 * read as shared strings, inline strings, numbers, booleans or formula results. The parts are
 * the checked archive's files (zip-guard.ts), already in memory.
 */
export type XlsxParts = ReadonlyMap<string, Uint8Array>;

/** A sheet of the workbook: its name as the tab shows it and its part. */
export type XlsxSheet = { name: string; part: string; hidden: boolean };

/** A row as read: its number in the sheet and its cells' texts by column (1 = A). */
export type XlsxRow = { number: number; values: string[] };

/** The parts do not make a workbook (no workbook part, a sheet missing, unreadable XML). */
export class NotAWorkbook extends Error {
  constructor(detail: string) {
    super(`not a workbook: ${detail}`);
    this.name = 'NotAWorkbook';
  }
}

const decoder = new TextDecoder('utf-8');
/** An element's name without its namespace prefix ('x:row' → 'row'). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);
/** An attribute by its local name ('r:id' for 'id'). */
function attr(tag: SaxesTagPlain, name: string): string | undefined {
  const attributes = tag.attributes as Record<string, string>;
  // Most writers use no prefix on attributes: one lookup per cell of a big sheet.
  const plain = attributes[name];
  if (plain !== undefined) return plain;
  for (const key in attributes) if (local(key) === name) return attributes[key];
  return undefined;
}

/** Calls `open` for each element of an XML part (and `close`, `text` when given). */
function walk(
  xml: string,
  handlers: {
    open: (tag: SaxesTagPlain) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
) {
  const parser = new SaxesParser();
  parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(local(tag.name)));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  parser.write(xml).close();
}

function partText(parts: XlsxParts, name: string): string | null {
  const bytes = parts.get(name);
  return bytes ? decoder.decode(bytes) : null;
}

/** The targets of a part's relations by id and by type (the type's last word). */
function relations(parts: XlsxParts, owner: string) {
  const folder = path.dirname(owner);
  const relsPart = path.join(folder, '_rels', `${path.basename(owner)}.rels`);
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  const xml = partText(parts, relsPart.replace(/^\.\//, '').replace(/^\//, ''));
  if (xml === null) return { byId, byType };
  walk(xml, {
    open: (tag) => {
      if (local(tag.name) !== 'Relationship') return;
      const target = attr(tag, 'Target');
      if (!target || attr(tag, 'TargetMode') === 'External') return;
      // Absolute targets are from the package's root; others from the owner's folder.
      const resolved = target.startsWith('/')
        ? target.slice(1)
        : path.normalize(path.join(folder, target)).replace(/^\.\//, '');
      const id = attr(tag, 'Id');
      if (id) byId.set(id, resolved);
      const type = attr(tag, 'Type')?.split('/').pop();
      if (type && !byType.has(type)) byType.set(type, resolved);
    },
  });
  return { byId, byType };
}

/** The workbook part, its sheets in tab order, and its shared strings. */
export function openWorkbook(parts: XlsxParts): { sheets: XlsxSheet[]; strings: string[] } {
  const root = relations(parts, '');
  const workbookPart = root.byType.get('officeDocument') ?? 'xl/workbook.xml';
  const workbookXml = partText(parts, workbookPart);
  if (workbookXml === null) throw new NotAWorkbook('no workbook part');
  const rels = relations(parts, workbookPart);
  const sheets: XlsxSheet[] = [];
  walk(workbookXml, {
    open: (tag) => {
      if (local(tag.name) !== 'sheet') return;
      const id = attr(tag, 'id');
      const part = id ? rels.byId.get(id) : undefined;
      // A chart sheet or a sheet whose part is missing holds no rows to read.
      if (!part || !parts.has(part)) return;
      const state = attr(tag, 'state');
      sheets.push({ name: attr(tag, 'name') ?? '', part, hidden: !!state && state !== 'visible' });
    },
  });
  const stringsPart = rels.byType.get('sharedStrings');
  return { sheets, strings: stringsPart ? sharedStrings(partText(parts, stringsPart) ?? '') : [] };
}

/** The shared strings table: each item's text, its runs joined (phonetic hints left out). */
function sharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  walk(xml, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText && current !== null) current += text;
    },
  });
  return strings;
}

/** Column number of a cell reference ('C7' → 3). */
function columnOf(ref: string): number {
  let column = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column;
}

/** A cell's text as a person sees it (numbers as JavaScript writes them, text trimmed). */
function cellValue(type: string | undefined, value: string, inline: string, strings: string[]) {
  switch (type) {
    case 's':
      return (strings[Number(value)] ?? '').trim();
    case 'inlineStr':
      return inline.trim();
    case 'str':
      return value.trim();
    case 'b':
      return value === '1' ? 'true' : value === '0' ? 'false' : '';
    case 'e':
      return '';
    case 'd': {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value.trim() : date.toISOString();
    }
    default: {
      if (value.trim() === '') return '';
      const n = Number(value);
      return Number.isFinite(n) ? String(n) : value.trim();
    }
  }
}

/** The five XML entities and character references ('&amp;' → '&', '&#x41;' → 'A'). */
const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function unescapeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_, name?: string, dec?: string, hex?: string) => {
    if (name) return NAMED[name]!;
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    // A reference past Unicode is no character: the replacement character stands for it.
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
  });
}

/** An attribute of a tag's text ('<c r="A1" t="s">'), any prefix; unescaped. */
function tagAttr(tag: string, name: string): string | undefined {
  for (let at = tag.indexOf(`${name}=`); at !== -1; at = tag.indexOf(`${name}=`, at + 1)) {
    const before = tag.charCodeAt(at - 1);
    // Preceded by a space or a prefix's colon: 'r=' in ' r=' or ' x:r=', not in ' spans='.
    if (before !== 32 && before !== 9 && before !== 10 && before !== 13 && before !== 58) continue;
    const quote = tag[at + name.length + 1];
    if (quote !== '"' && quote !== "'") continue;
    const end = tag.indexOf(quote, at + name.length + 2);
    if (end === -1) return undefined;
    return unescapeXml(tag.slice(at + name.length + 2, end));
  }
  return undefined;
}

/**
 * Calls `open`, `close` and `text` for the elements and text of a sheet part, in order, from
 * `at`; returns where it stopped (after `until` rows closed, or the end). A sheet part is
 * machine-written XML of a few kinds of element (row, c, v, is, r, t, f): this scanner reads
 * them with indexOf, a few times faster than a general XML parser over a big sheet (issue 34's
 * benchmark), and refuses what no sheet holds (a DOCTYPE, a tag left open).
 */
function scanSheet(
  xml: string,
  at: number,
  handlers: {
    open: (name: string, tag: string) => void;
    close: (name: string) => boolean;
    text: (text: string) => void;
  },
): number {
  let i = at;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt === -1) break;
    if (lt > i) handlers.text(unescapeXml(xml.slice(i, lt)));
    const next = xml.charCodeAt(lt + 1);
    if (next === 63 /* ? */) {
      const end = xml.indexOf('?>', lt);
      if (end === -1) throw new NotAWorkbook('an unclosed processing instruction');
      i = end + 2;
      continue;
    }
    if (next === 33 /* ! */) {
      if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt);
        if (end === -1) throw new NotAWorkbook('an unclosed CDATA section');
        handlers.text(xml.slice(lt + 9, end));
        i = end + 3;
      } else if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt);
        if (end === -1) throw new NotAWorkbook('an unclosed comment');
        i = end + 3;
      } else throw new NotAWorkbook('a document type declaration in a sheet');
      continue;
    }
    // The tag's end: the first '>' outside a quoted attribute value.
    let end = lt + 1;
    for (let quote = 0; end < xml.length; end++) {
      const c = xml.charCodeAt(end);
      if (quote !== 0) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 62 /* > */) break;
      else if (c === 60 /* < */) throw new NotAWorkbook('a tag left open');
    }
    if (end >= xml.length) throw new NotAWorkbook('an unclosed tag');
    const closing = next === 47; /* / */
    const selfClosing = xml.charCodeAt(end - 1) === 47;
    let nameEnd = closing ? lt + 2 : lt + 1;
    while (nameEnd < end) {
      const c = xml.charCodeAt(nameEnd);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47 || c === 62) break;
      nameEnd++;
    }
    const name = local(xml.slice(closing ? lt + 2 : lt + 1, nameEnd));
    i = end + 1;
    if (closing) {
      if (handlers.close(name)) return i;
      continue;
    }
    handlers.open(name, xml.slice(nameEnd, selfClosing ? end - 1 : end));
    if (selfClosing && handlers.close(name)) return i;
  }
  return xml.length;
}

/**
 * The rows of a sheet part, in order, a few hundred at a time: `onRows` gets each batch and
 * may wait (the event loop turns between batches). A row the file leaves out is not given (its
 * number is skipped).
 */
export async function readSheetRows(
  parts: XlsxParts,
  sheet: XlsxSheet,
  strings: string[],
  onRows: (rows: XlsxRow[]) => Promise<void> | void,
  rowsPerBatch = 500,
): Promise<void> {
  const xml = partText(parts, sheet.part);
  if (xml === null) throw new NotAWorkbook(`no part ${sheet.part}`);
  let rows: XlsxRow[] = [];
  let row: XlsxRow | null = null;
  let lastRow = 0;
  let cell: { column: number; type: string | undefined } | null = null;
  let lastColumn = 0;
  let value = '';
  let inline = '';
  let into: 'value' | 'inline' | null = null;
  let phonetic = 0;
  const handlers = {
    open: (name: string, tag: string) => {
      switch (name) {
        case 'row': {
          const number = Number(tagAttr(tag, 'r') ?? lastRow + 1);
          row = { number, values: [] };
          lastRow = number;
          lastColumn = 0;
          break;
        }
        case 'c': {
          const ref = tagAttr(tag, 'r');
          const column = ref ? columnOf(ref) : lastColumn + 1;
          lastColumn = column;
          cell = { column, type: tagAttr(tag, 't') };
          value = '';
          inline = '';
          break;
        }
        case 'v':
          into = 'value';
          break;
        case 'rPh':
          phonetic++;
          break;
        case 't':
          if (cell && phonetic === 0) into = 'inline';
          break;
      }
    },
    /** True when a batch of rows is complete. */
    close: (name: string) => {
      switch (name) {
        case 'v':
        case 't':
          into = null;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c':
          if (row && cell) row.values[cell.column] = cellValue(cell.type, value, inline, strings);
          cell = null;
          break;
        case 'row':
          if (row) rows.push(row);
          row = null;
          return rows.length >= rowsPerBatch;
      }
      return false;
    },
    text: (t: string) => {
      if (into === 'value') value += t;
      else if (into === 'inline') inline += t;
    },
  };
  for (let at = 0; at < xml.length;) {
    at = scanSheet(xml, at, handlers);
    if (rows.length > 0) {
      const done = rows;
      rows = [];
      await onRows(done);
    }
  }
}
