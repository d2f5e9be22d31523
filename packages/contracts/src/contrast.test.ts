import { describe, expect, it } from 'vitest';
import {
  BRAND_COLOURS,
  brandColourWarnings,
  brandContrast,
  contrastRatio,
  hexToRgb,
  readableTextOn,
  relativeLuminance,
  shadeReadableWith,
} from './index.ts';

describe('WCAG contrast', () => {
  it('computes the ratios of WCAG 2.x', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#1976d2', '#1976d2')).toBe(1);
    // The grey everyone knows: just under AA on white.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
  });

  it('reads #rgb and #rrggbb in any case, and nothing else', () => {
    expect(hexToRgb('#AbC')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(hexToRgb('#1976D2')).toEqual([0x19, 0x76, 0xd2]);
    for (const bad of ['', '#12', '#12345g', 'red', '#1234567']) expect(hexToRgb(bad)).toBeNull();
  });

  it('keeps white text while it reads at 4.5:1, else black; one of them always does', () => {
    expect(readableTextOn('#1976d2')).toBe('#ffffff');
    // White 4.5:1 and black 4.6:1: white stays, as the owner chose a shade for it.
    expect(readableTextOn(shadeReadableWith('#f9a825'))).toBe('#ffffff');
    expect(readableTextOn('#f9a825')).toBe('#000000');
    for (const hex of [...BRAND_COLOURS, '#777777', '#808080', '#ff0000', '#00ff00', '#0000ff'])
      expect(contrastRatio(readableTextOn(hex), hex), hex).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens a colour just enough for white text, keeping its hue', () => {
    for (const hex of ['#f9a825', '#0288d1', '#afb42b', '#ffffff', '#ffff00']) {
      const shade = shadeReadableWith(hex);
      const ratio = contrastRatio('#ffffff', shade);
      expect(ratio, hex).toBeGreaterThanOrEqual(4.5);
      expect(ratio, hex).toBeLessThan(4.7);
      const rgb = hexToRgb(hex)!;
      const shaded = hexToRgb(shade)!;
      // Each channel scaled by the same factor (within rounding): the same hue, darker.
      const factor = Math.max(...shaded) / Math.max(...rgb);
      expect(factor, hex).toBeLessThan(1);
      rgb.forEach((c, i) => expect(Math.abs(shaded[i]! - c * factor), hex).toBeLessThanOrEqual(1));
    }
    expect(shadeReadableWith('#303f9f')).toBe('#303f9f');
  });

  it('warns about a brand colour white text falls under 4.5:1 on', () => {
    expect(brandColourWarnings('#303f9f')).toEqual([]);
    expect(brandColourWarnings('#1976d2')).toEqual([]);
    const [warning] = brandColourWarnings('#f9a825');
    expect(warning).toEqual({
      field: 'primaryHex',
      code: 'contrast',
      contrast: {
        whiteText: 1.97,
        blackText: 10.65,
        readableText: '#000000',
        darkerShade: '#a06c18',
      },
    });
    // Rounded down: a colour at 4.49:1 never shows 4.5 and passes.
    expect(brandContrast('#777777').whiteText).toBe(4.47);
    expect(brandColourWarnings('#777777')).toHaveLength(1);
  });
});
