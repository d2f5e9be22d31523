import { expect, test } from '@playwright/test';
import { LANGS, SCREEN_SIZES, shoot } from './screenshots.ts';
import { signInAt } from '../../../tools/e2e/auth.ts';

/**
 * The sign-in screens and each role's landing page in English and Arabic, wide and narrow:
 * saved under test-results/screens/ for a look, and checked for the layout faults a look
 * would catch (sideways scrolling, the menu on the wrong side).
 */
for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test.describe(`${lang} ${size.name}`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      });

      test('sign-in screens', async ({ page }, testInfo) => {
        await page.goto('/auth/loginlanding');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await shoot(page, testInfo, `login-landing-${lang}-${size.name}`);

        await page.goto('/signup/outlet-signup-profile');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await shoot(page, testInfo, `outlet-signup-${lang}-${size.name}`);

        await page.goto('/auth/authcallback?error=access_denied');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await shoot(page, testInfo, `sign-in-error-${lang}-${size.name}`);

        await page.goto('/auth/loginlanding');
        await page.locator('main').getByRole('button').first().click();
        await page.waitForURL(/\/oidc\/interaction\//);
        // The provider's page speaks the SPA's language (ui_locales).
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await shoot(page, testInfo, `provider-sign-in-${lang}-${size.name}`);
      });

      for (const [email, landing] of [
        ['owner@demo.local', '/admin/dashboard/main-dashboard'],
        ['staff@demo.local', '/admin/tickets/manage'],
        ['admin@demo.local', '/admin/tenants'],
      ] as const) {
        test(`landing of ${email}`, async ({ page }, testInfo) => {
          await signInAt(page, '/auth/login', email);
          await expect(page).toHaveURL(landing);
          // Sign-in applied the tenant's language (English); the stored choice holds on reload.
          await page.reload();
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          const role = email.split('@')[0];
          await shoot(page, testInfo, `landing-${role}-${lang}-${size.name}`);

          if (size.name === 'wide') {
            const nav = await page.getByRole('navigation').boundingBox();
            const middle = size.width / 2;
            // The side menu sits at the inline start: left in English, right in Arabic.
            if (lang === 'ar') expect(nav!.x).toBeGreaterThan(middle);
            else expect(nav!.x).toBeLessThan(middle);
          } else {
            await page
              .getByRole('button', { name: lang === 'ar' ? 'فتح القائمة' : 'Open menu' })
              .click();
            await expect(page.getByRole('navigation')).toBeVisible();
            await shoot(page, testInfo, `menu-${role}-${lang}-${size.name}`);
          }
        });
      }

      test('unauthorized page', async ({ page }, testInfo) => {
        await signInAt(page, '/admin/settings/profile', 'manager@demo.local');
        await expect(page).toHaveURL('/auth/unauthorized');
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await shoot(page, testInfo, `unauthorized-${lang}-${size.name}`);
      });
    });
  }
}
