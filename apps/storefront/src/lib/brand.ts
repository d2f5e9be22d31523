/** Black or white, whichever reads better on the brand colour (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return '#ffffff';
  const n = parseInt(m[1]!, 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum =
    0.2126 * channel((n >> 16) & 255) +
    0.7152 * channel((n >> 8) & 255) +
    0.0722 * channel(n & 255);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

export function applyBrand(primaryHex: string) {
  const root = document.documentElement.style;
  const valid = /^#[0-9a-f]{6}$/i.test(primaryHex) ? primaryHex : '#1d5b94';
  root.setProperty('--brand', valid);
  root.setProperty('--on-brand', textOn(valid));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', valid);
}
