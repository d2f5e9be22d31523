import { expect, test } from '@playwright/test';
import { signInAt } from '../../../tools/e2e/auth.ts';
import { LANGS, SCREEN_SIZES, shoot, useLangAndSize } from './screenshots.ts';

/**
 * Issue 38: an order taker sells out an item at one branch from Live orders, for an hour, sees
 * it in the list with the time it is back, and turns it back on.
 */
test('an order taker sells out an item for an hour and turns it back on', async ({ page }) => {
  // Arabic coffee: an item no other end-to-end test orders (the specs share one server).
  await signInAt(page, '/admin/tickets/manage', 'staff@demo.local');
  await page.getByRole('button', { name: 'Sold out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sold out at this branch' });
  const now = dialog.getByRole('list', { name: 'Sold out now' });
  await dialog.getByLabel('Find an item, size or choice').fill('Arabic coffee');
  await dialog.getByRole('button', { name: 'Sell out Arabic coffee' }).click();
  await page.getByRole('menuitem', { name: 'For 1 hour' }).click();
  await expect(page.getByText('Arabic coffee is sold out here.')).toBeVisible();
  await expect(now.getByRole('listitem').filter({ hasText: 'Arabic coffee' })).toContainText(
    /Back \d/,
  );

  await now.getByRole('button', { name: 'Back on Arabic coffee' }).click();
  await expect(page.getByText('Arabic coffee is back on.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sell out Arabic coffee' })).toBeVisible();
  await expect(dialog.getByText('Back on Arabic coffee')).toHaveCount(0);
});

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`Sold out dialog, ${lang}, ${size.name}`, async ({ page }, testInfo) => {
      await useLangAndSize(page, lang, size);
      await signInAt(page, '/admin/tickets/manage', 'staff@demo.local');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.getByRole('button', { name: lang === 'en' ? 'Sold out' : 'نفدت الكمية' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByLabel(lang === 'en' ? 'Find an item, size or choice' : 'ابحث عن صنف أو حجم أو خيار')
        .fill(lang === 'en' ? 'Hummus' : 'حمص');
      await expect(dialog.getByRole('list').last().getByRole('listitem')).not.toHaveCount(0);
      await shoot(page, testInfo, `sold-out-${lang}-${size.name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  }
}
