import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@app/contracts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Flattens nested texts to 'a.b.c' → value. */
function flatten(tree: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object'
      ? flatten(value as Record<string, unknown>, at)
      : [[at, value] as [string, unknown]];
  });
}

const files = (lang: string) => fs.readdirSync(path.join(here, lang)).sort();
const read = (lang: string, file: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(here, lang, file), 'utf8')));

describe("the server's translation files", () => {
  it('are the same files in every language', () => {
    for (const lang of LANGUAGES) expect(files(lang)).toEqual(files('en'));
  });

  it.each(files('en'))('%s has the same keys in every language and no empty text', (file) => {
    const keys = read('en', file).map(([key]) => key);
    for (const lang of LANGUAGES) {
      const texts = read(lang, file);
      expect(texts.map(([key]) => key)).toEqual(keys);
      for (const [key, text] of texts)
        expect(`${key}: ${String(text).trim()}`).not.toBe(`${key}: `);
    }
  });
});
