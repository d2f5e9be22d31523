import { expect, test, type Page } from '@playwright/test';
import { LANGS, SCREEN_SIZES, useLangAndSize } from './screenshots.ts';
import { signIn, signInAt } from '../../../tools/e2e/auth.ts';

/**
 * POS mapping (issue 17) against the real server and HubRise's emulator that it serves: the
 * owner maps a menu item to a HubRise product found by search, then a modifier group, whose
 * code shows as the 'pos' badge in the modifier groups list. Mappings are removed at the end.
 */
async function openMapping(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'POS mapping' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'POS mapping' })).toBeVisible();
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId('pos-mapping-row').filter({ has: page.getByText(name, { exact: true }) });

async function unmap(page: Page, name: string) {
  await rowOf(page, name)
    .getByRole('button', { name: `Map ${name}` })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Remove mapping' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toContainText('Not mapped');
}

test('the owner maps an item and a modifier group to HubRise', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'owner@demo.local');
  await openMapping(page);

  const hummus = rowOf(page, 'Hummus');
  await expect(hummus).toContainText('Not mapped');
  await hummus.getByRole('button', { name: 'Map Hummus' }).click();
  const dialog = page.getByRole('dialog', { name: 'Map Hummus' });
  await dialog.getByLabel('Search HubRise').fill('hummus large');
  const results = dialog.getByRole('list', { name: 'HubRise results' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await expect(results).toContainText('Hummus (Large)');
  await page.screenshot({ path: testInfo.outputPath('pos-mapping-dialog.png') });
  await results.getByRole('button', { name: /Hummus \(Large\)/ }).click();
  await expect(dialog).toBeHidden();
  await expect(hummus.getByLabel('Mapped to HUM-LG')).toBeVisible();
  await expect(page.getByTestId('pos-mapping-progress')).toContainText('1 of');

  // Stays after a reload: it is the server's.
  await page.reload();
  await expect(rowOf(page, 'Hummus').getByLabel('Mapped to HUM-LG')).toBeVisible();

  // A modifier group takes an option list's code, shown as its 'pos' badge.
  await page.getByRole('tab', { name: 'Modifiers' }).click();
  await rowOf(page, 'Sugar').getByRole('button', { name: 'Map Sugar' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Map Sugar' });
  await groupDialog.getByLabel('Search HubRise').fill('sugar');
  await groupDialog.getByRole('button', { name: /^Sugar/ }).click();
  await expect(rowOf(page, 'Sugar').getByLabel('Mapped to SUGAR')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('pos-mapping-en-wide.png'), fullPage: true });

  await page.goto('/admin/catalog/modifiergroups/manage');
  await expect(page.getByText('pos', { exact: true })).toBeVisible();
  await expect(page.getByText('SUGAR', { exact: true })).toBeVisible();

  // A code typed by hand is trimmed.
  await page.goto('/admin/catalog/pos-map-integrated-items');
  await page.getByRole('tab', { name: 'Modifiers' }).click();
  await rowOf(page, 'Sweet').getByRole('button', { name: 'Map Sweet' }).click();
  await page.getByRole('dialog').getByLabel('Code (SKU)').fill('  SUG-SW  ');
  await page.getByRole('dialog').getByRole('button', { name: 'Save code' }).click();
  await expect(rowOf(page, 'Sweet').getByLabel('Mapped to SUG-SW')).toBeVisible();

  await unmap(page, 'Sweet');
  await unmap(page, 'Sugar');
  await page.getByRole('tab', { name: 'Menu items' }).click();
  await unmap(page, 'Hummus');
});

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`POS mapping screen, ${lang} ${size.name}`, async ({ page }, testInfo) => {
      await useLangAndSize(page, lang, size);
      await signInAt(page, '/admin/catalog/pos-map-integrated-items', 'owner@demo.local');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'ar' ? 'ربط نقاط البيع' : 'POS mapping',
      );
      await expect(page.getByTestId('pos-mapping-row').first()).toBeVisible();
      await page.screenshot({
        path: testInfo.outputPath(`pos-mapping-${lang}-${size.name}.png`),
        fullPage: true,
      });
    });
  }
}
