import { hexToRgb, readableTextOn, shadeReadableWith } from '@app/contracts';

const FALLBACK = '#1d5b94';
/** The page's own background (styles.css --page), which links and focus rings sit on. */
const PAGE = '#f5f6f7';

/**
 * The tenant's brand colour and the colours that read with it (WCAG 4.5:1, from contracts):
 * --on-brand for text on the colour, --brand-ink for the colour as text or a focus ring on the
 * page (the nearest darker shade when the colour itself is too light for that).
 */
export function brandColours(primaryHex: string) {
  const brand = hexToRgb(primaryHex) ? primaryHex.toLowerCase() : FALLBACK;
  return {
    brand,
    onBrand: readableTextOn(brand),
    brandInk: shadeReadableWith(brand, PAGE),
  };
}

export function applyBrand(primaryHex: string) {
  const root = document.documentElement.style;
  const { brand, onBrand, brandInk } = brandColours(primaryHex);
  root.setProperty('--brand', brand);
  root.setProperty('--on-brand', onBrand);
  root.setProperty('--brand-ink', brandInk);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand);
}
