import i18n, { type BackendModule, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, Language, LANGUAGES, RTL_LANGUAGES } from '@app/contracts';
import ar from '../locales/ar/common.json';
import en from '../locales/en/common.json';
import es from '../locales/es/common.json';

/** The translation files: locales/<language>/<namespace>.json. */
export const NAMESPACES = [
  'common',
  'catalog',
  'tickets',
  'ticketDetails',
  'outlet',
  'discounts',
  'dispatch',
  'reports',
  'serviceAreas',
  'bulkUpload',
  'posMapping',
  'localization',
  'dashboard',
  'tableBills',
  'account',
  'platform',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The shell's texts in every language ship with the app (a few kB): the first paint and the
 * language switch never wait for a download. A page's own namespaces load with the page.
 */
const BUNDLED: Resource = { en: { common: en }, ar: { common: ar }, es: { common: es } };

/** Every other translation file, each its own chunk, fetched the first time it is needed. */
const translationFiles = import.meta.glob<ResourceLanguage>(
  ['../locales/*/*.json', '!../locales/*/common.json'],
  { import: 'default' },
);

const lazyTranslations: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, done) {
    const load = translationFiles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      done(new Error(`no translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (translations) => done(null, translations),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const LANGUAGE_STORAGE_KEY = 'lang';
/** Set once the user picks a language (top-bar switch, sign-in page): it then beats the tenant's. */
export const LANGUAGE_CHOSEN_KEY = 'lang-chosen';

/** Each language in its own script: the switch must be readable whatever is showing. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  es: 'Español',
};

export type Direction = 'ltr' | 'rtl';

export const directionOf = (lang: Language): Direction =>
  RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';

/** 'es-MX' → 'es'; anything outside en/ar/es → undefined. */
export function toSupportedLanguage(code: string | null | undefined): Language | undefined {
  const primary = code?.trim().toLowerCase().split(/[-_]/)[0];
  const parsed = Language.safeParse(primary);
  return parsed.success ? parsed.data : undefined;
}

export interface LanguageSources {
  tenantDefault?: string | null;
  query?: string | null;
  stored?: string | null;
  browser?: readonly string[];
}

/** Spec §1: tenant default, then ?lang=, then the stored choice, then the browser; else en. */
export function resolveLanguage(sources: LanguageSources): Language {
  const candidates = [
    sources.tenantDefault,
    sources.query,
    sources.stored,
    ...(sources.browser ?? []),
  ];
  for (const candidate of candidates) {
    const lang = toSupportedLanguage(candidate);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function readBrowserSources(): LanguageSources {
  return {
    query: new URLSearchParams(window.location.search).get('lang'),
    stored: readStoredLanguage(),
    browser: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  };
}

function applyToDocument(code: string): void {
  const lang = toSupportedLanguage(code) ?? DEFAULT_LANGUAGE;
  const root = document.documentElement;
  root.lang = lang;
  root.dir = directionOf(lang);
  document.title = i18n.t('app.title', { lng: lang });
}

/**
 * Starts i18next in the language the sources resolve to (the browser's own by default).
 * `resources` replaces the bundled ones (tests give every file, so nothing loads later).
 */
export function initI18n(
  sources: LanguageSources = readBrowserSources(),
  resources: Resource = BUNDLED,
): typeof i18n {
  const lng = resolveLanguage(sources);
  if (i18n.isInitialized) {
    void i18n.changeLanguage(lng);
    return i18n;
  }
  i18n.on('languageChanged', applyToDocument);
  void i18n
    .use(initReactI18next)
    .use(lazyTranslations)
    .init({
      resources,
      partialBundledLanguages: true,
      lng,
      // Every file has every key in every language (locales.test.ts): no second language to load.
      fallbackLng: false,
      supportedLngs: LANGUAGES,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      showSupportNotice: false,
    });
  applyToDocument(lng);
  return i18n;
}

let chosenInThisPage = false;

/**
 * The user's pick (the top-bar switch, or the sign-in page's): remembered in localStorage as
 * chosen and applied at once, direction included.
 */
export async function setLanguage(lang: Language): Promise<void> {
  chosenInThisPage = true;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    window.localStorage.setItem(LANGUAGE_CHOSEN_KEY, '1');
  } catch {
    // Storage can be unavailable (private mode); the switch still applies to this page.
  }
  await i18n.changeLanguage(lang);
}

const pickedBefore = () => {
  try {
    return window.localStorage.getItem(LANGUAGE_CHOSEN_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * Call once the tenant profile is known after a sign-in or tenant switch: its default admin
 * language comes before the stored and the browser's (spec §1), and is remembered so reloads
 * keep it. A language the user picked (here or on the sign-in page, in this browser) wins.
 */
export async function applyTenantDefaultLanguage(
  tenantDefault: string | null | undefined,
): Promise<void> {
  if (chosenInThisPage || pickedBefore()) return;
  const lang = resolveLanguage({ ...readBrowserSources(), tenantDefault });
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Without storage the language still applies to this page.
  }
  await i18n.changeLanguage(lang);
}

/** Loads translation files before a page that shows them renders (no flash of raw keys). */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (namespaces.length > 0) await i18n.loadNamespaces([...namespaces]);
}

/** The current UI language; re-renders the caller when it changes. */
/** The locale dates and times are written in: British English, Latin digits in every language. */
export const localeOf = (lang: Language) => `${lang === 'en' ? 'en-GB' : lang}-u-nu-latn`;

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return toSupportedLanguage(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
}
