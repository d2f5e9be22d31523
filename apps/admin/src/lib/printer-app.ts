import type { ReceiptSize } from '@app/contracts';
import { ADMIN_PAGES } from './pages.ts';

/**
 * The spec's thermal printer app (§2.4): a phone app launched by URL with the receipt, its
 * paper size and a back URL, which opens the print results page when done. Star's PassPRNT by
 * default; any app taking a URL works, its address set per device on the Printers page.
 *
 * Placeholders: {html} the receipt HTML, {size} PassPRNT's paper code (2 for 58 mm, 3 for 80
 * mm), {mm} the width in millimetres, {back} the results page; each URL-encoded.
 */
export const DEFAULT_PRINTER_APP_TEMPLATE =
  'starpassprnt://v1/print/nopreview?size={size}&back={back}&html={html}';

const KEY = 'printerAppTemplate';

/** Where an app's address may lead: an app's own scheme or a web address, never script. */
export const isPrinterAppTemplate = (template: string): boolean =>
  /^(?!javascript:|data:|vbscript:)[a-z][a-z0-9+.-]*:/i.test(template.trim()) &&
  template.includes('{html}') &&
  template.length <= 500;

export function printerAppTemplate(): string {
  const stored = globalThis.localStorage?.getItem(KEY);
  return stored && isPrinterAppTemplate(stored) ? stored : DEFAULT_PRINTER_APP_TEMPLATE;
}

export function setPrinterAppTemplate(template: string | null): void {
  if (template === null || template.trim() === DEFAULT_PRINTER_APP_TEMPLATE)
    globalThis.localStorage?.removeItem(KEY);
  else globalThis.localStorage?.setItem(KEY, template.trim());
}

/** The results page the app comes back to, for one ticket. */
export const printResultPath = (ticketId: string): string =>
  `${ADMIN_PAGES.printResult.path}?ticket=${encodeURIComponent(ticketId)}`;

/** The address that launches the app with this receipt. */
export function printerAppUrl(
  template: string,
  receipt: { html: string; size: ReceiptSize; back: string },
): string {
  const values: Record<string, string> = {
    html: receipt.html,
    size: receipt.size === '58' ? '2' : '3',
    mm: receipt.size,
    back: receipt.back,
  };
  return template.replace(/\{(html|size|mm|back)\}/g, (_, name: string) =>
    encodeURIComponent(values[name]!),
  );
}

export type PrintResult = { printed: boolean; code: string | null };

/**
 * What the app said when it came back: PassPRNT adds `passprnt_code` (0 printed, below 0 an
 * error); other apps `result` or `code` ("success", "0", "ok" printed). Null when it said
 * nothing.
 */
export function printResultOf(search: URLSearchParams): PrintResult | null {
  const code = search.get('passprnt_code') ?? search.get('result') ?? search.get('code');
  if (code === null) return null;
  return { printed: /^(0|ok|success|true)$/i.test(code.trim()), code };
}
