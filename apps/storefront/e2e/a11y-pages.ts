import type { Page } from '@playwright/test';
import type { Route } from '../src/lib/router.ts';
import { ar } from '../src/locales/ar.ts';
import { en } from '../src/locales/en.ts';

/**
 * Every page of the storefront that axe checks (a11y.spec.ts): at least one of each kind the
 * router knows. A kind added to Route does not compile until it is listed in KINDS_CHECKED.
 */

export type Lang = 'en' | 'ar';
const TEXTS = { en, ar } as const;
type Key = keyof typeof en;

/** A storefront text with {vars} as a pattern matching any value. */
export function textPattern(lang: Lang, key: Key): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    TEXTS[lang][key]
      .split(/\{\w+\}/)
      .map(escape)
      .join('.+'),
  );
}

/** Ids from the demo data and an order placed for the check. */
export interface StoreIds {
  slug: string;
  branchId: string;
  tableId: string;
  linkId: string;
  ticketId: string;
}

export interface StorefrontPage {
  kind: Route['page'];
  name: string;
  url: (ids: StoreIds) => string;
  /** What a customer does first on the page (fill the cart before the checkout). */
  prepare?: (page: Page, lang: Lang) => Promise<void>;
  /** The item sheet and other dialogs, opened and closed with Escape. */
  dialogs?: { name: string; open: (page: Page, lang: Lang) => Promise<void> }[];
}

/** Puts the first item that needs no choice in the order, from its menu. */
async function addAnItem(page: Page, lang: Lang) {
  const items = page.getByRole('main').locator('button.item');
  const count = await items.count();
  for (let i = 0; i < count; i++) {
    await items.nth(i).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('button', { name: textPattern(lang, 'item.add') }).click();
    // An item with a required choice keeps its sheet open; close it and take the next one.
    if (await sheet.isVisible()) await page.keyboard.press('Escape');
    else return;
  }
  throw new Error('no item could be added without a choice');
}

const openItem = async (page: Page) => {
  await page.getByRole('main').locator('button.item').first().click();
};

const store = (ids: StoreIds) => `/store/${ids.slug}`;

export const STOREFRONT_PAGES: readonly StorefrontPage[] = [
  { kind: 'store', name: 'branches', url: store },
  {
    kind: 'branch',
    name: 'pickup menu',
    url: (ids) => `${store(ids)}/${ids.branchId}/pickup`,
    dialogs: [{ name: 'item sheet', open: openItem }],
  },
  {
    kind: 'branch',
    name: 'delivery checkout',
    url: (ids) => `${store(ids)}/${ids.branchId}/delivery`,
    prepare: async (page, lang) => {
      await addAnItem(page, lang);
      await page.getByRole('button', { name: textPattern(lang, 'cart.view') }).click();
      await page.waitForURL(/\/checkout$/);
    },
  },
  {
    kind: 'table',
    name: 'table menu',
    url: (ids) => `${store(ids)}/t/${ids.tableId}`,
    dialogs: [{ name: 'item sheet', open: openItem }],
  },
  { kind: 'bill', name: 'table bill', url: (ids) => `${store(ids)}/t/${ids.tableId}/bill` },
  { kind: 'link', name: 'unique link', url: (ids) => `${store(ids)}/l/${ids.linkId}` },
  { kind: 'order', name: 'order status', url: (ids) => `${store(ids)}/orders/${ids.ticketId}` },
  { kind: 'none', name: 'unknown store', url: () => '/store/no-such-store' },
];

/** Compiles only while every kind of page has an entry above (checked at run time too). */
export const KINDS_CHECKED = {
  store: true,
  branch: true,
  table: true,
  bill: true,
  link: true,
  order: true,
  none: true,
} as const satisfies Record<Route['page'], true>;
