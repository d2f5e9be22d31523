/** What a hand-made BMP's headers say; a hostile file may say what its bytes do not hold. */
export type BmpHeaders = {
  /** The file size the 14-byte file header declares. */
  fileSize: number;
  /** Where the pixel rows start. */
  pixelOffset: number;
  /** The info header's own size: 40 (BITMAPINFOHEADER), 108 (BITMAPV4HEADER), ... */
  headerSize: number;
  width: number;
  height: number;
  bits: number;
  /** 0 BI_RGB, 3 BI_BITFIELDS. */
  compression?: number;
};

/** Writes the file header and the info header's fields up to the compression into `out`. */
export function writeBmpHeaders(out: Buffer, h: BmpHeaders): Buffer {
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(h.fileSize, 2);
  out.writeUInt32LE(h.pixelOffset, 10);
  out.writeUInt32LE(h.headerSize, 14);
  out.writeInt32LE(h.width, 18);
  out.writeInt32LE(h.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(h.bits, 28);
  out.writeUInt32LE(h.compression ?? 0, 30);
  return out;
}
