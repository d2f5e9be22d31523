import { describe, expect, it } from 'vitest';
import { writeBmpHeaders } from '../../test/bmp-build.ts';
import { BmpRefused, decodeBmp } from './bmp.ts';

/** A BMP with a 40-byte header and the given pixel rows (already in file order and padded). */
function file(
  width: number,
  height: number,
  bits: number,
  rows: number[][],
  opts: { compression?: number; headerSize?: number; masks?: number[] } = {},
): Buffer {
  const headerSize = opts.headerSize ?? 40;
  const masks = Buffer.alloc(opts.headerSize ? 0 : (opts.masks?.length ?? 0) * 4);
  const header = Buffer.alloc(14 + Math.max(headerSize, 40));
  const pixels = Buffer.from(rows.flat());
  const offset = header.length + masks.length;
  writeBmpHeaders(header, {
    fileSize: offset + pixels.length,
    pixelOffset: offset,
    headerSize,
    width,
    height,
    bits,
    compression: opts.compression,
  });
  const target = opts.headerSize ? header : masks;
  (opts.masks ?? []).forEach((m, i) => target.writeUInt32LE(m, (opts.headerSize ? 54 : 0) + i * 4));
  return Buffer.concat([header, masks, pixels]);
}

const refusal = (bytes: Buffer, maxPixels = 1_000_000) => {
  try {
    decodeBmp(bytes, maxPixels);
  } catch (error) {
    return error instanceof BmpRefused ? error.reason : 'other';
  }
  return 'decoded';
};

describe('decodeBmp', () => {
  it('reads 24-bit rows bottom-up with their 4-byte padding, as RGB top-down', () => {
    // Width 1: 3 bytes of BGR and one byte of padding per row; the bottom row comes first.
    const bmp = file(1, 2, 24, [
      [1, 2, 3, 0],
      [4, 5, 6, 0],
    ]);
    expect(decodeBmp(bmp, 100)).toEqual({
      width: 1,
      height: 2,
      channels: 3,
      data: Buffer.from([6, 5, 4, 3, 2, 1]),
    });
  });

  it('reads rows top-down when the height is negative', () => {
    const bmp = file(1, -2, 24, [
      [1, 2, 3, 0],
      [4, 5, 6, 0],
    ]);
    expect([...decodeBmp(bmp, 100).data]).toEqual([3, 2, 1, 6, 5, 4]);
  });

  it('ignores the padding byte of a plain 32-bit BMP and honours the masks of a BITFIELDS one', () => {
    const plain = decodeBmp(file(1, 1, 32, [[10, 20, 30, 0]]), 100);
    expect(plain).toMatchObject({ channels: 3, data: Buffer.from([30, 20, 10]) });
    // RGBA in memory order: R in the low byte, alpha in the high one.
    const masked = decodeBmp(
      file(1, 1, 32, [[10, 20, 30, 128]], {
        compression: 6,
        masks: [0x000000ff, 0x0000ff00, 0x00ff0000, 0xff000000],
      }),
      100,
    );
    expect(masked).toMatchObject({ channels: 4, data: Buffer.from([10, 20, 30, 128]) });
    // An alpha mask with every alpha 0 means opaque.
    const opaque = decodeBmp(
      file(1, 1, 32, [[10, 20, 30, 0]], {
        compression: 3,
        headerSize: 108,
        masks: [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000],
      }),
      100,
    );
    expect(opaque.data[3]).toBe(255);
  });

  it('refuses what it cannot read safely, and too many pixels before allocating them', () => {
    expect(refusal(Buffer.from('BM'))).toBe('invalid');
    expect(refusal(file(2, 2, 24, [[0, 0, 0, 0, 0, 0, 0, 0]]))).toBe('invalid');
    expect(refusal(file(-1, 1, 24, [[0, 0, 0, 0]]))).toBe('invalid');
    expect(refusal(file(1, 1, 8, [[0, 0, 0, 0]]))).toBe('invalid');
    expect(refusal(file(1, 1, 24, [[0, 0, 0, 0]], { compression: 1 }))).toBe('invalid');
    expect(refusal(file(1, 1, 24, [[0, 0, 0, 0]], { headerSize: 12 }))).toBe('invalid');
    const overlapping = file(1, 1, 32, [[0, 0, 0, 0]], {
      compression: 6,
      masks: [0x0000ffff, 0x0000ff00, 0x00ff0000, 0xff000000],
    });
    expect(refusal(overlapping)).toBe('invalid');
    expect(refusal(file(40_000_000, 1, 24, [[0, 0, 0, 0]]), 25_000_000)).toBe('too_large');
    expect(refusal(file(5000, 5001, 24, []), 25_000_000)).toBe('too_large');
  });
});
