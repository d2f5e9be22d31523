import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { Zip, ZipPassThrough } from 'fflate';
import QRCode from 'qrcode';

/** One QR code to make: its file name (without extension) and the address it carries. */
export type QrEntry = { name: string; url: string };

/** A file to send: its name for Content-Disposition, its type and its bytes (or a stream). */
export type QrFile = { fileName: string; contentType: string; body: Buffer | Readable };

const QR_WIDTH = 512;

/** '#abc' → '#aabbcc': the qrcode package reads 6 (or 8) hex digits only. */
const sixDigits = (hex: string) =>
  hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;

/** A PNG of the QR code of `url`, dark modules in `color` on white. */
export function qrPng(url: string, color: string): Promise<Buffer> {
  return QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: QR_WIDTH,
    color: { dark: sixDigits(color), light: '#ffffff' },
  });
}

/** A file name that every operating system accepts; Arabic and other letters stay. */
export const safeFileName = (name: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  name.replace(/[\u0000-\u001f\\/:*?"<>|]+/g, '-').trim() || 'qr';

/**
 * A zip of the entries' PNGs, made one at a time as the reader takes them, so memory stays
 * flat however many tables a branch has. PNGs are stored, not deflated: they are compressed.
 */
export function qrZip(entries: readonly QrEntry[], color: string): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const used = new Set<string>();
  void (async () => {
    try {
      for (const entry of entries) {
        if (out.destroyed) return;
        let name = `${safeFileName(entry.name)}.png`;
        for (let n = 2; used.has(name.toLowerCase()); n++)
          name = `${safeFileName(entry.name)} (${n}).png`;
        used.add(name.toLowerCase());
        const file = new ZipPassThrough(name);
        zip.add(file);
        file.push(await qrPng(entry.url, color), true);
        // A reader gone away closes the stream: stop rather than wait for a drain.
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** One PNG for one entry, a zip for several (operations-platform §7.2). */
export async function qrFile(
  entries: readonly QrEntry[],
  color: string,
  zipName: string,
): Promise<QrFile> {
  if (entries.length === 1) {
    const [entry] = entries as [QrEntry];
    return {
      fileName: `${safeFileName(entry.name)}.png`,
      contentType: 'image/png',
      body: await qrPng(entry.url, color),
    };
  }
  return { fileName: zipName, contentType: 'application/zip', body: qrZip(entries, color) };
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
