import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One file of a hand-made zip; the declared size may lie (what a hostile archive does). */
export type ZipFile = {
  name: string;
  /** The raw deflate bytes (method 8), or the stored bytes when `stored`. */
  data: Buffer;
  stored?: boolean;
  uncompressedSize: number;
  crc?: number;
};

/** A zip archive written by hand (local headers, central directory, end record). */
export function buildZip(files: ZipFile[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const method = f.stored ? 0 : 8;
    const crc = f.crc ?? 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(f.data.length, 20);
    entry.writeUInt32LE(f.uncompressedSize, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, name, f.data);
    central.push(entry, name);
    offset += 30 + name.length + f.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

export const deflated = (name: string, content: string | Buffer): ZipFile => {
  const raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, data: deflateRawSync(raw), uncompressedSize: raw.length, crc: crc32(raw) };
};

/**
 * A zip bomb of at most `maxBytes`: an xlsx's workbook beside one sheet of zeros that inflates
 * to about a thousand times the file's size. The deflate data is one flushed block of zeros
 * repeated (each copy decodes on its own), ended by an empty final block. `declared` is the
 * size the archive claims for the sheet: the truth, or a lie.
 */
export function zipBomb(
  maxBytes = 1_048_576,
  declared: 'truth' | 'lie' = 'lie',
): { zip: Buffer; inflatedBytes: number } {
  const chunk = 4 * 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(chunk), { finishFlush: constants.Z_SYNC_FLUSH });
  const workbook = deflated(
    'xl/workbook.xml',
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Items" sheetId="1" r:id="rId1" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></sheets></workbook>',
  );
  const overhead = 2048 + workbook.data.length;
  const copies = Math.floor((maxBytes - overhead) / block.length);
  const data = Buffer.concat([...Array<Buffer>(copies).fill(block), Buffer.from([0x03, 0x00])]);
  const inflatedBytes = copies * chunk;
  const zip = buildZip([
    workbook,
    {
      name: 'xl/worksheets/sheet1.xml',
      data,
      uncompressedSize: declared === 'truth' ? inflatedBytes % 2 ** 32 : 4096,
    },
  ]);
  return { zip, inflatedBytes };
}
