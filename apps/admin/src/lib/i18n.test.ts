import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import {
  applyTenantDefaultLanguage,
  resolveLanguage,
  setLanguage,
  toSupportedLanguage,
} from './i18n.ts';

describe('resolveLanguage', () => {
  it('prefers the tenant default, then ?lang=, then the stored choice, then the browser', () => {
    const all = { tenantDefault: 'es', query: 'ar', stored: 'en', browser: ['ar'] };
    expect(resolveLanguage(all)).toBe('es');
    expect(resolveLanguage({ ...all, tenantDefault: null })).toBe('ar');
    expect(resolveLanguage({ ...all, tenantDefault: null, query: null })).toBe('en');
    expect(resolveLanguage({ browser: ['fr-FR', 'es-MX'] })).toBe('es');
  });

  it('skips unsupported languages and falls back to English', () => {
    expect(resolveLanguage({ query: 'fr', stored: 'de' })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });

  it('reduces regional codes to the language', () => {
    expect(toSupportedLanguage('ar-JO')).toBe('ar');
    expect(toSupportedLanguage('ES_es')).toBe('es');
    expect(toSupportedLanguage('arabic')).toBeUndefined();
  });
});

describe('applyTenantDefaultLanguage', () => {
  it('keeps a language the user picked earlier in this browser', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem('lang', 'en');
    window.localStorage.setItem('lang-chosen', '1');
    await applyTenantDefaultLanguage('es');
    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem('lang')).toBe('en');
    window.localStorage.removeItem('lang-chosen');
  });

  it('applies the tenant default unless the user chose a language on this page', async () => {
    window.localStorage.setItem('lang', 'en');
    await applyTenantDefaultLanguage('es');
    expect(i18n.language).toBe('es');
    expect(document.documentElement).toHaveAttribute('lang', 'es');

    await setLanguage('ar');
    await applyTenantDefaultLanguage('es');
    expect(i18n.language).toBe('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
