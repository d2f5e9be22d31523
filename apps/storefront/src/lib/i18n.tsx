import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { localize, type Language, type LocalizedText } from '@app/contracts';
import { ar } from '../locales/ar.ts';
import { en, type MessageKey } from '../locales/en.ts';
import { es } from '../locales/es.ts';

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { en, ar, es };
export const LANGS: readonly Language[] = ['en', 'ar', 'es'];
export const LANG_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', es: 'Español' };
const STORAGE_KEY = 'storefront.lang';

export const hasMessage = (key: string): key is MessageKey => key in en;

const isLang = (v: string | null | undefined): v is Language =>
  v === 'en' || v === 'ar' || v === 'es';

/** `?lang=` first (a shared link), then the customer's last choice, then the browser's. */
export function initialLang(search: string, stored: string | null, browser: readonly string[]) {
  const asked = new URLSearchParams(search).get('lang');
  if (isLang(asked)) return asked;
  if (isLang(stored)) return stored;
  const fromBrowser = browser.map((l) => l.slice(0, 2)).find(isLang);
  return fromBrowser ?? 'en';
}

export function format(text: string, vars: Record<string, string | number> = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

type I18n = {
  lang: Language;
  setLang: (lang: Language) => void;
  t: (key: MessageKey, vars?: Record<string, string | number>) => string;
  /** A catalogue title in the customer's language (the default text when untranslated). */
  l: (text: LocalizedText | null | undefined) => string;
};

const I18nContext = createContext<I18n | null>(null);

function readStored() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(() =>
    initialLang(location.search, readStored(), navigator.languages ?? [navigator.language]),
  );
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  }, [lang]);
  const setLang = useCallback((next: Language) => {
    setLangState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  const value = useMemo<I18n>(
    () => ({
      lang,
      setLang,
      t: (key, vars) => format(MESSAGES[lang][key], vars),
      l: (text) => (text ? localize(text, lang) : ''),
    }),
    [lang, setLang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** A field error code's message; a code without one of its own reads as a plain "invalid". */
export function useErrorText(): (code: string) => string {
  const { t } = useI18n();
  return (code) => {
    const key = `error.${code}`;
    return hasMessage(key) ? t(key) : t('error.invalid');
  };
}
