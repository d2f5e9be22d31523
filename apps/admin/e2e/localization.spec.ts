import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors } from './console-errors.ts';
import { LANGS, shoot } from './screenshots.ts';
import { accessToken, menuLinks, signIn } from '../../../tools/e2e/auth.ts';

/**
 * Translate menu (menu-management.md §2 screen 16, issue 17) in a real browser against the
 * real server: the demo's lemonade still lacks Arabic; the manager translates it and the tree
 * marks it complete. The Arabic is taken away again at the end, so a rerun starts the same.
 */
const LOCALIZE = '/admin/localize';
const LEMONADE = 'Cold drinks / Fresh lemonade with mint';

// A form refused by the browser's own checks sends nothing; the server's 422s are logged.
failOnConsoleErrors((text) => /status of 422/.test(text));

/** The lemonade's item translate call: the catalogue base the tree came from, its id. */
async function lemonadeCall(page: Page, treeUrl: string): Promise<string> {
  const href = await page.getByRole('link', { name: new RegExp(LEMONADE) }).getAttribute('href');
  const itemId = href!.split('/').pop()!;
  return `${treeUrl.replace(/\/tree$/, '')}/catalogitems/${itemId}/localization`;
}

/** Puts the lemonade back as the demo has it: English and Spanish, no Arabic. */
async function untranslate(page: Page, url: string) {
  const res = await page.request.put(url, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {
      localizedTitle: { en: 'Fresh lemonade with mint', es: 'Limonada con menta', ar: '' },
    },
  });
  expect(res.status()).toBe(200);
}

async function chooseLanguage(page: Page, buttonName: string, language: string) {
  await page.getByRole('button', { name: buttonName }).click();
  await page.getByRole('menuitem', { name: language }).click();
  await expect(page.getByRole('menu', { includeHidden: true })).toHaveCount(0);
}

