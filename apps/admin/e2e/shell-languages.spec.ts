import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../../tools/e2e/auth.ts';

// Wide enough for the permanent side menu (md breakpoint and up).
test.use({ viewport: { width: 1280, height: 800 } });

async function chooseLanguage(page: Page, buttonName: string, language: string) {
  await page.getByRole('button', { name: buttonName }).click();
  await page.getByRole('menuitem', { name: language }).click();
  // Wait for the closing menu to leave the page so screenshots do not catch it fading out.
  await expect(page.getByRole('menu', { includeHidden: true })).toHaveCount(0);
}

test('the shell switches language and direction live', async ({ page }, testInfo) => {
  const html = page.locator('html');
  await signIn(page, 'owner@demo.local');
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');

  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'en');
  const englishNav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(englishNav.getByRole('link', { name: 'Live orders' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await chooseLanguage(page, 'Change language', 'العربية');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  const arabicNav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
  await expect(arabicNav.getByRole('link', { name: 'الطلبات المباشرة' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeVisible();

  const viewport = page.viewportSize();
  const navBox = await arabicNav.boundingBox();
  expect(viewport).not.toBeNull();
  expect(navBox).not.toBeNull();
  // Right-to-left puts the side menu at the inline start: the right half of the screen.
  expect(navBox!.x).toBeGreaterThan(viewport!.width / 2);

  await page.evaluate(() => document.fonts.ready);
  const screenshot = path.join(testInfo.project.outputDir, 'shell-ar.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  await testInfo.attach('shell-ar', { path: screenshot, contentType: 'image/png' });

  await chooseLanguage(page, 'تغيير اللغة', 'Español');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'es');
  const spanishNav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(spanishNav.getByRole('link', { name: 'Pedidos en vivo' })).toBeVisible();
  const spanishBox = await spanishNav.boundingBox();
  expect(spanishBox!.x).toBeLessThan(viewport!.width / 2);

  // The choice is stored and survives a reload.
  await page.reload();
  await expect(html).toHaveAttribute('lang', 'es');
  await expect(spanishNav.getByRole('link', { name: 'Pedidos en vivo' })).toBeVisible();

  await chooseLanguage(page, 'Cambiar idioma', 'English');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(englishNav.getByRole('link', { name: 'Live orders' })).toBeVisible();
});
