import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PublicMenu, PublicStorefront, Ticket } from '@app/contracts';
import { acceptTicket, resultsOf as results } from '../../../tools/e2e/api.ts';
import { signIn, signInAt } from '../../../tools/e2e/auth.ts';
import { failOnConsoleErrors } from './console-errors.ts';
import { LANGS, SCREEN_SIZES, shoot, useLangAndSize } from './screenshots.ts';
import { tr } from './texts.ts';

/**
 * Kitchen and receipt printers (issue 37) against the real server and the demo's emulated Star
 * printers (one per Al Bayt branch, polling over CloudPRNT): an accepted order prints its
 * kitchen ticket and receipt, the ticket view shows them printed and prints a copy; a manager
 * adds a printer and is shown its address once, then removes it. Screens in en and ar, wide
 * and narrow, are saved for a look.
 */
const RUN = `P-${Date.now().toString(36)}`;
failOnConsoleErrors();

async function placeOrder(request: APIRequestContext, firstName: string): Promise<Ticket> {
  const store = await results<PublicStorefront>(
    await request.get('/api/public/storefronts/al-bayt'),
  );
  const abdoun = store.branches.find((b) => b.branchName.en === 'Abdoun')!.branchId;
  const base = `/api/public/tenants/${store.tenantId}/branches/${abdoun}`;
  const menu = await results<PublicMenu>(await request.get(`${base}/menu?checkoutTemplate=PICKUP`));
  const item = menu.sections
    .flatMap((s) => s.items)
    .find((i) => i.variants.length > 0 && i.modifierGroups.every((g) => g.minQuantity === 0))!;
  const response = await request.post(`${base}/tickets`, {
    data: {
      checkoutTemplate: 'PICKUP',
      cartItems: [{ variantId: item.variants[0]!.id, quantity: 2, modifiers: [] }],
      firstName,
      isFulfillmentAsap: true,
      paymentMethodType: 'CASH',
      lang: 'ar',
    },
    headers: { 'idempotency-key': `${RUN}-${firstName}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { results: Ticket }).results;
}

test.describe('printers', () => {
  test('an accepted order prints on the branch printer; the ticket view prints a copy', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await useLangAndSize(page, 'en', SCREEN_SIZES[0]);
    await signIn(page, 'staff@demo.local');
    const ticket = await placeOrder(page.request, `${RUN}-Lina`);
    await acceptTicket(page, ticket);
    await page.goto(`/admin/tickets/view/${ticket.id}`);
    const section = page.getByRole('region', { name: tr('en', 'ticketDetails:sections.printing') });
    await expect(section).toBeVisible();
    await expect(section.getByText('Kitchen (emulated Star)').first()).toBeVisible();
    // The emulated printer polls every 2 s: both jobs printed within seconds.
    await expect(
      section.getByText(tr('en', 'ticketDetails:printing.jobStates.printed')),
    ).toHaveCount(2, { timeout: 20_000 });
    await section
      .getByRole('button', { name: tr('en', 'ticketDetails:printing.kitchenAgain') })
      .click();
    await expect(page.getByText(tr('en', 'ticketDetails:printing.sent'))).toBeVisible();
    await expect(section.getByText(`(${tr('en', 'ticketDetails:printing.copy')})`)).toBeVisible();
    await expect(
      section.getByText(tr('en', 'ticketDetails:printing.jobStates.printed')),
    ).toHaveCount(3, { timeout: 20_000 });
    // What the printer printed, as the demo shows it.
    await page.goto('/emulators/printers');
    await expect(page.getByRole('heading', { name: 'Abdoun' })).toBeVisible();
    expect(await page.locator('img').count()).toBeGreaterThanOrEqual(3);
  });

  test('a manager adds a printer, is shown its address once, and removes it', async ({ page }) => {
    await useLangAndSize(page, 'en', SCREEN_SIZES[0]);
    await signIn(page, 'manager@demo.local');
    await page.goto('/admin/settings/printers');
    await expect(
      page.getByRole('heading', { name: tr('en', 'outlet:printers.title'), level: 1 }),
    ).toBeVisible();
    await page
      .getByRole('button', { name: tr('en', 'outlet:printers.addTo', { branch: 'Sweifieh' }) })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: tr('en', 'outlet:printers.save') }).click();
    await expect(dialog.getByText(tr('en', 'outlet:printers.nameRequired'))).toBeVisible();
    await dialog.getByLabel(tr('en', 'outlet:printers.name')).fill(`${RUN} Bar`);
    await dialog.getByLabel(tr('en', 'outlet:printers.protocols.epson-sdp')).check();
    await dialog.getByLabel(tr('en', 'outlet:printers.paperMm', { mm: 58 })).check();
    await dialog.getByRole('button', { name: tr('en', 'outlet:printers.save') }).click();
    const shown = page.getByRole('dialog', { name: tr('en', 'outlet:printers.urlTitle') });
    const url = await shown.getByRole('textbox').inputValue();
    expect(url).toMatch(/\/api\/printers\/[0-9a-f-]{36}\/[\w-]{32}$/);
    await expect(shown.getByText(/Server Direct Print/)).toBeVisible();
    // The address works: the printer's first poll is answered (nothing to print yet).
    const poll = await page.request.post(url, {
      form: { ConnectionType: 'GetRequest', ID: 'local_printer' },
    });
    expect(poll.status()).toBe(200);
    await shown.getByRole('button', { name: tr('en', 'outlet:printers.done') }).click();
    const row = page.getByRole('listitem', { name: `${RUN} Bar` });
    await expect(row.getByText(tr('en', 'common:printerStates.online'))).toBeVisible({
      timeout: 15_000,
    });
    await row
      .getByRole('button', { name: tr('en', 'outlet:printers.removeOf', { name: `${RUN} Bar` }) })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: tr('en', 'outlet:printers.remove') })
      .click();
    await expect(row).toHaveCount(0);
    expect(
      (await page.request.post(url, { form: { ConnectionType: 'GetRequest' } })).status(),
    ).toBe(404);
  });

  for (const lang of LANGS)
    for (const size of SCREEN_SIZES)
      test(`the printers page and the ticket's printing, ${lang} ${size.name}`, async ({
        page,
      }, testInfo) => {
        await useLangAndSize(page, lang, size);
        await signInAt(page, '/admin/settings/printers', 'owner@demo.local');
        // The sign-in page was in English: open the page again in the language under test.
        await page.goto('/admin/settings/printers');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByText('Kitchen (emulated Star)').first()).toBeVisible();
        await shoot(page, testInfo, `printers-${lang}-${size.name}`, 'printers');
        const ticket = await placeOrder(page.request, `${RUN}-${lang}-${size.name}`);
        await acceptTicket(page, ticket);
        await page.goto(`/admin/tickets/view/${ticket.id}`);
        await expect(
          page.getByText(tr(lang, 'ticketDetails:printing.jobStates.printed')).first(),
        ).toBeVisible({ timeout: 20_000 });
        await shoot(page, testInfo, `ticket-printing-${lang}-${size.name}`, 'printers');
      });
});
