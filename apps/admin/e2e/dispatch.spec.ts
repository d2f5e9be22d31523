import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PublicMenu, PublicStorefront, Ticket } from '@app/contracts';
import { acceptTicket, resultsOf as results } from '../../../tools/e2e/api.ts';
import { LANGS, SCREEN_SIZES, shoot, useLangAndSize } from './screenshots.ts';
import { accessToken, signIn, signInAt } from '../../../tools/e2e/auth.ts';

/**
 * Driver dispatch and the third-party delivery outlet (issue 18) against the real server and
 * its dispatch emulator: a driver requested for a delivery ticket moves to Delivered, cancel is
 * refused where §4.2 says; an outlet is created and a user email added. Screens in en and ar at
 * 1280 and 390 px are saved for a look.
 */
const RUN = `D-${Date.now().toString(36)}`;

async function demo(request: APIRequestContext) {
  const store = await results<PublicStorefront>(
    await request.get('/api/public/storefronts/al-bayt'),
  );
  const id = (en: string) => store.branches.find((b) => b.branchName.en === en)!.branchId;
  return { tenantId: store.tenantId, abdoun: id('Abdoun'), sweifieh: id('Sweifieh') };
}

/** A cash delivery order at Abdoun (a Talabat Express branch in the demo). */
async function placeDelivery(request: APIRequestContext, firstName: string): Promise<Ticket> {
  const d = await demo(request);
  const base = `/api/public/tenants/${d.tenantId}/branches/${d.abdoun}`;
  const menu = await results<PublicMenu>(
    await request.get(`${base}/menu?checkoutTemplate=DELIVERY`),
  );
  const item = menu.sections
    .flatMap((s) => s.items)
    .find((i) => i.variants.length > 0 && i.modifierGroups.every((g) => g.minQuantity === 0))!;
  const response = await request.post(`${base}/tickets`, {
    data: {
      checkoutTemplate: 'DELIVERY',
      cartItems: [{ variantId: item.variants[0]!.id, quantity: 1, modifiers: [] }],
      firstName,
      phoneNumber: '+962791112233',
      isFulfillmentAsap: true,
      paymentMethodType: 'CASH',
      lang: 'en',
      deliveryZoneId: (
        menu.deliveryZones.find((z) => z.localizedTitle.en === 'Abdoun') ?? menu.deliveryZones[0]!
      ).deliveryZoneId,
      shippingAddress: { lat: 31.9539, lng: 35.8812, address1: 'Abdoun Circle', building: '12' },
    },
    headers: { 'idempotency-key': `${RUN}-${firstName}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { results: Ticket }).results;
}

const emulator = (page: Page, what: string, data: unknown) =>
  page.request.post(`/emulators/dispatch/control/${what}`, { data });

const panel = (page: Page) => page.getByTestId('driver-dispatch-panel');

test.describe('driver dispatch', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a driver requested for a delivery ticket arrives; cancel refused once delivered', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'staff@demo.local');
    // Fast trips for the test: 1.5 s a status.
    expect((await emulator(page, 'speed', { stepMs: 1500 })).ok()).toBe(true);
    const ticket = await placeDelivery(page.request, `${RUN}-Omar`);
    await acceptTicket(page, ticket);

    // The 60 s poll is run by a fake clock; everything else keeps real time.
    await page.clock.install();
    await page.goto(`/admin/tickets/view/${ticket.id}`);
    const box = panel(page);
    const status = box.getByTestId('dispatch-status');
    await expect(status).toHaveText('Not Requested');
    await expect(box.getByText('Talabat Express', { exact: true })).toBeVisible();
    await expect(box.getByRole('link', { name: '+96265000001' })).toBeVisible();
    await expect(box.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await box.getByRole('button', { name: 'Request driver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request driver' });
    await expect(dialog).toContainText(`order #${ticket.ticketNumber}`);
    await dialog.getByRole('button', { name: 'Request driver' }).click();
    await expect(status).toHaveText('Delivery Requested');
    await expect(box.getByRole('button', { name: 'Request driver' })).toBeDisabled();
    await expect(box.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(60_000);
          await page.waitForTimeout(300);
          const text = (await status.textContent()) ?? '';
          seen.add(text);
          return text;
        },
        { timeout: 40_000, intervals: [1500] },
      )
      .toBe('Delivered');
    expect(seen.size).toBeGreaterThan(1);
    await expect(box.getByText(/Driver: Khaled Emulated/)).toBeVisible();
    // §4.2: both are off once delivered; the server refuses a cancel all the same.
    await expect(box.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(box.getByRole('button', { name: 'Request driver' })).toBeDisabled();
    const refused = await page.request.post(
      `/api/admin/tenants/${ticket.tenantId}/branches/b1/dispatchdriver/cancel`,
      {
        headers: { authorization: `Bearer ${await accessToken(page)}` },
        data: { ticketId: ticket.id, ticketTenantId: ticket.tenantId },
      },
    );
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'DRIVER_DISPATCH_CANNOT_BE_CANCELLED',
    );
    await emulator(page, 'speed', { stepMs: 20_000 });
  });

  test('a driver not yet assigned is cancelled after confirming', async ({ page }) => {
    await signIn(page, 'staff@demo.local');
    await emulator(page, 'speed', { stepMs: 600_000 });
    const ticket = await placeDelivery(page.request, `${RUN}-Rana`);
    await acceptTicket(page, ticket);
    await page.goto(`/admin/tickets/view/${ticket.id}`);
    const box = panel(page);
    await box.getByRole('button', { name: 'Request driver' }).click();
    await page
      .getByRole('dialog', { name: 'Request driver' })
      .getByRole('button', { name: 'Request driver' })
      .click();
    await expect(box.getByTestId('dispatch-status')).toHaveText('Delivery Requested');
    await box.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel driver request' })
      .getByRole('button', { name: 'Cancel request' })
      .click();
    await expect(box.getByTestId('dispatch-status')).toHaveText('Cancelled');
    await expect(box.getByRole('button', { name: 'Request driver' })).toBeEnabled();
    await emulator(page, 'speed', { stepMs: 20_000 });
  });
});