test.describe('wide', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a manager translates an item into Arabic and sees it complete in the tree', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'manager@demo.local');
    expect(await menuLinks(page)).toContain('Translate menu');
    const treeRead = page.waitForResponse((r) => /\/productcatalogs\/tree$/.test(r.url()));
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Translate menu' })
      .click();
    const treeUrl = (await treeRead).url();
    await expect(page).toHaveURL(LOCALIZE);
    await expect(page.getByRole('heading', { level: 1, name: 'Translate menu' })).toBeVisible();
    const tree = page.getByRole('navigation', { name: 'Menu to translate' });
    for (const root of ['Menu categories', 'Menu items', 'Modifiers'])
      await expect(tree.getByRole('button', { name: new RegExp(root) })).toBeVisible();

    const url = await lemonadeCall(page, treeUrl);
    let translated = false;
    try {
      const lemonade = tree.getByRole('link', { name: new RegExp(LEMONADE) });
      await expect(lemonade).toContainText('Missing: Arabic');
      await expect(tree.getByRole('link', { name: /Breakfast \/ Hummus/ })).toContainText(
        'Complete',
      );

      // Only what still lacks a language: the lemonade and the demo's extras, not the hummus.
      await tree.getByRole('switch', { name: 'Only untranslated' }).check();
      await expect(tree.getByRole('link', { name: /Breakfast \/ Hummus/ })).toHaveCount(0);
      await expect(tree.getByRole('link', { name: /Add extras/ })).toContainText(
        'Missing: Arabic, Spanish',
      );
      await shoot(page, testInfo, 'localize-tree-en-wide');

      await lemonade.click();
      await expect(page).toHaveURL(/\/admin\/localize\/item\/[0-9a-f-]{36}$/);
      const form = page.getByRole('form', { name: 'Item' });
      await expect(
        page.getByRole('heading', { level: 2, name: 'Fresh lemonade with mint' }),
      ).toBeVisible();
      // The form opens beside the tree.
      await expect(tree).toBeVisible();
      const title = form.getByRole('group', { name: 'Title' });
      const arabic = title.getByRole('textbox', { name: 'Arabic' });
      await expect(arabic).toHaveAttribute('dir', 'rtl');
      await expect(title.getByRole('textbox', { name: 'Spanish' })).toHaveValue(
        'Limonada con menta',
      );

      // §5: a translated item title is at most 50 characters; nothing is sent past that.
      await arabic.fill('ل'.repeat(51));
      await form.getByRole('button', { name: 'Save translations' }).click();
      await expect(arabic).toHaveAttribute('aria-invalid', 'true');
      await expect(title.getByText('At most 50 characters')).toBeVisible();

      await arabic.fill('ليمون بالنعناع');
      await shoot(page, testInfo, 'localize-form-en-wide');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/localization') && r.request().method() === 'PUT',
      );
      await form.getByRole('button', { name: 'Save translations' }).click();
      expect((await saved).status()).toBe(200);
      translated = true;
      await expect(
        page.locator('#notistack-snackbar').filter({ hasText: 'Updated successfully' }),
      ).toBeVisible();

      // Complete now: the untranslated filter lets it go, and without the filter it says so.
      await expect(tree.getByRole('link', { name: new RegExp(LEMONADE) })).toHaveCount(0);
      await tree.getByRole('switch', { name: 'Only untranslated' }).uncheck();
      await expect(tree.getByRole('link', { name: new RegExp(LEMONADE) })).toContainText(
        'Complete',
      );

      // The same screen in Arabic: the page right to left, the form's Arabic as typed.
      await chooseLanguage(page, 'Change language', 'العربية');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: 'ترجمة القائمة' })).toBeVisible();
      await expect(
        page.getByRole('group', { name: 'العنوان' }).getByRole('textbox', { name: 'العربية' }),
      ).toHaveValue('ليمون بالنعناع');
      await shoot(page, testInfo, 'localize-form-ar-wide');
      await chooseLanguage(page, 'تغيير اللغة', 'English');
    } finally {
      if (translated) await untranslate(page, url);
    }
  });

  test('an integrated tenant gets the menu read-only and no translate screen', async ({ page }) => {
    await signIn(page, 'owner@integrated.local');
    const links = await menuLinks(page);
    expect(links).toEqual(expect.arrayContaining(['Menus', 'Main sections', 'Price adjustments']));
    expect(links).not.toContain('Translate menu');

    await page.goto('/admin/catalog/price-adjustments');
    await expect(page.getByRole('heading', { level: 1, name: 'Price adjustments' })).toBeVisible();
    await expect(page.getByText(/Your menu comes from your point of sale/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add price adjustment' })).toHaveCount(0);

    await page.goto(LOCALIZE);
    await expect(page).toHaveURL('/auth/unauthorized');
  });
});

test.describe('narrow', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const lang of LANGS) {
    test(`on a phone the tree and the form are pages of their own (${lang})`, async ({
      page,
    }, testInfo) => {
      await signIn(page, 'owner@demo.local');
      if (lang === 'ar') {
        await page.evaluate(() => localStorage.setItem('lang', 'ar'));
        await page.goto(LOCALIZE);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      } else {
        await page.goto(LOCALIZE);
      }
      const tree = page.getByRole('navigation', {
        name: lang === 'ar' ? 'القائمة المراد ترجمتها' : 'Menu to translate',
      });
      await expect(tree).toBeVisible();
      await shoot(page, testInfo, `localize-tree-${lang}-narrow`);

      await tree
        .getByRole('link', { name: /Hummus|حمص/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/localize\/item\/[0-9a-f-]{36}$/);
      await expect(tree).toHaveCount(0);
      const back = page.getByRole('link', { name: lang === 'ar' ? 'رجوع' : 'Back' });
      await expect(back).toBeVisible();
      await shoot(page, testInfo, `localize-form-${lang}-narrow`);

      await back.click();
      await expect(page).toHaveURL(LOCALIZE);
      await expect(tree).toBeVisible();
    });
  }
});
