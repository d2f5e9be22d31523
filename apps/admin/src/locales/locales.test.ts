import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LANGUAGES } from '@app/contracts';
import { NAMESPACES } from '../lib/i18n.ts';
import { allTranslations as resources } from '../test/translations.ts';

type Tree = { readonly [key: string]: unknown };

/** Flattens nested translations to 'a.b.c' → value. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value as Tree, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

// Every namespace, its keys prefixed with it ('catalog:actions.save').
const flat = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    new Map(
      Object.entries(resources[lang] ?? {}).flatMap(([ns, tree]) =>
        [...flatten(tree as Tree)].map(([key, value]) => [`${ns}:${key}`, value] as const),
      ),
    ),
  ]),
) as Record<(typeof LANGUAGES)[number], Map<string, unknown>>;

describe('translation files', () => {
  it.each(LANGUAGES)('%s has a file for each namespace the app loads, and no other', (lang) => {
    expect(Object.keys(resources[lang] ?? {}).sort()).toEqual([...NAMESPACES].sort());
  });

  it.each(LANGUAGES.flatMap((a) => LANGUAGES.filter((b) => b !== a).map((b) => [a, b])))(
    'every key in %s is also in %s',
    (from, to) => {
      const missing = [...flat[from].keys()].filter((key) => !flat[to].has(key));
      expect(missing, `keys missing in ${to}`).toEqual([]);
    },
  );

  it.each(LANGUAGES)('%s has only non-empty strings', (lang) => {
    const bad = [...flat[lang]].filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(
      bad.map(([key]) => key),
      `empty or non-string values in ${lang}`,
    ).toEqual([]);
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))(
    '%s uses the same placeholders and tags as en',
    (lang) => {
      const differing = [...flat.en].filter(([key, value]) => {
        const other = flat[lang].get(key);
        return (
          typeof value === 'string' &&
          typeof other === 'string' &&
          placeholders(value).join() !== placeholders(other).join()
        );
      });
      expect(differing.map(([key]) => key)).toEqual([]);
    },
  );
});

describe('the side menu', () => {
  // One name per page: each link says the title of the page it opens.
  const PAGES: Record<string, string> = {
    'common:nav.dashboard': 'common:dashboard.title',
    'common:nav.liveOrders': 'tickets:title',
    'common:nav.allTicketsReport': 'reports:title',
    'common:nav.menus': 'catalog:menuList.title',
    'common:nav.catalog': 'catalog:mainSections.title',
    'common:nav.priceAdjustments': 'catalog:priceAdjustments.title',
    'common:nav.modifierGroups': 'catalog:modifierGroups.pageTitle',
    'common:nav.localizeMenu': 'localization:title',
    'common:nav.manageQrs': 'serviceAreas:payments.title',
    'common:nav.posMapping': 'posMapping:title',
    'common:nav.bulkUpload': 'bulkUpload:title',
    'common:nav.tableLivePayments': 'tableBills:live.title',
    'common:nav.tableTransactions': 'tableBills:transactions.title',
    'common:nav.discounts': 'discounts:list.title',
    'common:nav.acceptOrders': 'outlet:page.title',
    'common:nav.branchSettings': 'outlet:branches.title',
    'common:nav.tenants': 'platform:tenants.title',
    'common:nav.unverifiedTickets': 'platform:unverified.title',
  };

  it.each(LANGUAGES)('names each page by its title in %s', (lang) => {
    const texts = flat[lang];
    for (const [link, title] of Object.entries(PAGES)) {
      expect(texts.get(title), title).toBeDefined();
      expect(texts.get(link), link).toBe(texts.get(title));
    }
  });
});

describe("the server's error codes", () => {
  // Every code the server can put in its envelope (contracts' ERROR_CODES, which the server's
  // errors are typed by) has words in every language: no server English reaches a user.
  it.each(LANGUAGES)('each has a text in %s', (lang) => {
    const missing = ERROR_CODES.filter((code) => {
      const text = flat[lang].get(`common:serverErrors.${code}`);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('has no text for a code the server does not send', () => {
    const known = new Set<string>(ERROR_CODES);
    const stale = [...flat.en.keys()]
      .filter((key) => key.startsWith('common:serverErrors.'))
      .map((key) => key.slice('common:serverErrors.'.length))
      .filter((code) => !known.has(code));
    expect(stale).toEqual([]);
  });
});
