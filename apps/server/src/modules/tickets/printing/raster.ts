import { crc32, deflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import type { Language } from '@app/contracts';
import type { Amount, Block } from '../ticket-document.ts';

/**
 * A ticket drawn for a thermal printer: 1 bit a dot, rows of `width` dots packed into bytes
 * (most significant bit first), 1 = a black dot. Printers print 203 dpi: 8 dots a millimetre.
 */
export type Raster = { width: number; height: number; rowBytes: number; bits: Uint8Array };

// The fonts ship with the project (npm packages of the Noto fonts): Noto Sans for Latin
// scripts, Noto Naskh Arabic for Arabic. Skia shapes the text (HarfBuzz): Arabic letters join
// and each line is laid out right to left by the Unicode bidi rules.
const SANS = 'PrintSans';
const NASKH = 'PrintNaskh';
let fontsReady = false;
function loadFonts() {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  const files = (pkg: string) =>
    path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files');
  for (const weight of [400, 700]) {
    GlobalFonts.registerFromPath(
      path.join(files('@fontsource/noto-sans'), `noto-sans-latin-${weight}-normal.woff2`),
      SANS,
    );
    GlobalFonts.registerFromPath(
      path.join(files('@fontsource/noto-sans'), `noto-sans-latin-ext-${weight}-normal.woff2`),
      SANS,
    );
    for (const subset of ['arabic', 'latin'])
      GlobalFonts.registerFromPath(
        path.join(
          files('@fontsource/noto-naskh-arabic'),
          `noto-naskh-arabic-${subset}-${weight}-normal.woff2`,
        ),
        NASKH,
      );
  }
  fontsReady = true;
}

/** Sizes in dots for a paper width: 24-dot text on 80 mm, 20 on 58 mm, as printers' own fonts. */
function sizesFor(width: number) {
  const base = width >= 576 ? 24 : 20;
  return {
    margin: width >= 576 ? 12 : 8,
    base,
    small: base - 4,
    heading: base + 6,
    big: base + 8,
    number: base * 2 + 8,
    indent: base,
  };
}

type Op = (g: SKRSContext2D) => void;

/** Lays the blocks out on paper `width` dots wide, then draws them: height known first. */
export function drawDocument(blocks: Block[], opts: { width: number; lang: Language }): Raster {
  loadFonts();
  const { width, lang } = opts;
  const rtl = lang === 'ar';
  const s = sizesFor(width);
  const families = rtl ? `${NASKH}, ${SANS}` : `${SANS}, ${NASKH}`;
  const fontOf = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px ${families}`;
  // Naskh's tall letters need more room between lines than Latin text.
  const lineHeight = (size: number) => Math.ceil(size * (rtl ? 1.75 : 1.4));
  const measure = createCanvas(1, 1).getContext('2d');
  const textWidth = (text: string, font: string) => {
    measure.font = font;
    return measure.measureText(text).width;
  };
  /** Words onto lines no wider than `max`; a word wider than a line is cut by characters. */
  const wrap = (text: string, font: string, max: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const tried = line ? `${line} ${word}` : word;
      if (textWidth(tried, font) <= max) {
        line = tried;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (textWidth(line, font) > max && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && textWidth(line.slice(0, cut), font) > max) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  };

  const start = rtl ? width - s.margin : s.margin;
  const end = rtl ? s.margin : width - s.margin;
  const inner = width - 2 * s.margin;
  const ops: Op[] = [];
  let y = s.margin;

  /** Text at the start side (indented), centred, or at the end side, in the document's direction. */
  const text = (
    value: string,
    font: string,
    at: number,
    align: 'start' | 'center',
    top: number,
    lh: number,
  ) =>
    ops.push((g) => {
      g.font = font;
      g.direction = rtl ? 'rtl' : 'ltr';
      g.textAlign = align;
      g.textBaseline = 'middle';
      g.fillText(value, at, top + lh / 2);
    });
  /** An amount: digits left to right, at the end side (left in Arabic). */
  const amountAt = (value: string, font: string, top: number, lh: number) =>
    ops.push((g) => {
      g.font = font;
      g.direction = 'ltr';
      g.textAlign = rtl ? 'left' : 'right';
      g.textBaseline = 'middle';
      g.fillText(value, end, top + lh / 2);
    });
  const paragraph = (
    value: string,
    size: number,
    opts2: { bold?: boolean; indent?: number; center?: boolean } = {},
  ) => {
    const font = fontOf(size, opts2.bold);
    const lh = lineHeight(size);
    const indent = opts2.indent ?? 0;
    for (const line of wrap(value, font, inner - indent)) {
      if (opts2.center) text(line, font, width / 2, 'center', y, lh);
      else text(line, font, rtl ? start - indent : start + indent, 'start', y, lh);
      y += lh;
    }
  };

  for (const b of blocks) {
    switch (b.kind) {
      case 'banner': {
        const lh = lineHeight(s.heading);
        const top = y;
        ops.push((g) => {
          g.fillStyle = '#000';
          g.fillRect(0, top, width, lh);
          g.fillStyle = '#fff';
        });
        text(b.text, fontOf(s.heading, true), width / 2, 'center', top, lh);
        ops.push((g) => {
          g.fillStyle = '#000';
        });
        y += lh + 4;
        break;
      }
      case 'heading':
        paragraph(b.text, s.heading, { bold: true, center: true });
        break;
      case 'center':
        paragraph(b.text, s.base, { center: true });
        break;
      case 'number':
        paragraph(b.text, s.number, { bold: true, center: true });
        break;
      case 'rule': {
        const top = y + 6;
        ops.push((g) => {
          for (let x = 0; x < width; x += 12) g.fillRect(x, top, 8, 2);
        });
        y += 14;
        break;
      }
      case 'field':
        // Digits, times and phone numbers isolated left to right (LRI … PDI): "+9627…" keeps
        // its plus sign in front inside Arabic text.
        paragraph(`${b.label}: ${b.ltr ? `\u2066${b.value}\u2069` : b.value}`, s.base);
        break;
      case 'request':
        paragraph(b.text, s.base, { indent: s.indent });
        break;
      case 'footer':
        paragraph(b.text, s.base, { center: true });
        break;
      case 'line': {
        const size = b.style === 'mod' ? s.small : b.style === 'big' ? s.big : s.base;
        const bold = b.style === 'grand' || b.style === 'big';
        const font = fontOf(size, bold);
        const lh = lineHeight(size);
        const indent = b.style === 'mod' || b.style === 'detail' ? s.indent : 0;
        const amount = b.amount ? amountText(b.amount) : '';
        const room = inner - indent - (amount ? textWidth(amount, font) + s.base : 0);
        if (b.style === 'grand') {
          const top = y;
          ops.push((g) => g.fillRect(s.margin, top, inner, 2));
          y += 4;
        }
        const lines = wrap(b.text, font, room);
        if (amount) amountAt(amount, font, y, lh);
        for (const line of lines) {
          text(line, font, rtl ? start - indent : start + indent, 'start', y, lh);
          y += lh;
        }
        break;
      }
    }
  }
  // Paper to tear off below the last line.
  const height = Math.ceil(y + s.base * 2);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#000';
  for (const op of ops) op(g);
  return threshold(g.getImageData(0, 0, width, height).data, width, height);
}

function amountText(a: Amount): string {
  const wrapped =
    a.wrap === 'minus' ? `-${a.text}` : a.wrap === 'brackets' ? `(${a.text})` : a.text;
  return a.currency ? `${wrapped} ${a.currency}` : wrapped;
}

/** Grey anti-aliased dots to black or white, as a thermal head prints them. */
function threshold(rgba: Uint8ClampedArray, width: number, height: number): Raster {
  const rowBytes = Math.ceil(width / 8);
  const bits = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const luminance = (rgba[i]! * 299 + rgba[i + 1]! * 587 + rgba[i + 2]! * 114) / 1000;
      if (luminance < 128) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { width, height, rowBytes, bits };
}

/** Whether the dot at (x, y) is black. */
export const isBlack = (r: Raster, x: number, y: number): boolean =>
  (r.bits[y * r.rowBytes + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The raster as a PNG of bit depth 1, greyscale (a PNG's 1 is white: the bits are inverted). */
export function pngOf(r: Raster): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(r.width, 0);
  ihdr.writeUInt32BE(r.height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((r.rowBytes + 1) * r.height);
  for (let y = 0; y < r.height; y++) {
    raw[y * (r.rowBytes + 1)] = 0; // no filter
    for (let i = 0; i < r.rowBytes; i++)
      raw[y * (r.rowBytes + 1) + 1 + i] = ~r.bits[y * r.rowBytes + i]! & 0xff;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The raster as ePOS-Print's `<image>` data: rows of packed bits, 1 = black, base64. */
export const eposImageData = (r: Raster): string => Buffer.from(r.bits).toString('base64');
