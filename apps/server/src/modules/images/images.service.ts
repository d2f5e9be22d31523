import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '@app/contracts';
import { ValidationFailed } from '../../errors.ts';
import type { FileStorage } from '../../storage/storage.ts';

type Kind = { ext: 'jpg' | 'png' | 'bmp'; mime: string };

/** The type is decided by the bytes, never by the file name or the declared content type. */
export function sniffImage(bytes: Buffer): Kind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { ext: 'jpg', mime: 'image/jpeg' };
  }
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { ext: 'png', mime: 'image/png' };
  }
  if (bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d)
    return { ext: 'bmp', mime: 'image/bmp' };
  return null;
}

async function dimensions(
  bytes: Buffer,
  kind: Kind,
): Promise<{ width: number; height: number; alpha: boolean } | null> {
  if (kind.ext === 'bmp') {
    // BITMAPINFOHEADER: width and height are signed 32-bit at offsets 18 and 22.
    const width = bytes.readInt32LE(18);
    const height = Math.abs(bytes.readInt32LE(22));
    return width > 0 && height > 0 ? { width, height, alpha: false } : null;
  }
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    return meta.width && meta.height
      ? { width: meta.width, height: meta.height, alpha: meta.hasAlpha === true }
      : null;
  } catch {
    return null;
  }
}

const MAX_PIXELS = 40_000_000;
/** Proportions may differ this much from the place's (a crop rounds to whole pixels). */
const ASPECT_TOLERANCE = 0.02;

/** What a place asks of its image (branding): its proportions, a PNG with transparency. */
export type ImageRules = { aspect?: number; png?: boolean };

export function createImagesService(deps: { storage: FileStorage }) {
  return {
    async upload(tenantId: string, bytes: Buffer, rules: ImageRules = {}) {
      if (bytes.length === 0) throw new ValidationFailed('file', ['required']);
      if (bytes.length > IMAGE_LIMITS.maxBytes)
        throw new ValidationFailed('file', ['image_too_large']);
      const kind = sniffImage(bytes);
      if (!kind) throw new ValidationFailed('file', ['image_type_not_allowed']);
      const size = await dimensions(bytes, kind);
      if (!size || size.width * size.height > MAX_PIXELS)
        throw new ValidationFailed('file', ['image_unreadable']);
      if (rules.png && (kind.ext !== 'png' || !size.alpha))
        throw new ValidationFailed('file', ['image_png_transparent_required']);
      if (
        rules.aspect &&
        Math.abs(size.width / size.height - rules.aspect) / rules.aspect > ASPECT_TOLERANCE
      )
        throw new ValidationFailed('file', ['image_aspect_invalid']);
      const url = await deps.storage.put(`${tenantId}/${randomUUID()}.${kind.ext}`, bytes);
      return {
        url,
        contentType: kind.mime,
        width: size.width,
        height: size.height,
        bytes: bytes.length,
      };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
