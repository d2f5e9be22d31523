import { expect, type Page } from '@playwright/test';
import { iconOnlyControls } from '../../../tools/e2e/a11y.ts';
import { allTexts, type Lang } from './texts.ts';

export * from '../../../tools/e2e/a11y.ts';
export { tr, trPattern } from './texts.ts';

const ENGLISH = allTexts('en');
const OWN_TEXTS: Partial<Record<Lang, Set<string>>> = {};
/** A name that is no word in any language: a colour's hex code, a number. */
const languageFree = (name: string) => /^#?[0-9a-f]{3,8}$/i.test(name) || !/\p{L}/u.test(name);

/**
 * Every icon-only button and link has a name, in the page's language: not empty, not a
 * translation key, not an English text left untranslated in Arabic or Spanish.
 */
export async function expectNamedIconControls(page: Page, lang: Lang, what: string) {
  const own = (OWN_TEXTS[lang] ??= allTexts(lang));
  const faults = (await iconOnlyControls(page)).flatMap(({ name, html }) => {
    if (name === '') return [`no name: ${html}`];
    if (/^[\w-]+(\.[\w-]+)+$/.test(name) && !languageFree(name)) return [`a key: ${name}`];
    if (lang !== 'en' && ENGLISH.has(name) && !own.has(name) && !languageFree(name))
      return [`English in ${lang}: ${name}`];
    if (
      lang === 'ar' &&
      /[A-Za-z]/.test(name) &&
      !/[\u0600-\u06FF]/.test(name) &&
      !languageFree(name)
    )
      return [`not Arabic: ${name}`];
    return [];
  });
  expect(faults, `icon-only controls on ${what}`).toEqual([]);
}
