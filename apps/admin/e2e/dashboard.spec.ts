import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { cartLine, orderableItems, type MenuItem } from '../../../tools/e2e/orders.ts';
import { results } from '../../../tools/e2e/api.ts';
import { loading } from '../../../tools/e2e/a11y.ts';
import { accessToken, signIn } from '../../../tools/e2e/auth.ts';
import type { ReportTotals } from '@app/contracts';

/**
 * Issue 20 items 4 and 5: the owner's dashboard shows the demo tenant's figures as the orders
 * report counts them (orders placed through the public intake, accepted and completed here);
 * a guest pays a table's bill from the storefront and the payment arrives live on the table
 * payments page, where the owner refunds it in part and then in full.
 */
test.setTimeout(180_000);

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const ZONE = 'Asia/Amman';

type Branch = {
  branchId: string;
  branchName: { fieldValue: string };
  branchOperatingStatus: { closed: boolean; acceptingOrders: boolean; busy: boolean };
};
type Menu = { sections: { items: MenuItem[] }[]; serviceAreas: { id: string; value: string }[] };
type Totals = ReportTotals;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const file = path.join(testInfo.outputDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The stored language holds on reload (the tenant's default applies at sign-in only). */
async function inLanguage(page: Page, lang: 'en' | 'ar') {
  await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(loading(page)).toHaveCount(0);
}

/** YYYY-MM-DD of `at` on Amman's clock; the week starts on its Sunday. */
function ammanDays(at = new Date()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  const dow = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const weekStart = new Date(Date.UTC(y, m - 1, d - dow)).toISOString().slice(0, 10);
  return { today, weekStart };
}

/** An amount as the card shows it: "JOD 1,234.500" → 1234.5. */
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** The admin API as the signed-in owner. */
function ownerApi(request: APIRequestContext, token: string, tenantId: string) {
  const headers = { authorization: `Bearer ${token}` };
  const base = `/api/admin/tenants/${tenantId}`;
  return {
    async report(startDate: string, endDate: string, branchIds: string[] = []): Promise<Totals> {
      const res = await request.post(`${base}/reports/carttickets`, {
        headers,
        data: {
          startDate,
          endDate,
          branchIds,
          statuses: ['InProgress', 'Completed'],
          timezone: ZONE,
        },
      });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { totals: Totals }).totals;
    },
    async move(ticketId: string, status: 'InProgress' | 'Completed') {
      const res = await request.put(`${base}/tickets/${ticketId}`, {
        headers,
        data: { status, note: null },
      });
      expect(res.ok(), await res.text()).toBe(true);
    },
    setStatus: (branchId: string, s: Branch['branchOperatingStatus']) =>
      request.put(`${base}/status/${branchId}`, { headers, data: s }),
  };
}

/** Abdoun open for orders for the length of `body` (another spec may have closed it). */
async function withAbdounOpen(
  request: APIRequestContext,
  api: ReturnType<typeof ownerApi>,
  body: (ctx: { tenantId: string; branch: Branch }) => Promise<void>,
) {
  const store = await results<{ tenantId: string; branches: Branch[] }>(
    request,
    '/api/public/storefronts/al-bayt',
  );
  const branch = store.branches.find((b) => b.branchName.fieldValue === 'Abdoun')!;
  const status = branch.branchOperatingStatus;
  const open = !status.closed && status.acceptingOrders;
  if (!open)
    expect(
      (
        await api.setStatus(branch.branchId, { closed: false, acceptingOrders: true, busy: false })
      ).ok(),
    ).toBe(true);
  try {
    await body({ tenantId: store.tenantId, branch });
  } finally {
    if (!open) await api.setStatus(branch.branchId, status);
  }
}

async function place(
  request: APIRequestContext,
  tenantId: string,
  branchId: string,
  body: Record<string, unknown>,
) {
  const res = await request.post(`/api/public/tenants/${tenantId}/branches/${branchId}/tickets`, {
    headers: { 'idempotency-key': `e2e-dashboard-${randomUUID()}` },
    data: { isFulfillmentAsap: true, firstName: 'E2E Dashboard', lang: 'en', ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { results: { id: string; ticketNumber: number } }).results;
}

/** The figure of a dashboard card, as a number. */
async function figure(page: Page, label: string) {
  const text = await page.getByRole('group', { name: label }).getByTestId('figure').innerText();
  return amountOf(text);
}

test("the dashboard shows today's and this week's figures as the orders report counts them", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize(WIDE);
  await signIn(page, 'owner@demo.local');
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
  const api = () => accessToken(page);

  const store = await results<{ tenantId: string }>(request, '/api/public/storefronts/al-bayt');
  const owner = ownerApi(request, await api(), store.tenantId);
  const { today, weekStart } = ammanDays();
  const before = await owner.report(today, today);
  let abdounId = '';

  await withAbdounOpen(request, owner, async ({ tenantId, branch }) => {
    abdounId = branch.branchId;
    const menu = await results<Menu>(
      request,
      `/api/public/tenants/${tenantId}/branches/${branch.branchId}/menu?checkoutTemplate=PICKUP`,
    );
    const items = orderableItems(menu);
    const placed = [];
    for (let i = 0; i < 3; i++) {
      placed.push(
        await place(request, tenantId, branch.branchId, {
          checkoutTemplate: 'PICKUP',
          cartItems: [cartLine(items[i % items.length]!, 1 + i)],
          paymentMethodType: 'CASH',
        }),
      );
    }
    // Two accepted, one of them completed; the third waits to be accepted.
    await owner.move(placed[0]!.id, 'InProgress');
    await owner.move(placed[0]!.id, 'Completed');
    await owner.move(placed[1]!.id, 'InProgress');
  });

  const report = await owner.report(today, today);
  expect(report.count).toBe(before.count + 2);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => figure(page, 'Orders')).toBe(report.count);
  expect(await figure(page, 'Sales')).toBe(report.amounts[0]?.sales.total ?? 0);
  expect(await figure(page, 'Awaiting acceptance')).toBeGreaterThanOrEqual(1);
  await expect(page.getByText(/of the days and hours of Asia\/Amman/)).toBeVisible();
  // Real charts drawn by the library, not an empty frame.
  await expect(
    page.getByRole('region', { name: 'Orders by hour, today' }).locator('.recharts-bar-rectangle'),
  ).not.toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Top items' }).getByRole('listitem'),
  ).not.toHaveCount(0);
  await shot(page, testInfo, 'dashboard-en-1280');

  await page.getByRole('button', { name: 'This week' }).click();
  const week = await owner.report(weekStart, today);
  await expect.poll(() => figure(page, 'Orders')).toBe(week.count);
  expect(await figure(page, 'Sales')).toBe(week.amounts[0]?.sales.total ?? 0);

  // One branch: Abdoun's figures are the report's for Abdoun.
  await page.getByRole('button', { name: 'Today' }).click();
  await page.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'Abdoun' }).click();
  await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveText('Abdoun');
  const abdoun = await owner.report(today, today, [abdounId]);
  await expect.poll(() => figure(page, 'Orders')).toBe(abdoun.count);
  expect(await figure(page, 'Sales')).toBe(abdoun.amounts[0]?.sales.total ?? 0);
  await page.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'All branches' }).click();

  await inLanguage(page, 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeVisible();
  await expect.poll(() => figure(page, 'الطلبات')).toBe(report.count);
  // The hour axis reads from the right: 00:00 at the right end, 23:00 at the left.
  const hours = page.getByRole('region', { name: 'الطلبات حسب الساعة، اليوم' });
  const first = await hours.getByText('00:00', { exact: true }).boundingBox();
  const later = await hours.getByText('21:00', { exact: true }).boundingBox();
  expect(first!.x).toBeGreaterThan(later!.x);
  await shot(page, testInfo, 'dashboard-ar-1280');

  await page.setViewportSize(PHONE);
  await shot(page, testInfo, 'dashboard-ar-390');
  await inLanguage(page, 'en');
  await shot(page, testInfo, 'dashboard-en-390');
});

