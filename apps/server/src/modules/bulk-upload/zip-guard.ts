import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * Checks an uploaded zip (an xlsx) before anything parses it, in bounded memory: the central
 * directory is read by hand and bounded in entries, every entry it names is inflated as a
 * stream whose output is only counted, against a hard cap on the whole archive. Sizes the
 * archive declares are never trusted: an entry whose real size differs from its declared one
 * is refused too.
 */
export class ArchiveRefused extends Error {
  constructor(
    /** not_zip: unreadable as a zip; refused: a zip we will not open (too big once inflated). */
    readonly reason: 'not_zip' | 'refused',
    detail: string,
  ) {
    super(`archive ${reason}: ${detail}`);
    this.name = 'ArchiveRefused';
  }
}

export type ZipEntry = {
  name: string;
  method: 0 | 8;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's compressed bytes start in the archive. */
  dataStart: number;
};

export type ZipLimits = { maxEntries: number; maxInflatedBytes: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const notZip = (detail: string) => new ArchiveRefused('not_zip', detail);
const refused = (detail: string) => new ArchiveRefused('refused', detail);

function endOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes and may be followed by a comment of up to 65,535 bytes.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) return i;
  }
  throw notZip('no end of central directory');
}

/** The entries of the central directory, every offset and length checked against the buffer. */
export function readCentralDirectory(zip: Buffer, limits: ZipLimits): ZipEntry[] {
  if (zip.length < 22 || zip.readUInt32LE(0) !== LOCAL) throw notZip('no zip signature');
  const eocd = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  const offset = zip.readUInt32LE(eocd + 16);
  // Zip64 markers: a 1 MB spreadsheet never needs them.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw refused('zip64');
  if (zip.readUInt16LE(eocd + 4) !== 0 || zip.readUInt16LE(eocd + 6) !== 0)
    throw refused('multi-disk');
  if (count > limits.maxEntries) throw refused(`${count} entries`);
  if (offset + size > eocd) throw notZip('central directory out of bounds');

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > offset + size || zip.readUInt32LE(at) !== CENTRAL)
      throw notZip('bad central directory entry');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc32 = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const uncompressedSize = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > offset + size) throw notZip('central directory entry out of bounds');
    if (flags & 0x1) throw refused('encrypted entry');
    if (method !== 0 && method !== 8) throw refused(`compression method ${method}`);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (names.has(name)) throw refused(`duplicate entry ${name}`);
    names.add(name);

    if (localHeader + 30 > offset || zip.readUInt32LE(localHeader) !== LOCAL)
      throw notZip('bad local header');
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    if (dataStart + compressedSize > offset) throw notZip('entry data out of bounds');
    entries.push({ name, method, crc32, compressedSize, uncompressedSize, dataStart });
    at = next;
  }
  return entries;
}

/** Inflates one entry's bytes only to count them; stops as soon as `budget` is passed. */
function inflatedLength(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let total = 0;
    let done = false;
    const finish = (error: ArchiveRefused | null) => {
      if (done) return;
      done = true;
      if (error) {
        inflate.destroy();
        reject(error);
      } else resolve(total);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) finish(refused('inflated size over the limit'));
    });
    inflate.on('error', () => finish(notZip('corrupt deflate data')));
    inflate.on('end', () => finish(null));
    // Fed in slices so that zlib's output never runs far ahead of the counting.
    const feed = Readable.from(
      (function* () {
        for (let i = 0; i < data.length; i += 16 * 1024) yield data.subarray(i, i + 16 * 1024);
      })(),
    );
    feed.pipe(inflate);
  });
}

/**
 * Every entry inflated against the archive's one budget; the real sizes must be the declared
 * ones (the parser downstream reads the same entries). Returns the total inflated size.
 */
export async function checkInflatedSizes(
  zip: Buffer,
  entries: readonly ZipEntry[],
  limits: ZipLimits,
): Promise<number> {
  let total = 0;
  for (const entry of entries) {
    const budget = limits.maxInflatedBytes - total;
    const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    const size = entry.method === 0 ? data.length : await inflatedLength(data, budget);
    if (size > budget) throw refused('inflated size over the limit');
    if (size !== entry.uncompressedSize) throw refused(`${entry.name}: size not as declared`);
    total += size;
  }
  return total;
}

/** The entries a spreadsheet reader needs before its sheets (workbook, names, shared strings). */
const FIRST = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'];

