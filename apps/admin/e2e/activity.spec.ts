import { expect, test } from '@playwright/test';
import { signInAt } from '../../../tools/e2e/auth.ts';
import { LANGS, SCREEN_SIZES, shoot, useLangAndSize } from './screenshots.ts';

/**
 * Issue 38: a change made on one screen shows on Activity with who made it and each field
 * before and after. Arabic coffee: an item no other end-to-end test orders.
 */
test('a sold-out change shows on Activity with its author, before and after', async ({ page }) => {
  await signInAt(page, '/admin/tickets/manage', 'owner@demo.local');
  await page.getByRole('button', { name: 'Sold out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sold out at this branch' });
  await dialog.getByLabel('Find an item, size or choice').fill('Arabic coffee');
  await dialog.getByRole('button', { name: 'Sell out Arabic coffee' }).click();
  await page.getByRole('menuitem', { name: 'Until I turn it back on' }).click();
  await expect(page.getByText('Arabic coffee is sold out here.')).toBeVisible();
  await dialog
    .getByRole('list', { name: 'Sold out now' })
    .getByRole('button', { name: 'Back on Arabic coffee' })
    .click();
  await expect(page.getByText('Arabic coffee is back on.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const history = page.getByRole('list', { name: 'History' });
  const entries = history.getByRole('listitem').filter({ hasText: 'Item: Arabic coffee' });
  // Newest first: back on (✓ → ✗), then sold out (✗ → ✓), both by the owner.
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('owner@demo.local · Owner');
  await expect(entries.first()).toContainText('stock › soldOut');
  await expect(entries.first()).toContainText('✓ → ✗');
  await expect(entries.nth(1)).toContainText('✗ → ✓');

  // Filtered by what changed: branch settings only, so no item.
  await page.getByLabel('What changed').click();
  await page.getByRole('option', { name: 'Branch', exact: true }).click();
  await expect(history.getByText('Item: Arabic coffee')).toHaveCount(0);
});

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`Activity, ${lang}, ${size.name}`, async ({ page }, testInfo) => {
      await useLangAndSize(page, lang, size);
      await signInAt(page, '/admin/activity', 'owner@demo.local');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'en' ? 'Activity' : 'النشاط',
      );
      await shoot(page, testInfo, `activity-${lang}-${size.name}`);
    });
  }
}
