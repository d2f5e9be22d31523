import { expect, test, type Page } from '@playwright/test';
import { signIn, signInAt } from '../../../tools/e2e/auth.ts';
import { LANGS, SCREEN_SIZES, shoot, useLangAndSize } from './screenshots.ts';

/**
 * Issue 36: the admin is an installable app whose service worker shows the orders the server
 * pushes, Live orders closed or not. Chromium's push service needs the internet, so the push is
 * delivered to the service worker through the DevTools protocol, as the push service would.
 */

type Shown = { title: string; body: string; tag: string; data: { url?: string } };

const notifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as { url?: string },
    }));
  });

test('a pushed order shows as a notification of the service worker', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['notifications'] });
  const page = await context.newPage();
  await signIn(page, 'staff@demo.local');
  await page.goto('/admin/tickets/manage');
  const scope = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL,
  );
  expect(scope).toMatch(/\/sw\.js$/);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect((await manifest.json()) as { icons: { sizes: string }[] }).toMatchObject({
    display: 'standalone',
    icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512' })]),
  });

  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
    registrations.push(...event.registrations),
  );
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const registration = registrations.find((r) => r.scopeURL.startsWith(origin))!;

  const payload = {
    kind: 'newOrder',
    tenantId: '00000000-0000-4000-8000-000000000001',
    branchId: '00000000-0000-4000-8000-000000000002',
    ticketId: '00000000-0000-4000-8000-000000000003',
    ticketNumber: 1042,
    title: 'طلب جديد رقم 1042',
    body: 'عبدون · استلام',
    url: '/admin/tickets/view/00000000-0000-4000-8000-000000000003',
  };
  // Shown the same with the tab closed: the service worker alone handles the push.
  await page.goto('about:blank');
  const other = await context.newPage();
  await other.goto('/auth/loginlanding');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registration.registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() => notifications(other))
    .toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: `ticket-${payload.ticketId}`,
        data: expect.objectContaining({ url: payload.url, ticketNumber: 1042 }),
      } satisfies Shown,
    ]);
  await context.close();
});

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`Notify this device, ${lang}, ${size.name}`, async ({ page }, testInfo) => {
      await useLangAndSize(page, lang, size);
      await signInAt(page, '/admin/tickets/manage', 'staff@demo.local');
      // Sign-in applies the tenant's language (English); the stored choice holds on reload.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const button = page.getByRole('button', {
        name: lang === 'en' ? 'Notify this device' : 'تنبيه هذا الجهاز',
      });
      await button.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // Every branch of the tenant offered, all chosen at first.
      await expect(dialog.getByRole('checkbox')).not.toHaveCount(0);
      for (const box of await dialog.getByRole('checkbox').all()) await expect(box).toBeChecked();
      await shoot(page, testInfo, `push-dialog-${lang}-${size.name}`);
      await dialog.getByRole('button', { name: lang === 'en' ? 'Cancel' : 'إلغاء' }).click();
      await expect(dialog).toBeHidden();
    });
  }
}
