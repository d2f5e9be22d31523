import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_LIMITS } from '@app/contracts';
import { ValidationFailed } from '../../errors.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { BmpRefused, decodeBmp } from './bmp.ts';

type Kind = 'jpeg' | 'png' | 'bmp';

/** The type is decided by the bytes, never by the file name or the declared content type. */
export function sniffImage(bytes: Buffer): Kind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return null;
}

/** Decoding allocates width × height × channels: a small file may not claim more than this. */
export const MAX_IMAGE_PIXELS = 25_000_000;
/** menu-management.md §5: images are saved as JPEG quality 92. */
const JPEG_QUALITY = 92;

const invalid = () => new ValidationFailed('file', ['image_invalid']);
const tooLarge = () => new ValidationFailed('file', ['image_too_large']);

/** A decoder for the upload's bytes; BMP, which sharp cannot read, through our own parser. */
function decoder(bytes: Buffer, kind: Kind): Sharp {
  if (kind !== 'bmp') {
    // 'warning' refuses truncated and damaged files, not only ones libvips gives up on.
    return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' }).rotate();
  }
  try {
    const { data, ...raw } = decodeBmp(bytes, MAX_IMAGE_PIXELS);
    return sharp(data, { raw });
  } catch (error) {
    if (error instanceof BmpRefused) throw error.reason === 'too_large' ? tooLarge() : invalid();
    throw error;
  }
}

/**
 * Decodes the whole image and encodes it again, so what is stored and served is always an image
 * we made: JPEG, or PNG when it has transparency; no metadata of the upload survives.
 */
async function reencode(bytes: Buffer, kind: Kind) {
  const image = decoder(bytes, kind);
  try {
    const { hasAlpha } = await image.metadata();
    const encoded = hasAlpha
      ? image.png({ compressionLevel: 9 })
      : image.jpeg({ quality: JPEG_QUALITY });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, alpha: Boolean(hasAlpha) };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge();
    throw invalid();
  }
}

/** Proportions may differ this much from the place's (a crop rounds to whole pixels). */
const ASPECT_TOLERANCE = 0.02;

/** What a place asks of its image (branding): its proportions, a PNG with transparency. */
export type ImageRules = { aspect?: number; png?: boolean };

export function createImagesService(deps: { storage: FileStorage }) {
  return {
    async upload(tenantId: string, bytes: Buffer, rules: ImageRules = {}) {
      if (bytes.length === 0) throw new ValidationFailed('file', ['required']);
      if (bytes.length > IMAGE_LIMITS.maxBytes) throw tooLarge();
      const kind = sniffImage(bytes);
      if (!kind) throw new ValidationFailed('file', ['image_type_not_allowed']);
      const image = await reencode(bytes, kind);
      if (rules.png && (kind !== 'png' || !image.alpha))
        throw new ValidationFailed('file', ['image_png_transparent_required']);
      if (
        rules.aspect &&
        Math.abs(image.width / image.height - rules.aspect) / rules.aspect > ASPECT_TOLERANCE
      )
        throw new ValidationFailed('file', ['image_aspect_invalid']);
      const ext = image.alpha ? 'png' : 'jpg';
      const url = await deps.storage.put(
        `${tenantId.toLowerCase()}/${randomUUID()}.${ext}`,
        image.data,
      );
      return {
        url,
        contentType: image.alpha ? 'image/png' : 'image/jpeg',
        width: image.width,
        height: image.height,
        bytes: image.data.length,
      };
    },

    /** True for a url this tenant's upload answered with (and still stored); false for any other. */
    async isTenantImage(tenantId: string, url: string): Promise<boolean> {
      const key = deps.storage.keyOf(url);
      if (!key || !key.startsWith(`${tenantId.toLowerCase()}/`)) return false;
      return deps.storage.has(key);
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
