import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { cartLine, orderableItems, type MenuItem } from '../../../tools/e2e/orders.ts';
import { results } from '../../../tools/e2e/api.ts';
import { accessToken, signIn } from '../../../tools/e2e/auth.ts';

/**
 * Issue 6, live orders (spec §2.3): the order taker starts live orders and an order placed
 * through the public intake appears without a reload, with the toast and the New counter.
 */

interface Branch {
  branchId: string;
  branchName: { fieldValue: string; en?: string };
  branchOperatingStatus: { closed: boolean; acceptingOrders: boolean; busy: boolean };
}
interface Storefront {
  tenantId: string;
  branches: Branch[];
}

const isOpen = (b: Branch) =>
  !b.branchOperatingStatus.closed && b.branchOperatingStatus.acceptingOrders;

async function abdoun(request: APIRequestContext) {
  const store = await results<Storefront>(request, '/api/public/storefronts/al-bayt');
  const branch = store.branches.find((b) => b.branchName.fieldValue === 'Abdoun')!;
  return { tenantId: store.tenantId, branch };
}

/**
 * Runs `body` with the Abdoun outlet open and accepting orders; another spec closes it for a
 * while, so if it is not, a manager opens it and the status is put back afterwards.
 */
async function withOpenOutlet(
  browser: Browser,
  request: APIRequestContext,
  body: (ids: { tenantId: string; branchId: string }) => Promise<void>,
) {
  const { tenantId, branch } = await abdoun(request);
  const ids = { tenantId, branchId: branch.branchId };
  if (isOpen(branch)) return body(ids);

  const context = await browser.newContext();
  const manager = await context.newPage();
  await signIn(manager, 'manager@demo.local');
  const token = await accessToken(manager);
  const setStatus = (status: Branch['branchOperatingStatus']) =>
    request.put(`/api/admin/tenants/${tenantId}/status/${branch.branchId}`, {
      headers: { authorization: `Bearer ${token}` },
      data: status,
    });
  try {
    expect((await setStatus({ closed: false, acceptingOrders: true, busy: false })).ok()).toBe(
      true,
    );
    await body(ids);
  } finally {
    await setStatus(branch.branchOperatingStatus);
    await context.close();
  }
}

