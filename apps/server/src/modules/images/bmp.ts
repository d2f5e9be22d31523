/** Pixels ready for sharp's raw input: rows top-down, RGB or RGBA, 8 bits a channel. */
export type RawImage = { width: number; height: number; channels: 3 | 4; data: Buffer };

export class BmpRefused extends Error {
  constructor(readonly reason: 'invalid' | 'too_large') {
    super(`bmp ${reason}`);
  }
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
/** BITMAPINFOHEADER and its later versions (V2, V3, V4, V5); the old OS/2 header is not taken. */
const INFO_HEADER_SIZES = new Set([40, 52, 56, 108, 124]);

type Channel = { mask: number; shift: number; max: number };

function channel(mask: number): Channel | null {
  if (mask === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  // Contiguous bits only: 0b0111 1000, never 0b0101 1000.
  return (max & (max + 1)) === 0 ? { mask, shift, max } : null;
}

const read = (value: number, c: Channel) =>
  c.max === 0 ? 255 : Math.round((((value & c.mask) >>> c.shift) * 255) / c.max);

/**
 * Decodes the uncompressed BMPs people actually have: 24-bit, and 32-bit with or without
 * channel masks. Every offset and length is checked against the file before it is read, and the
 * pixel count against `maxPixels` before anything is allocated.
 */
export function decodeBmp(bytes: Buffer, maxPixels: number): RawImage {
  const fail = (): never => {
    throw new BmpRefused('invalid');
  };
  if (bytes.length < 14 + 40 || bytes.toString('latin1', 0, 2) !== 'BM') fail();
  const pixelOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  if (!INFO_HEADER_SIZES.has(headerSize) || bytes.length < 14 + headerSize) fail();
  const width = bytes.readInt32LE(18);
  const rawHeight = bytes.readInt32LE(22);
  const planes = bytes.readUInt16LE(26);
  const bits = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  // Negative height: rows are stored top-down.
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0 || planes !== 1) fail();
  if (width * height > maxPixels) throw new BmpRefused('too_large');

  let red: Channel | null = null;
  let green: Channel | null = null;
  let blue: Channel | null = null;
  let alpha: Channel | null = null;
  if (bits === 24 && compression === BI_RGB) {
    // Fixed BGR bytes: no masks needed.
  } else if (bits === 32 && compression === BI_RGB) {
    red = channel(0x00ff0000);
    green = channel(0x0000ff00);
    blue = channel(0x000000ff);
    // The fourth byte of a plain 32-bit BMP is padding, not alpha.
    alpha = channel(0);
  } else if (bits === 32 && (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS)) {
    // The masks sit right after the 40-byte header, inside the longer headers or following it.
    const hasAlphaMask = compression === BI_ALPHABITFIELDS || headerSize >= 56;
    const masksEnd = 54 + (hasAlphaMask ? 16 : 12);
    if (bytes.length < masksEnd) fail();
    red = channel(bytes.readUInt32LE(54));
    green = channel(bytes.readUInt32LE(58));
    blue = channel(bytes.readUInt32LE(62));
    alpha = channel(hasAlphaMask ? bytes.readUInt32LE(66) : 0);
    if (!red || !green || !blue || !alpha || red.max === 0 || green.max === 0 || blue.max === 0)
      fail();
    let seen = 0;
    for (const c of [red!, green!, blue!, alpha!]) {
      if (seen & c.mask) fail();
      seen |= c.mask;
    }
  } else {
    fail();
  }

  const rowSize = Math.floor((bits * width + 31) / 32) * 4;
  if (pixelOffset < 14 + headerSize || pixelOffset + rowSize * height > bytes.length) fail();

  const channels = alpha && alpha.max > 0 ? 4 : 3;
  const data = Buffer.alloc(width * height * channels);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * rowSize;
    let out = y * width * channels;
    for (let x = 0; x < width; x++) {
      if (bits === 24) {
        const at = row + x * 3;
        data[out] = bytes[at + 2]!;
        data[out + 1] = bytes[at + 1]!;
        data[out + 2] = bytes[at]!;
      } else {
        const value = bytes.readUInt32LE(row + x * 4);
        data[out] = read(value, red!);
        data[out + 1] = read(value, green!);
        data[out + 2] = read(value, blue!);
        if (channels === 4) {
          const a = read(value, alpha!);
          data[out + 3] = a;
          if (a !== 0) anyAlpha = true;
        }
      }
      out += channels;
    }
  }
  // Writers that declare an alpha mask and leave every alpha at 0 mean an opaque image.
  if (channels === 4 && !anyAlpha) for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, channels, data };
}
