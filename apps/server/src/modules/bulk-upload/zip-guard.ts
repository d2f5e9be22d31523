import { promisify } from 'node:util';
import zlib from 'node:zlib';
import yauzl, { type Entry } from 'yauzl';

/**
 * Checks an uploaded zip (an xlsx) before anything parses it, in bounded memory. The archive is
 * read by yauzl from its central directory; an entry is inflated only while the archive's
 * declared sizes stay under the cap, and its real size must be its declared one (inflating
 * stops at the first byte past it). What the spreadsheet reader gets is the checked entries' bytes by
 * name, so that nothing the directory does not name reaches it.
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

export type ZipLimits = { maxEntries: number; maxInflatedBytes: number };

const notZip = (detail: string) => new ArchiveRefused('not_zip', detail);
const refused = (detail: string) => new ArchiveRefused('refused', detail);

const inflateRaw = promisify(zlib.inflateRaw);

/**
 * An entry's bytes: its compressed bytes read whole (no more than the upload), inflated in
 * zlib's thread pool with the output capped at the declared size (zlib stops at the first byte
 * past it, so a lying entry never takes more memory than it declared), and refused unless
 * exactly that size.
 */
async function inflate(zip: yauzl.ZipFile, entry: Entry): Promise<Uint8Array> {
  const deflated = entry.compressionMethod === 8;
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry, deflated ? { decompress: false } : {});
  } catch {
    throw notZip(`${entry.fileName}: unreadable`);
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  } catch {
    stream.destroy();
    throw notZip(`${entry.fileName}: corrupt data`);
  }
  const stored = Buffer.concat(chunks);
  let out: Buffer = stored;
  if (deflated) {
    try {
      out = await inflateRaw(stored, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw refused(`${entry.fileName}: size not as declared`);
      throw notZip(`${entry.fileName}: corrupt data`);
    }
  }
  if (out.length !== entry.uncompressedSize)
    throw refused(`${entry.fileName}: size not as declared`);
  return out;
}

/** The entries a streaming spreadsheet reader needs before its sheets (workbook, shared strings). */

/**
 * The archive's files by name, checked: at most `maxEntries`, none encrypted, stored or
 * deflated only, no name twice, at most `maxInflatedBytes` inflated in all, each as large as
 * it says. Only the files its directory names (folders left out), in its order.
 */
export async function checkedArchive(
  bytes: Buffer,
  limits: ZipLimits,
): Promise<Map<string, Uint8Array>> {
  let zip: yauzl.ZipFile;
  try {
    // Sizes are checked below, cutting a lying entry off at its declared size.
    zip = await yauzl.fromBufferPromise(bytes, { validateEntrySizes: false });
  } catch {
    throw notZip('no readable central directory');
  }
  if (zip.entryCount > limits.maxEntries) throw refused(`${zip.entryCount} entries`);
  const files = new Map<string, Uint8Array>();
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (entry.isEncrypted()) throw refused(`${name}: encrypted`);
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw refused(`${name}: compression method ${entry.compressionMethod}`);
      if (files.has(name)) throw refused(`duplicate entry ${name}`);
      declared += entry.uncompressedSize;
      if (declared > limits.maxInflatedBytes) throw refused('inflated size over the limit');
      files.set(name, name.endsWith('/') ? new Uint8Array(0) : await inflate(zip, entry));
    }
  } catch (error) {
    zip.close();
    throw error instanceof ArchiveRefused ? error : notZip('bad central directory');
  }
  for (const name of [...files.keys()]) if (name.endsWith('/')) files.delete(name);
  return files;
}