/** A pickup order of one item, with the fewest modifiers its groups require. */
async function placePickupOrder(
  request: APIRequestContext,
  { tenantId, branchId }: { tenantId: string; branchId: string },
) {
  const menu = await results<{ sections: { items: MenuItem[] }[] }>(
    request,
    `/api/public/tenants/${tenantId}/branches/${branchId}/menu?checkoutTemplate=PICKUP`,
  );
  const item = orderableItems(menu)[0]!;
  const res = await request.post(`/api/public/tenants/${tenantId}/branches/${branchId}/tickets`, {
    headers: { 'idempotency-key': `e2e-live-orders-${randomUUID()}` },
    data: {
      checkoutTemplate: 'PICKUP',
      cartItems: [cartLine(item)],
      isFulfillmentAsap: true,
      paymentMethodType: 'CASH',
      firstName: 'E2E Live',
      lang: 'en',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { results: { id: string; ticketNumber: number } }).results;
}

/** The count shown on a filter toggle; no count means 0. */
async function filterCount(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('button', { name: new RegExp(`^${label}`) }).innerText();
  const match = /(\d+)\s*$/.exec(text);
  return match ? Number(match[1]) : 0;
}

test('an order placed through the public intake appears live with the toast', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, 'staff@demo.local');
  await expect(page).toHaveURL('/admin/tickets/manage');
  await page.getByRole('button', { name: 'Start Live Orders' }).click();
  await expect(page.getByRole('group', { name: 'Show orders' })).toBeVisible();
  // The realtime dot turns green once the hub is connected.
  await expect(page.getByRole('img', { name: 'Live updates connected' })).toBeVisible();
  const newBefore = await filterCount(page, 'New');

  let placed: { id: string; ticketNumber: number; tenantId: string } | undefined;
  try {
    await withOpenOutlet(browser, request, async (ids) => {
      placed = { ...(await placePickupOrder(request, ids)), tenantId: ids.tenantId };
    });
    const number = placed!.ticketNumber;

    // No reload: the hub's event brings the order in.
    const toast = toastWith(page, `New order #${number}`);
    await expect(toast).toBeVisible();
    // Its message is a polite live region: a screen reader announces the order.
    await expect(toast.getByRole('status')).toHaveText(`New order #${number}`);
    await expect(page.getByRole('row', { name: `Order #${number}, Not Accepted` })).toBeVisible();
    await expect
      .poll(() => filterCount(page, 'New'), { message: 'the New counter' })
      .toBe(newBefore + 1);

    await toast.getByRole('button', { name: 'Open Latest Order' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  } finally {
    // Leave no waiting order behind for the specs after this one.
    if (placed) {
      const token = await accessToken(page);
      await request.put(`/api/admin/tenants/${placed.tenantId}/tickets/${placed.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { status: 'Cancelled', reason: 'CANCELLED_BY_CUSTOMER', note: 'e2e clean-up' },
      });
    }
  }
});

/** The whole snackbar (its message, a live region, and its buttons) showing `text`. */
const toastWith = (page: Page, text: string) =>
  page.locator('.notistack-MuiContent').filter({ hasText: text });

/** The two boxes share some area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('one new-order toast, clear of the controls, with a close button (en and ar)', async ({
      page,
      browser,
      request,
    }, testInfo) => {
      await signIn(page, 'staff@demo.local');
      await expect(page).toHaveURL('/admin/tickets/manage');
      await page.getByRole('button', { name: 'Start Live Orders' }).click();
      const filters = page.getByRole('group', { name: 'Show orders' });
      await expect(filters).toBeVisible();
      const placed: { id: string; tenantId: string }[] = [];
      const shot = async (name: string) => {
        await page.evaluate(() => document.fonts.ready);
        const file = path.join(testInfo.outputDir, `${name}.png`);
        await page.screenshot({ path: file });
        await testInfo.attach(name, { path: file, contentType: 'image/png' });
      };
      try {
        await withOpenOutlet(browser, request, async (ids) => {
          for (let i = 0; i < 2; i++)
            placed.push({ ...(await placePickupOrder(request, ids)), tenantId: ids.tenantId });
        });
        // Both orders in one toast, whether they came in one event or two.
        const toast = toastWith(page, 'New orders: 2');
        await expect(toast).toBeVisible();
        await expect(page.getByRole('button', { name: 'Open Latest Order' })).toHaveCount(1);
        const controls = [
          page.getByRole('banner'),
          page.getByRole('heading', { level: 1 }),
          filters,
          page.getByRole('searchbox', { name: 'Search orders' }),
        ];
        for (const control of controls) expect(await overlap(toast, control)).toBe(false);
        await shot(`toast-${width}-en`);

        await page.getByRole('button', { name: 'Change language' }).click();
        await page.getByRole('menuitem', { name: 'العربية' }).click();
        await expect(page.getByRole('menu', { includeHidden: true })).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        const arabic = toastWith(page, 'طلبات جديدة: 2');
        await expect(arabic).toBeVisible();
        for (const control of [page.getByRole('banner'), page.getByRole('heading', { level: 1 })])
          expect(await overlap(arabic, control)).toBe(false);
        expect(await overlap(arabic, page.getByRole('group', { name: 'عرض الطلبات' }))).toBe(false);
        await shot(`toast-${width}-ar`);

        await arabic.getByRole('button', { name: 'إغلاق' }).click();
        await expect(arabic).toBeHidden();
      } finally {
        const token = await accessToken(page);
        for (const order of placed)
          await request.put(`/api/admin/tenants/${order.tenantId}/tickets/${order.id}`, {
            headers: { authorization: `Bearer ${token}` },
            data: { status: 'Cancelled', reason: 'CANCELLED_BY_CUSTOMER', note: 'e2e clean-up' },
          });
      }
    });
  });
}
