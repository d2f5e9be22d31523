import { describe, expect, it } from 'vitest';
import {
  ItemTranslationBody,
  missingLanguages,
  sourceLanguageOf,
  withTranslations,
} from './localization.ts';

describe('withTranslations', () => {
  it('keeps the default, trims the languages and drops the blank ones', () => {
    expect(
      withTranslations(
        { fieldValue: 'Hummus', en: 'Hummus', es: 'Hummus' },
        { ar: '  حمص ', es: '  ', en: 'Hummus' },
      ),
    ).toEqual({ fieldValue: 'Hummus', en: 'Hummus', ar: 'حمص' });
  });

  it('leaves a missing description missing unless a translation is given', () => {
    expect(withTranslations(null, { ar: '', es: ' ' })).toBeNull();
    expect(withTranslations(null, { ar: 'وصف' })).toEqual({ fieldValue: '', ar: 'وصف' });
  });
});

describe('missingLanguages', () => {
  it('counts the source language as covered by the default text', () => {
    const text = { fieldValue: 'Hummus', ar: 'حمص' };
    expect(missingLanguages(text, 'en')).toEqual(['es']);
    expect(missingLanguages(text, 'es')).toEqual(['en']);
    expect(missingLanguages({ fieldValue: ' ' }, 'en')).toEqual([]);
    expect(missingLanguages(null, 'en')).toEqual([]);
  });

  it('reads an Arabic admin language as English texts', () => {
    expect(sourceLanguageOf('ar')).toBe('en');
    expect(sourceLanguageOf('es')).toBe('es');
  });
});

describe('the translate bounds (§5)', () => {
  const codes = (body: unknown) => {
    const parsed = ItemTranslationBody.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')} ${i.code}`);
  };
  it('takes an item title up to 50 and a description up to 255, counted after trimming', () => {
    expect(codes({ localizedTitle: { ar: `${'ع'.repeat(50)}  ` } })).toEqual([]);
    expect(codes({ localizedTitle: { ar: 'ع'.repeat(51) } })).toEqual([
      'localizedTitle.ar too_big',
    ]);
    expect(codes({ localizedTitle: {}, localizedDesc: { es: 'd'.repeat(256) } })).toEqual([
      'localizedDesc.es too_big',
    ]);
  });
});
