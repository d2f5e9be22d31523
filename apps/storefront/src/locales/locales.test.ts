import { describe, expect, it } from 'vitest';
import { MESSAGES, format, initialLang } from '../lib/i18n.tsx';

describe('storefront translations', () => {
  it('have the same keys in en, ar and es, none empty', () => {
    const keys = Object.keys(MESSAGES.en).sort();
    for (const lang of ['ar', 'es'] as const) {
      expect(Object.keys(MESSAGES[lang]).sort()).toEqual(keys);
      for (const [key, value] of Object.entries(MESSAGES[lang]))
        expect(value.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('keep the placeholders of the English text', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, en] of Object.entries(MESSAGES.en))
      for (const lang of ['ar', 'es'] as const)
        expect(names(MESSAGES[lang][key as keyof typeof MESSAGES.en]), `${lang} ${key}`).toEqual(
          names(en),
        );
  });

  it('fill placeholders and pick the language: link, last choice, browser, English', () => {
    expect(format('Order {number}', { number: 12 })).toBe('Order 12');
    expect(initialLang('?lang=ar', 'es', ['en-US'])).toBe('ar');
    expect(initialLang('', 'es', ['ar-JO'])).toBe('es');
    expect(initialLang('', null, ['fr-FR', 'ar-JO'])).toBe('ar');
    expect(initialLang('?lang=xx', 'de', ['fr'])).toBe('en');
  });
});
