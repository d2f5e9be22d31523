import { z } from 'zod';

/**
 * WCAG 2.x colour contrast, once for the server (the branding answer's warning), the admin
 * (the warning and the preview) and the storefront (the text on the brand colour).
 */

/** WCAG 2.x AA for normal text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

export const WHITE = '#ffffff';
export const BLACK = '#000000';

/** '#rgb' or '#rrggbb' (any case) as [r, g, b] 0–255; null for anything else. */
export function hexToRgb(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const digits =
    m[1]!.length === 3
      ? m[1]!
          .split('')
          .map((d) => d + d)
          .join('')
      : m[1]!;
  const n = parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** The relative luminance of WCAG 2.x (0 black to 1 white). */
export function relativeLuminance(hex: string): number {
  const rgb = hexToRgb(hex);
  if (!rgb) throw new Error(`not a hex colour: ${hex}`);
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** Two decimals, rounded down, so 4.499 never shows as a passing 4.5. */
export const roundRatio = (ratio: number): number => Math.floor(ratio * 100) / 100;

/**
 * The text colour for `background`: white, a brand's usual choice, while it reads at 4.5:1;
 * else black (which then reads at 4.58:1 or more: one of the two always does).
 */
export function readableTextOn(background: string): typeof WHITE | typeof BLACK {
  const white = contrastRatio(WHITE, background);
  return white >= MIN_TEXT_CONTRAST || white >= contrastRatio(BLACK, background) ? WHITE : BLACK;
}

/**
 * The colour itself if `against` reads on it (or it on `against`) at `min`, else the lightest
 * darker shade of it that does: same hue, each channel scaled towards black.
 */
export function shadeReadableWith(hex: string, against = WHITE, min = MIN_TEXT_CONTRAST): string {
  const rgb = hexToRgb(hex);
  if (!rgb) throw new Error(`not a hex colour: ${hex}`);
  const shade = (f: number) => toHex(rgb.map((c) => c * f));
  if (contrastRatio(shade(1), against) >= min) return shade(1);
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(shade(mid), against) >= min) lo = mid;
    else hi = mid;
  }
  // Rounding the channels may land a hair under: step down until it passes.
  let f = lo;
  while (contrastRatio(shade(f), against) < min && f > 0) f = Math.max(0, f - 0.005);
  return shade(f);
}

/** How text reads on a brand colour (GET and PUT .../settings/theme answers). */
export const BrandContrast = z.object({
  /** Contrast of white text on the colour (what a brand button traditionally shows). */
  whiteText: z.number(),
  blackText: z.number(),
  /** The text colour the storefront shows on it: white while it reads at 4.5:1, else black. */
  readableText: z.enum([WHITE, BLACK]),
  /** When white text falls under 4.5:1: the nearest darker shade where it does not. */
  darkerShade: z.string().nullable(),
});
export type BrandContrast = z.infer<typeof BrandContrast>;

export function brandContrast(hex: string): BrandContrast {
  const whiteText = contrastRatio(WHITE, hex);
  return {
    whiteText: roundRatio(whiteText),
    blackText: roundRatio(contrastRatio(BLACK, hex)),
    readableText: readableTextOn(hex),
    darkerShade: whiteText < MIN_TEXT_CONTRAST ? shadeReadableWith(hex) : null,
  };
}

/**
 * A warning in a saved answer: the value was saved, but something about it deserves a look.
 * 'contrast': white text on the brand colour falls under 4.5:1 (WCAG 2.x AA).
 */
export const SaveWarning = z.object({
  field: z.string(),
  code: z.literal('contrast'),
  contrast: BrandContrast,
});
export type SaveWarning = z.infer<typeof SaveWarning>;

/** The warnings of a brand colour: one when white text on it is under 4.5:1. */
export function brandColourWarnings(hex: string): SaveWarning[] {
  const contrast = brandContrast(hex);
  return contrast.whiteText < MIN_TEXT_CONTRAST
    ? [{ field: 'primaryHex', code: 'contrast', contrast }]
    : [];
}
