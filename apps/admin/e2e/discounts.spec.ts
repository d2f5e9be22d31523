import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Discount, PublicMenu, PublicStorefront, Ticket } from '@app/contracts';
import { resultsOf as results } from '../../../tools/e2e/api.ts';
import { LANGS, SCREEN_SIZES, shoot, useLangAndSize } from './screenshots.ts';
import { accessToken, signIn, signInAt } from '../../../tools/e2e/auth.ts';

/**
 * Discounts (issue 15) against the real server: the manager creates a 15% code on the form, an
 * order placed with it through the public intake shows the discount in the ticket view; an
 * automatic discount made on the form keeps the demo's second automatic discount from being
 * switched on in the list (the switch reverts). Screens in en and ar, wide and narrow. Every
 * discount and order the spec makes is deleted or cancelled at the end.
 */
const RUN = Date.now().toString(36).toUpperCase().slice(-6);
const BRANCH = 'Sweifieh';

async function demoWorld(request: APIRequestContext) {
  const store = await results<PublicStorefront>(
    await request.get('/api/public/storefronts/al-bayt'),
  );
  const branch = store.branches.find((b) => b.branchName.fieldValue === BRANCH);
  if (!branch) throw new Error('the demo tenant has Sweifieh');
  return { tenantId: store.tenantId, branchId: branch.branchId };
}

