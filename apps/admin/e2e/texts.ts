import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The admin's own texts (src/locales), so specs find buttons and dialogs in any language. */
import type { Lang } from '../../../tools/e2e/a11y.ts';

export type { Lang };

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');
const catalogues = new Map<string, Record<string, unknown>>();

function lookup(lang: Lang, key: string): string {
  const [ns, rest] = key.includes(':') ? key.split(':', 2) : ['common', key];
  const file = path.join(localesDir, lang, `${ns}.json`);
  let catalogue = catalogues.get(file);
  if (!catalogue) {
    catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    catalogues.set(file, catalogue);
  }
  const value = rest!
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`no text ${lang}/${ns}:${rest}`);
  return value;
}

/** The app's text for `ns:key` in a language, with {{vars}} filled in (as i18next does). */
export function tr(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  return lookup(lang, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) =>
    String(vars[name] ?? ''),
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole-name pattern for `ns:key` where every {{var}} matches any text. */
export function trPattern(lang: Lang, key: string): RegExp {
  const parts = lookup(lang, key).split(/\{\{\s*\w+\s*\}\}/);
  return new RegExp(`^${parts.map(escape).join('.+')}$`);
}

/** Every text of a language, all namespaces (to tell an English text left in another language). */
export function allTexts(lang: Lang): Set<string> {
  const texts = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') texts.add(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  for (const file of fs.readdirSync(path.join(localesDir, lang)))
    walk(JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), 'utf8')));
  return texts;
}
