import { expect, test, type Browser, type Page } from '@playwright/test';
import { routePathRegex } from '@app/contracts';
import { A11Y_PAGES, type A11yPage, type DemoIds, type Who } from './a11y-pages.ts';
import {
  SIZES,
  accessToken,
  demoWorld,
  expectAccessible,
  expectNamedIconControls,
  goInApp,
  loading,
  placePickupOrder,
  results,
  settle,
  signedInTab,
  transitionsDone,
  type Lang,
  type Size,
} from './a11y.ts';

/**
 * Issue 21: axe on every admin page of a11y-pages.ts and its main dialogs and side panels, in
 * English at 1280 px and Arabic at 390 px wide; a serious or critical violation fails. Icon-only
 * buttons and links have names in English, Arabic and Spanish. Each user, language and width
 * signs in once: its tab follows the pages inside the app, as a user does.
 */

const EMAIL: Record<Exclude<Who, 'signedOut'>, string> = {
  owner: 'owner@demo.local',
  superAdmin: 'admin@demo.local',
};

let tab: { key: string; page: Page } | null = null;

async function tabFor(browser: Browser, who: Who, lang: Lang, size: Size): Promise<Page> {
  const key = `${who} ${lang} ${size.name}`;
  if (tab?.key === key) return tab.page;
  // One tab at a time: the next group of tests signs in anew.
  await tab?.page.context().close();
  tab = null;
  let page: Page;
  if (who === 'signedOut') {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
    });
    await context.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
    page = await context.newPage();
    await page.goto(A11Y_PAGES[0]!.pattern);
  } else {
    page = await signedInTab(browser, EMAIL[who], lang, size);
  }
  tab = { key, page };
  return page;
}

test.afterAll(async () => {
  await tab?.page.context().close();
  tab = null;
});

let ids: DemoIds | null = null;

/** Abdoun, and an order placed now so the live orders, the report and the ticket view show one. */
async function demoIds(page: Page): Promise<DemoIds> {
  if (ids) return ids;
  const token = await accessToken(page);
  const { tenantId, branch } = await demoWorld(page.request);
  const ticket = await placePickupOrder(page.request, token);
  // The demo has no price adjustment: one to open, made once.
  const base = `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs/price-adjustments`;
  const headers = { authorization: `Bearer ${token}` };
  const list = await results<unknown[]>(page.request, base, headers);
  if (list.length === 0) {
    const res = await page.request.post(base, {
      headers,
      data: {
        name: 'A11y happy hour',
        adjustmentType: 'Percentage',
        adjustmentDirection: 'Decrease',
        amount: 10,
        checkoutTemplates: ['PICKUP'],
        priority: 1,
        isActive: false,
      },
    });
    expect([201, 422], await res.text()).toContain(res.status());
  }
  ids = { branchId: branch.branchId, ticketId: ticket.id };
  return ids;
}

const linkCache = new Map<A11yPage, string>();

/** The first link on `entry.linkFrom` to a page of `entry.pattern` (a row of the demo's data). */
async function linkedUrl(page: Page, entry: A11yPage): Promise<string> {
  const cached = linkCache.get(entry);
  if (cached) return cached;
  await goInApp(page, entry.linkFrom!);
  await settle(page);
  // The fixed URLs of the same pattern ('new') are checked by their own entries.
  const fixed = new Set(
    A11Y_PAGES.filter((p) => p.pattern === entry.pattern && typeof p.url === 'string').map(
      (p) => p.url,
    ),
  );
  const fits = routePathRegex(entry.pattern);
  const hrefs = await page
    .getByRole('main')
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  const url = hrefs.find((href) => fits.test(href) && !fixed.has(href));
  expect(url, `a link to ${entry.pattern} on ${entry.linkFrom}`).toBeDefined();
  linkCache.set(entry, url!);
  return url!;
}

async function urlOf(page: Page, entry: A11yPage): Promise<string | null> {
  if (entry.linkFrom) return linkedUrl(page, entry);
  if (typeof entry.url === 'function') return entry.url(await demoIds(page));
  return entry.url ?? entry.pattern;
}

const inApp = (page: Page) => {
  const { pathname } = new URL(page.url());
  return (
    pathname.startsWith('/admin/') ||
    pathname.startsWith('/auth/') ||
    pathname.startsWith('/signup/')
  );
};

// Axe in English wide and in Arabic narrow: each language, direction and width once (the
// main screens' layouts in all four are looked at in screens.spec.ts); the icon-only controls'
// names in all three languages.
const [WIDE, NARROW] = SIZES;
const RUNS: { lang: Lang; size: Size; axe: boolean }[] = [
  { lang: 'en', size: WIDE, axe: true },
  { lang: 'ar', size: NARROW, axe: true },
  { lang: 'es', size: WIDE, axe: false },
];

for (const { lang, size, axe } of RUNS) {
  test.describe(`${lang} ${size.name}`, () => {
    for (const entry of A11Y_PAGES) {
      const name = entry.name ?? entry.pattern;
      test(name, async ({ browser }, testInfo) => {
        const page = await tabFor(browser, entry.who, lang, size);
        if (entry.who === 'owner') await demoIds(page);
        const url = await urlOf(page, entry);
        test.skip(url === null, 'no such page today');
        if (entry.reload || !inApp(page)) await page.goto(url!);
        else await goInApp(page, url!);
        await settle(page);
        const check = async (what: string, within?: string) => {
          const label = `${what} (${lang}, ${size.name})`;
          await expectNamedIconControls(page, lang, label);
          if (axe) await expectAccessible(page, label, testInfo, within);
        };
        await check(name);
        if (entry.then) {
          await entry.then.enter(page, lang);
          await settle(page);
          await check(`${name}, ${entry.then.name}`);
        }

        for (const dialog of entry.dialogs ?? []) {
          if (dialog.only && dialog.only !== size.name) continue;
          await test.step(dialog.name, async () => {
            const opener = await dialog.open(page, lang);
            await expect(page.getByRole('dialog').last()).toBeVisible();
            await transitionsDone(page);
            await expect(loading(page)).toHaveCount(0);
            // The modal with its dialog; the page behind it is inert and checked above.
            await check(`${name} → ${dialog.name}`, '.MuiModal-root');
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toHaveCount(0);
            // Focus goes back to what opened it.
            await expect(opener).toBeFocused();
          });
        }
      });
    }
  });
}
