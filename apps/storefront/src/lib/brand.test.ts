import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS, contrastRatio } from '@app/contracts';
import { applyBrand, brandColours } from './brand.ts';

describe('brand colours', () => {
  it('puts readable text on every brand colour an owner can pick', () => {
    for (const hex of [...BRAND_COLOURS, '#ffff00', '#777777', '#abc', '#000000', '#ffffff']) {
      const { brand, onBrand, brandInk } = brandColours(hex);
      expect(contrastRatio(onBrand, brand), hex).toBeGreaterThanOrEqual(4.5);
      // As link text or a focus ring on the page's background.
      expect(contrastRatio(brandInk, '#f5f6f7'), hex).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white text and the colour itself where they read', () => {
    expect(brandColours('#303f9f')).toEqual({
      brand: '#303f9f',
      onBrand: '#ffffff',
      brandInk: '#303f9f',
    });
    // A light yellow: black text on it, a darker yellow as text on the page.
    const yellow = brandColours('#F9A825');
    expect(yellow.onBrand).toBe('#000000');
    expect(yellow.brandInk).not.toBe('#f9a825');
  });

  it('reads the short #rgb form and falls back on a bad value', () => {
    expect(brandColours('#abc').brand).toBe('#abc');
    expect(brandColours('not a colour').brand).toBe('#1d5b94');
  });

  it('sets the CSS variables the styles read', () => {
    applyBrand('#f9a825');
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--brand')).toBe('#f9a825');
    expect(root.getPropertyValue('--on-brand')).toBe('#000000');
    expect(contrastRatio(root.getPropertyValue('--brand-ink'), '#f5f6f7')).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