/**
 * The checked entries as a new zip stream: a fresh local header each (sizes from the check,
 * no data descriptors), nothing between them that the central directory does not name, and the
 * workbook and shared strings first so that a streaming reader meets the sheets last. Sheets
 * named in `order.first` come right after those, the ones in `order.last` at the very end.
 */
export function checkedZipStream(
  zip: Buffer,
  entries: readonly ZipEntry[],
  order: { first?: readonly string[]; last?: readonly string[] } = {},
): Readable {
  const first = [...FIRST, ...(order.first ?? [])];
  const last = order.last ?? [];
  const rank = (name: string) => {
    const i = first.indexOf(name);
    if (i >= 0) return i;
    const j = last.indexOf(name);
    return j >= 0 ? first.length + 1 + j : first.length;
  };
  const ordered = [...entries].sort((a, b) => rank(a.name) - rank(b.name));
  return Readable.from(
    (function* () {
      for (const entry of ordered) {
        const name = Buffer.from(entry.name, 'utf8');
        const header = Buffer.alloc(30);
        header.writeUInt32LE(LOCAL, 0);
        header.writeUInt16LE(20, 4);
        header.writeUInt16LE(0x0800, 6); // UTF-8 names
        header.writeUInt16LE(entry.method, 8);
        header.writeUInt32LE(entry.crc32, 14);
        header.writeUInt32LE(entry.compressedSize, 18);
        header.writeUInt32LE(entry.uncompressedSize, 22);
        header.writeUInt16LE(name.length, 26);
        yield header;
        yield name;
        yield zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
      }
    })(),
    { objectMode: false },
  );
}

/** A workbook's own parts are a few kilobytes; larger ones are not read for sheet names. */
const MAX_WORKBOOK_PART = 1024 * 1024;

/**
 * One checked entry's text (its size is the checked one); null when it is not in the archive
 * or larger than a workbook part ever is.
 */
function entryText(zip: Buffer, entries: readonly ZipEntry[], name: string): string | null {
  const entry = entries.find((e) => e.name === name);
  if (!entry || entry.uncompressedSize > MAX_WORKBOOK_PART) return null;
  const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const bytes =
    entry.method === 0 ? data : inflateRawSync(data, { maxOutputLength: entry.uncompressedSize });
  return bytes.toString('utf8');
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return XML_ENTITIES[code] ?? whole;
  });

/** The attributes of one start tag, by their names as written ('r:id' keeps its prefix). */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  // A name starts after a non-name character: a long run of name characters is tried once.
  for (const m of tag.matchAll(/(?<![\w.:-])([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    out.set(m[1]!, decodeXml(m[2] ?? m[3] ?? ''));
  return out;
}

/**
 * The workbook's sheets in their order, each with the archive entry that holds it, read from
 * xl/workbook.xml and its relations; null when those cannot be read (the import then reads the
 * sheets in the archive's order).
 */
export function workbookSheets(
  zip: Buffer,
  entries: readonly ZipEntry[],
): { name: string; entry: string }[] | null {
  let workbook: string | null;
  let relations: string | null;
  try {
    workbook = entryText(zip, entries, 'xl/workbook.xml');
    relations = entryText(zip, entries, 'xl/_rels/workbook.xml.rels');
  } catch {
    return null;
  }
  if (workbook === null || relations === null) return null;
  const targets = new Map<string, string>();
  for (const m of relations.matchAll(/<(?:[\w.-]+:)?Relationship\b([^<>]*)>/g)) {
    const a = attributes(m[1]!);
    const id = a.get('Id');
    const target = a.get('Target');
    if (id && target)
      targets.set(
        id,
        target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`,
      );
  }
  const sheets: { name: string; entry: string }[] = [];
  // A tag holds no '<': a '<sheet' left open stops at the next '<', not the end of the text
  // (an archive of '<sheet' repeated would otherwise cost quadratic time).
  for (const m of workbook.matchAll(/<(?:[\w.-]+:)?sheet\b([^<>]*)>/g)) {
    const a = attributes(m[1]!);
    const name = a.get('name');
    // The relation id is the one attribute named 'id' under a namespace prefix (r:id).
    const relation = [...a].find(([key]) => /^[\w.-]+:id$/.test(key))?.[1];
    const entry = relation ? targets.get(relation) : undefined;
    if (name === undefined || !entry || !entries.some((e) => e.name === entry)) return null;
    sheets.push({ name, entry });
  }
  return sheets;
}
