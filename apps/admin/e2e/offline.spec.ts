import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { results } from '../../../tools/e2e/api.ts';
import { accessToken, signIn } from '../../../tools/e2e/auth.ts';
import { cartLine, orderableItems, type MenuItem } from '../../../tools/e2e/orders.ts';
import { shoot } from './screenshots.ts';

/**
 * Issue 36: a tablet that drops off Wi-Fi. It says so at once; a reload without network still
 * opens Live orders with the last known orders (the service worker keeps the app and its first
 * calls, the admin the last list); accepts made offline are kept with the status they expect and
 * sent when the network is back, and one that lost the race says who was quicker.
 */

type Placed = { id: string; ticketNumber: number };

async function abdoun(request: APIRequestContext) {
  const store = await results<{
    tenantId: string;
    branches: { branchId: string; branchName: { fieldValue: string } }[];
  }>(request, '/api/public/storefronts/al-bayt');
  const branch = store.branches.find((b) => b.branchName.fieldValue === 'Abdoun')!;
  return { tenantId: store.tenantId, branchId: branch.branchId };
}

async function placeOrder(request: APIRequestContext, ids: { tenantId: string; branchId: string }) {
  const menu = await results<{ sections: { items: MenuItem[] }[] }>(
    request,
    `/api/public/tenants/${ids.tenantId}/branches/${ids.branchId}/menu?checkoutTemplate=PICKUP`,
  );
  const res = await request.post(
    `/api/public/tenants/${ids.tenantId}/branches/${ids.branchId}/tickets`,
    {
      headers: { 'idempotency-key': `e2e-offline-${randomUUID()}` },
      data: {
        checkoutTemplate: 'PICKUP',
        cartItems: [cartLine(orderableItems(menu)[0]!)],
        isFulfillmentAsap: true,
        paymentMethodType: 'CASH',
        firstName: 'E2E Offline',
        lang: 'en',
      },
    },
  );
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { results: Placed }).results;
}

const row = (page: Page, ticket: Placed) =>
  page.getByRole('row', { name: new RegExp(`^Order #?${ticket.ticketNumber},`) });

async function acceptInSheet(page: Page, ticket: Placed) {
  await row(page, ticket).click();
  const sheet = page.getByRole('dialog', { name: `Order #${ticket.ticketNumber}` });
  await expect(sheet.getByText('Not Accepted')).toBeVisible();
  await sheet.getByRole('button', { name: 'Accept' }).click();
  const confirm = page.getByRole('dialog', { name: `Accept order #${ticket.ticketNumber}?` });
  await confirm.getByRole('button', { name: 'Accept' }).click();
  await expect(confirm).toBeHidden();
  return sheet;
}

test('a tablet offline: says so, reloads with the last orders, sends its accepts later', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const ids = await abdoun(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'staff@demo.local');
  await page.goto('/admin/tickets/manage');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The first visit installed the service worker; from this load on it keeps what the app loads.
  await page.reload();
  await page.getByRole('button', { name: 'Start Live Orders' }).click();
  const raced = await placeOrder(request, ids);
  const mine = await placeOrder(request, ids);
  await expect(row(page, mine)).toBeVisible();
  // Each sheet opened once online (its details and its code are kept for offline use).
  for (const ticket of [raced, mine]) {
    await row(page, ticket).click();
    const sheet = page.getByRole('dialog', { name: `Order #${ticket.ticketNumber}` });
    await expect(sheet.getByText('Not Accepted')).toBeVisible();
    await sheet.getByRole('button', { name: 'Close order details' }).click();
    await expect(sheet).toBeHidden();
  }
  // The last list is kept (at most every 5 s).
  await expect
    .poll(
      () =>
        page.evaluate(async (number) => {
          const kept = await (await caches.open('api-v1')).match('/offline/live-list');
          const list = kept
            ? ((await kept.json()) as { results: { ticketNumber: number }[] })
            : null;
          return list?.results.some((t) => t.ticketNumber === number) ?? false;
        }, mine.ticketNumber),
      { timeout: 15_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  await expect(page.getByText(/You are offline/)).toBeVisible();

  // A manager elsewhere accepts one of them meanwhile.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, 'manager@demo.local');
  const token = await accessToken(manager);
  const accepted = await request.put(`/api/admin/tenants/${ids.tenantId}/tickets/${raced.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'InProgress', fromStatus: 'UnVerified', note: null },
  });
  expect(accepted.ok()).toBe(true);
  await managerContext.close();

  // A reload without network: the app, the session and the last known orders.
  await page.reload();
  await page.getByRole('button', { name: 'Start Live Orders' }).click();
  await expect(row(page, mine)).toBeVisible();
  await expect(row(page, raced)).toBeVisible();
  await expect(page.getByText(/You are offline/)).toBeVisible();
  await shoot(page, testInfo, 'offline-live-orders', 'screens');

  for (const ticket of [raced, mine]) {
    const sheet = await acceptInSheet(page, ticket);
    await expect(
      page.getByText(`Order #${ticket.ticketNumber}: saved on this device`),
    ).toBeVisible();
    await expect(sheet.getByText('In Progress', { exact: true })).toBeVisible();
    await sheet.getByRole('button', { name: 'Close order details' }).click();
  }
  await expect(page.getByText('Waiting to be sent: 2')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(`Order #${mine.ticketNumber}: sent now that`)).toBeVisible();
  await expect(
    page.getByText(new RegExp(`Order #${raced.ticketNumber} was already accepted by `)),
  ).toBeVisible();
  await expect(page.getByText(/Waiting to be sent/)).toBeHidden();
  await expect(page.getByText(/You are offline/)).toBeHidden();

  // The server has both accepted, the raced one by the manager only.
  const staffToken = await accessToken(page);
  for (const ticket of [raced, mine]) {
    const now = await results<{ status: string; history: { by: string | null }[] }>(
      request,
      `/api/admin/tenants/${ids.tenantId}/tickets/${ticket.id}`,
      { authorization: `Bearer ${staffToken}` },
    );
    expect(now.status).toBe('InProgress');
    expect(now.history.filter((h) => h.by !== null)).toHaveLength(1);
  }
  await context.close();
});