test.describe('third-party delivery outlet', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an outlet is created with default settings and a user email added', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'owner@demo.local');
    const d = await demo(page.request);
    await page.goto(`/admin/settings/profile/${d.sweifieh}`);
    await page.getByRole('link', { name: 'Third-party delivery outlet' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Third-party delivery outlet');
    const create = page.getByRole('button', {
      name: 'Create New Talabat Outlet With Default Settings',
    });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(create.or(save)).toBeVisible();
    if (await create.isVisible()) {
      await expect(page.getByRole('textbox', { name: 'Outlet name' })).toHaveValue('Sweifieh');
      await page.getByRole('textbox', { name: 'Address' }).fill('Wakalat Street 5');
      await page.getByRole('textbox', { name: 'City' }).fill('Amman');
      await page.getByRole('textbox', { name: 'Latitude' }).fill('31.958');
      await page.getByRole('textbox', { name: 'Longitude' }).fill('35.862');
      await create.click();
      await expect(page.getByText('Updated successfully')).toBeVisible();
    }
    await expect(save).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Client vendor id' })).toHaveValue(d.sweifieh);

    const email = `${RUN.toLowerCase()}@sweifieh.example`;
    await page.getByRole('textbox', { name: 'Add a user email' }).fill(email);
    await page.keyboard.press('Enter');
    const users = page.getByRole('list', { name: 'User emails' });
    await expect(users.getByText(email)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('list', { name: 'User emails' }).getByText(email)).toBeVisible();

    // A bad phone number is refused before anything is sent.
    const phone = page.getByRole('textbox', { name: /Phone number/ });
    await phone.fill('0791234567');
    await save.click();
    await expect(
      page.getByText('Enter an international number in E.164 form, e.g. +962791234567'),
    ).toBeVisible();
  });
});

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`dispatch screens, ${lang} ${size.name}`, async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      await useLangAndSize(page, lang, size);
      const d = await demo(page.request);
      await signInAt(page, '/admin/settings/profile', 'owner@demo.local');
      const tag = `${lang}-${size.name}`;
      await emulator(page, 'speed', { stepMs: 600_000 });
      const ticket = await placeDelivery(page.request, `${RUN}-${tag}`);
      await acceptTicket(page, ticket);
      await page.goto(`/admin/tickets/view/${ticket.id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const box = panel(page);
      await expect(box.getByTestId('dispatch-status')).toHaveText(
        lang === 'ar' ? 'لم يُطلب' : 'Not Requested',
      );
      await box
        .getByRole('button', { name: lang === 'ar' ? 'طلب سائق' : 'Request driver' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, testInfo, `dispatch-confirm-${tag}`);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: lang === 'ar' ? 'طلب سائق' : 'Request driver' })
        .click();
      await expect(box.getByTestId('dispatch-status')).toHaveText(
        lang === 'ar' ? 'تم طلب التوصيل' : 'Delivery Requested',
      );
      await box.scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      await box.screenshot({
        path: path.join(testInfo.project.outputDir, 'screens', `dispatch-panel-${tag}.png`),
      });
      await shoot(page, testInfo, `dispatch-ticket-${tag}`);
      await page.goto(`/admin/settings/profile/${d.abdoun}/talabatexpress`);
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await shoot(page, testInfo, `dispatch-outlet-${tag}`);
      await emulator(page, 'speed', { stepMs: 20_000 });
    });
  }
}