test('a table bill paid from the storefront arrives live and is refunded', async ({
  page,
  browser,
  request,
}, testInfo) => {
  await page.setViewportSize(WIDE);
  await signIn(page, 'owner@demo.local');
  const store = await results<{ tenantId: string }>(request, '/api/public/storefronts/al-bayt');
  const owner = ownerApi(request, await accessToken(page), store.tenantId);

  await page.goto('/admin/tablebill/live-payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Table payments' })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('img', { name: 'Live updates connected' }),
  ).toBeVisible();

  let table = { id: '', value: '' };
  await withAbdounOpen(request, owner, async ({ tenantId, branch }) => {
    const menu = await results<Menu>(
      request,
      `/api/public/tenants/${tenantId}/branches/${branch.branchId}/menu?checkoutTemplate=DINING`,
    );
    table = menu.serviceAreas.find((a) => a.value === '14') ?? menu.serviceAreas[0]!;
    const items = orderableItems(menu);
    // Two orders on the table's tab, accepted by the staff.
    for (let i = 0; i < 2; i++) {
      const ticket = await place(request, tenantId, branch.branchId, {
        checkoutTemplate: 'DINING',
        serviceAreaId: table.id,
        cartItems: [cartLine(items[i]!, 1)],
        paymentMethodType: 'PAY_LATER',
      });
      await owner.move(ticket.id, 'InProgress');
    }
  });
  const bill = await results<{ amountDue: number; orders: unknown[] }>(
    request,
    `/api/public/tenants/${store.tenantId}/serviceareas/${table.id}/tablebill`,
  );
  expect(bill.orders.length).toBeGreaterThanOrEqual(2);

  // The guest, on a phone, opens the table's QR page and pays the bill.
  const guestContext = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  const guest = await guestContext.newPage();
  try {
    await guest.goto(`/store/al-bayt/t/${table.id}`);
    await guest.getByRole('link', { name: 'View and pay the bill' }).click();
    await expect(guest.getByRole('heading', { level: 1, name: 'Your bill' })).toBeVisible();
    await guest.getByLabel('Card number').fill('4242 4242 4242 4242');
    await guest.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 2) % 100}`);
    await guest.getByLabel('Security code').fill('123');
    await shot(guest, testInfo, 'storefront-bill-en-390');
    await guest.getByRole('button', { name: /^Pay JOD/ }).click();
    await expect(guest.getByRole('heading', { level: 1, name: 'Bill paid' })).toBeVisible();
    await shot(guest, testInfo, 'storefront-bill-paid-en-390');
  } finally {
    await guestContext.close();
  }

  // It arrives on the owner's page without a reload.
  const card = page.getByRole('article', { name: `Table ${table.value} · Abdoun` }).first();
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-fresh', 'true');
  expect(amountOf(await card.getByText(/^JOD/).first().innerText())).toBe(bill.amountDue);
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await shot(page, testInfo, 'live-payments-en-1280');

  // A part first, then the rest; a third refund is not offered.
  await card.getByRole('button', { name: /^Refund the payment of/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Refund a table payment' });
  await dialog.getByRole('radio', { name: 'Part of it' }).check();
  await dialog.getByRole('textbox', { name: 'Amount to refund' }).fill(String(bill.amountDue + 1));
  await dialog.getByRole('button', { name: /^Refund/ }).click();
  await expect(dialog.getByText(/can be refunded\.$/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount to refund' }).fill('1');
  await shot(page, testInfo, 'refund-dialog-en-1280');
  await dialog.getByRole('button', { name: /^Refund JOD/ }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Partly refunded')).toBeVisible();

  await card.getByRole('button', { name: /^Refund the payment of/ }).click();
  dialog = page.getByRole('dialog', { name: 'Refund a table payment' });
  await dialog.getByRole('button', { name: /^Refund JOD/ }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Refund the payment of/ })).toBeDisabled();

  // The transactions of today show it with what went back.
  await page.goto('/admin/tablebill/transactions');
  const row = page
    .getByRole('row')
    .filter({ hasText: `Table ${table.value}` })
    .first();
  await expect(row).toBeVisible();
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  await shot(page, testInfo, 'transactions-en-1280');
  await inLanguage(page, 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'معاملات الطاولات' })).toBeVisible();
  await shot(page, testInfo, 'transactions-ar-1280');
  await page.goto('/admin/tablebill/live-payments');
  await expect(page.getByRole('heading', { level: 1, name: 'مدفوعات الطاولات' })).toBeVisible();
  await shot(page, testInfo, 'live-payments-ar-1280');
  await page.setViewportSize(PHONE);
  await shot(page, testInfo, 'live-payments-ar-390');
  await page.goto('/admin/tablebill/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'معاملات الطاولات' })).toBeVisible();
  await shot(page, testInfo, 'transactions-ar-390');
  await inLanguage(page, 'en');
  await shot(page, testInfo, 'transactions-en-390');
});
