import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  SIZES,
  accessToken,
  demoWorld,
  expectAccessible,
  placePickupOrder,
  results,
  signedInTab,
  transitionsDone,
  type Size,
} from '../../../tools/e2e/a11y.ts';
import { KINDS_CHECKED, STOREFRONT_PAGES, type Lang, type StoreIds } from './a11y-pages.ts';

/**
 * Issue 21: axe on every kind of storefront page (a11y-pages.ts) and the item sheet, in
 * English and Arabic, 1280 and 390 px wide, as a customer sees them; a serious or critical
 * violation fails.
 */

let ids: StoreIds | null = null;

/** Abdoun, one of its tables and unique links, and an order placed for its status page. */
async function storeIds(browser: Browser): Promise<StoreIds> {
  if (ids) return ids;
  const owner = await signedInTab(browser, 'owner@demo.local', 'en', SIZES[0]);
  try {
    const token = await accessToken(owner);
    const headers = { authorization: `Bearer ${token}` };
    const { tenantId, branch } = await demoWorld(owner.request);
    const base = `/api/admin/tenants/${tenantId}/branches/${branch.branchId}/serviceareamanagement`;
    const { serviceAreas: tables } = await results<{
      serviceAreas: { id: string; template: string }[];
    }>(owner.request, `${base}/serviceareas?pageSize=100`, headers);
    const links = await results<{ id: string }[]>(
      owner.request,
      `${base}/uniquelinks/DELIVERY`,
      headers,
    );
    const ticket = await placePickupOrder(owner.request, token, 'A11y customer');
    ids = {
      slug: 'al-bayt',
      branchId: branch.branchId,
      tableId: (tables.find((t) => t.template === 'DINING') ?? tables[0]!).id,
      linkId: links[0]!.id,
      ticketId: ticket.id,
    };
    return ids;
  } finally {
    await owner.context().close();
  }
}

let tab: { key: string; page: Page } | null = null;

async function customerTab(browser: Browser, lang: Lang, size: Size): Promise<Page> {
  const key = `${lang} ${size.name}`;
  if (tab?.key === key) return tab.page;
  await tab?.page.context().close();
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
  });
  await context.addInitScript((l) => window.localStorage.setItem('storefront.lang', l), lang);
  tab = { key, page: await context.newPage() };
  return tab.page;
}

test.afterAll(async () => {
  await tab?.page.context().close();
  tab = null;
});

test('lists every kind of storefront page', () => {
  const listed = new Set(STOREFRONT_PAGES.map((p) => p.kind));
  expect([...listed].sort()).toEqual(Object.keys(KINDS_CHECKED).sort());
});

for (const lang of ['en', 'ar'] as const) {
  for (const size of SIZES) {
    test.describe(`${lang} ${size.name}`, () => {
      for (const entry of STOREFRONT_PAGES) {
        test(entry.name, async ({ browser }, testInfo) => {
          const where = await storeIds(browser);
          const page = await customerTab(browser, lang, size);
          await page.goto(entry.url(where));
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.locator('h1, [role="alert"]').first()).toBeVisible();
          await entry.prepare?.(page, lang);
          await expect(page.locator('.spinner')).toHaveCount(0);
          await transitionsDone(page);
          await expectAccessible(page, `${entry.name} (${lang}, ${size.name})`, testInfo);

          for (const dialog of entry.dialogs ?? []) {
            await test.step(dialog.name, async () => {
              await dialog.open(page, lang);
              const shown = page.getByRole('dialog');
              await expect(shown).toBeVisible();
              await transitionsDone(page);
              await expectAccessible(
                page,
                `${entry.name} → ${dialog.name} (${lang}, ${size.name})`,
                testInfo,
              );
              await page.keyboard.press('Escape');
              await expect(shown).toBeHidden();
            });
          }
        });
      }
    });
  }
}