/** A pickup order of two of the menu's first item, the way a storefront sends it. */
async function placePickup(request: APIRequestContext, discountCode?: string) {
  const { tenantId, branchId } = await demoWorld(request);
  const base = `/api/public/tenants/${tenantId}/branches/${branchId}`;
  const menu = await results<PublicMenu>(await request.get(`${base}/menu?checkoutTemplate=PICKUP`));
  const variantId = menu.sections[0]?.items[0]?.variants[0]?.id;
  if (!variantId) throw new Error('the demo menu has items for pickup');
  const res = await request.post(`${base}/tickets`, {
    headers: { 'idempotency-key': `discounts-e2e-${randomUUID()}` },
    data: {
      checkoutTemplate: 'PICKUP',
      cartItems: [{ variantId, quantity: 2 }],
      isFulfillmentAsap: true,
      paymentMethodType: 'CASH',
      firstName: `Discounts e2e ${RUN}`,
      lang: 'en',
      ...(discountCode ? { discountCode } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { results: Ticket }).results;
}

/** Calls of the signed-in user, for what the spec leaves behind. */
function adminApi(page: Page, tenantId: string) {
  const discounts = `/api/admin/tenants/${tenantId}/branches/b1/marketing/discounts`;
  const call = async (method: 'GET' | 'PUT', url: string, data?: unknown) =>
    page.request.fetch(url, {
      method,
      headers: { authorization: `Bearer ${await accessToken(page)}` },
      data,
    });
  return {
    discounts: async () => results<Discount[]>(await call('GET', discounts)),
    deleteDiscount: (d: Discount) => call('PUT', `${discounts}/${d.id}`, { ...d, deleted: true }),
    cancel: (ticketId: string) =>
      call('PUT', `/api/admin/tenants/${tenantId}/tickets/${ticketId}`, {
        status: 'Cancelled',
        reason: 'CANCELLED_BY_CUSTOMER',
        note: 'discounts e2e',
      }),
  };
}

const moneyText = (amount: number) => new RegExp(`JOD\\s${amount.toFixed(3).replace('.', '\\.')}`);

test('the manager creates a 15% code that an order gets, and a second automatic discount stays off', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { tenantId } = await demoWorld(page.request);
  const code = `E2E${RUN}`;
  const automatic = `AUTO${RUN}`;
  const placed: string[] = [];

  await signIn(page, 'manager@demo.local');
  const api = adminApi(page, tenantId);
  try {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Discounts' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();
    await expect(page.getByTestId('discount-WELCOME10')).toBeVisible();

    // The form: a promo code of 15 % for pickup, typed in lower case.
    await page.getByRole('link', { name: 'Create new' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New discount' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Fifteen ${RUN}`);
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
    await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(code);
    await page.getByRole('radio', { name: 'Promo code' }).check();
    await page.getByRole('radio', { name: 'Percentage' }).check();
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('15');
    await page.getByRole('checkbox', { name: 'Pickup' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Discount created')).toBeVisible();
    await expect(page).toHaveURL(/\/marketing\/discounts\/discount-list$/);
    const row = page.getByTestId(`discount-${code}`);
    await expect(row).toContainText('Promo code');
    await expect(row).toContainText('15%');
    await expect(row).toContainText('Never');
    await expect(row.getByRole('switch', { name: `${code} active` })).toBeChecked();

    // The same code again is refused on its field (discount_code_unique).
    await page.getByRole('link', { name: 'Create new' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Again ${RUN}`);
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await page.getByRole('radio', { name: 'Promo code' }).check();
    await page.getByRole('radio', { name: 'Fixed amount' }).check();
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('1');
    await page.getByRole('checkbox', { name: 'Pickup' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This code already exists.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    // An order with the code (any case) is priced with it; the ticket view says so.
    const ticket = await placePickup(page.request, code.toLowerCase());
    placed.push(ticket.id);
    const items = ticket.cartData.cartItems.reduce((sum, l) => sum + l.total, 0);
    const applied = ticket.cartData.discountDetails.appliedDiscountValue;
    expect(ticket.cartData.discountDetails).toMatchObject({
      discountCode: code,
      discountType: 'PERCENTAGE',
    });
    expect(applied).toBeCloseTo(items * 0.15, 3);
    await page.goto(`/admin/tickets/view/${ticket.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Order #${ticket.ticketNumber}` }),
    ).toBeVisible();
    await expect(page.getByText(`Discount (${code}, percentage)`)).toBeVisible();
    await expect(page.getByText(moneyText(applied)).first()).toBeVisible();
    await expect(page.getByText(moneyText(ticket.cartData.total)).first()).toBeVisible();
    await page.goto('/admin/marketing/discounts/discount-list');
    await expect(page.getByTestId(`discount-${code}`)).toContainText('Used: 1');

    // An automatic discount made on the form (for large orders only, so no other order gets it).
    await page.getByRole('link', { name: 'Create new' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Automatic ${RUN}`);
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(automatic);
    await page.getByRole('radio', { name: 'Automatic' }).check();
    await page.getByRole('radio', { name: 'Fixed amount' }).check();
    await page.getByRole('textbox', { name: 'Value', exact: true }).fill('1');
    await page.getByRole('textbox', { name: 'Minimum order value' }).fill('99999');
    await page.getByRole('checkbox', { name: 'Dine-in' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Discount created')).toBeVisible();

    // The demo's automatic discount cannot be switched on beside it: the switch reverts.
    const second = page.getByRole('switch', { name: 'HOTDRINKS2 active' });
    await expect(second).not.toBeChecked();
    await second.click();
    await expect(page.getByText(/Another automatic discount is active/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(second).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'HOTDRINKS2 active' })).not.toBeChecked();

    // Deleting asks first; Cancel keeps it, Delete takes it out of the list.
    await page.getByRole('link', { name: `Edit ${automatic}` }).click();
    await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${automatic}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Discount deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/marketing\/discounts\/discount-list$/);
    await expect(page.getByTestId(`discount-${code}`)).toBeVisible();
    await expect(page.getByTestId(`discount-${automatic}`)).toHaveCount(0);
  } finally {
    for (const id of placed) await api.cancel(id);
    for (const d of await api.discounts())
      if (d.discountCode === code || d.discountCode === automatic) await api.deleteDiscount(d);
  }
});

const TEXT = {
  en: {
    title: 'Discounts',
    newTitle: 'New discount',
    discount: 'Discount (WELCOME10, percentage)',
  },
  ar: { title: 'الخصومات', newTitle: 'خصم جديد', discount: 'الخصم (WELCOME10، نسبة مئوية)' },
} as const;

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`discount screens, ${lang} ${size.name}`, async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      await useLangAndSize(page, lang, size);
      const { tenantId } = await demoWorld(page.request);
      await signInAt(page, '/admin/marketing/discounts/discount-list', 'manager@demo.local');
      await page.reload();
      const tag = `${lang}-${size.name}`;
      const text = TEXT[lang];
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      await expect(page.getByTestId('discount-WELCOME10')).toBeVisible();
      await shoot(page, testInfo, `discounts-list-${tag}`);

      await page.goto('/admin/marketing/discounts/new');
      // The page's chunk loads on this first visit; the shared machine may be slow.
      await expect(page.getByRole('heading', { level: 1, name: text.newTitle })).toBeVisible({
        timeout: 15_000,
      });
      // Every required message at once, in the page's language.
      await page.locator('button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await shoot(page, testInfo, `discounts-form-errors-${tag}`);

      const { discounts } = adminApi(page, tenantId);
      const welcome = (await discounts()).find((d) => d.discountCode === 'WELCOME10');
      if (!welcome) throw new Error('the demo has WELCOME10');
      await page.goto(`/admin/marketing/discounts/${welcome.id}`);
      await expect(page.getByRole('textbox').first()).toBeDisabled();
      await shoot(page, testInfo, `discounts-form-edit-${tag}`);

      // The demo's 10 % code on an order, as staff see it in the ticket view.
      const ticket = await placePickup(page.request, 'WELCOME10');
      try {
        await page.goto(`/admin/tickets/view/${ticket.id}`);
        await expect(page.getByText(text.discount)).toBeVisible();
        await shoot(page, testInfo, `discounts-ticket-${tag}`);
      } finally {
        await adminApi(page, tenantId).cancel(ticket.id);
      }
    });
  }
}
