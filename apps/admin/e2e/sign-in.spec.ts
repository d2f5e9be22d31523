import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors } from './console-errors.ts';
import { fillSignInPage, menuLinks, signIn } from '../../../tools/e2e/auth.ts';
import { MANAGER_MENU, ORDER_TAKER_MENU, OWNER_MENU } from '../src/test/role-menus.ts';

// Wide enough for the permanent side menu (md breakpoint and up).
test.use({ viewport: { width: 1280, height: 800 } });

// Whatever the flow, the app itself logs no error (a CSP refusal, a failed call, a crash).
// Leaving, the tab forgets its token while a live-orders poll may be in flight; its 401 is
// the browser's console line only (nothing is shown), and every other error still counts.
failOnConsoleErrors(
  (text, page) => new URL(page.url()).pathname === '/auth/logout' && /status of 401/.test(text),
);

test.describe('each demo account signs in and lands where spec §2.2 says', () => {
  test('a store owner lands on the main dashboard', async ({ page }) => {
    await signIn(page, 'owner@demo.local');
    await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome, Lina Haddad')).toBeVisible();
    await expect(page.getByText('You are managing Al Bayt Kitchen.')).toBeVisible();
    expect(await menuLinks(page)).toEqual(OWNER_MENU);
  });

  test('a store manager lands on live orders', async ({ page }) => {
    await signIn(page, 'manager@demo.local');
    await expect(page).toHaveURL('/admin/tickets/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Live Orders' })).toBeVisible();
    expect(await menuLinks(page)).toEqual(MANAGER_MENU);
  });

  test('an order taker lands on live orders with the branches of the tenant', async ({ page }) => {
    await signIn(page, 'staff@demo.local');
    await expect(page).toHaveURL('/admin/tickets/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Brands and branches' })).toContainText('Abdoun');
    expect(await menuLinks(page)).toEqual(ORDER_TAKER_MENU);
  });

  test("the other tenant's owner lands on the dashboard in the tenant's Spanish", async ({
    page,
  }) => {
    await signIn(page, 'owner@other.local');
    await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();
    await expect(page.getByText('Estás gestionando Casa Verde.')).toBeVisible();
    const menu = await menuLinks(page, 'Navegación principal');
    expect(menu).toHaveLength(OWNER_MENU.length);
    expect(menu[0]).toBe('Panel de control');
    expect(menu.at(-1)).toBe('Cerrar sesión');
  });

  test("the other tenant's owner who picks English on the sign-in page keeps English", async ({
    page,
  }) => {
    await page.goto('/auth/loginlanding');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    // The page is in English already; its own language is a link too, marked as the current.
    const english = page.getByRole('link', { name: 'English' });
    await expect(english).toHaveAttribute('aria-current', 'true');
    await english.click();
    await fillSignInPage(page, 'owner@other.local');
    await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('You are managing Casa Verde.')).toBeVisible();

    // The pick is this browser's: signing out and in again without picking keeps it.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Logout').click();
    await expect(page).toHaveURL('/auth/loginlanding');
    await page.getByRole('button', { name: 'Login' }).click();
    await fillSignInPage(page, 'owner@other.local');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('the super admin lands on the tenants list', async ({ page }) => {
    await signIn(page, 'admin@demo.local');
    await expect(page).toHaveURL('/admin/tenants');
    await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Al Bayt Kitchen/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Casa Verde/ })).toBeVisible();
    expect(await menuLinks(page)).toEqual(['Tenants', 'Unverified tickets', 'Logout']);
  });
});

test('signing out ends the session, and signing back in returns to the page asked for', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.local');
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');

  // A reload keeps the tab signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Logout').click();
  await expect(page).toHaveURL('/auth/loginlanding');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // The provider session ended too: an admin page asks for the password again.
  await page.goto('/admin/tickets/manage');
  await fillSignInPage(page, 'owner@demo.local');
  await expect(page).toHaveURL('/admin/tickets/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();

  // Signed out again, Login leads to the sign-in page and back to the owner's landing.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Logout').click();
  await expect(page).toHaveURL('/auth/loginlanding');
  await page.getByRole('button', { name: 'Login' }).click();
  await fillSignInPage(page, 'owner@demo.local');
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
});

test('a manager cannot open owner-only pages', async ({ page }) => {
  await signIn(page, 'manager@demo.local');
  for (const path of [
    '/admin/settings/profile',
    '/admin/catalog/price-adjustments',
    '/admin/dashboard/main-dashboard',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL('/auth/unauthorized');
    await expect(
      page.getByText('Your account is not authorized for this action or is not active!'),
    ).toBeVisible();
    await expect(page.getByText(/Please contact the support team at/)).toBeVisible();
  }
  // The menu stays the manager's own on the unauthorized page.
  expect(await menuLinks(page)).toEqual(MANAGER_MENU);
});

test('a wrong password keeps the user on the sign-in page', async ({ page }) => {
  await page.goto('/auth/loginlanding');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill('staff@demo.local');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/admin/tickets/manage');
});

/** The tab's stored OIDC user (oidc-client-ts keeps it in sessionStorage). */
async function storedUser(page: Page): Promise<{ key: string; user: StoredUser }> {
  const entry = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? { key, value: sessionStorage.getItem(key) ?? '' } : null;
  });
  expect(entry).not.toBeNull();
  return { key: entry!.key, user: JSON.parse(entry!.value) as StoredUser };
}

interface StoredUser {
  access_token: string;
  refresh_token: string;
  expires_at: number;
}

test('renews the access token silently with the refresh token', async ({ page }) => {
  await signIn(page, 'staff@demo.local');
  await expect(page).toHaveURL('/admin/tickets/manage');
  const before = await storedUser(page);

  // Pretend the token is a minute from expiry: the renewal starts at once (spec §4.5: 60 s).
  const soon = Math.floor(Date.now() / 1000) + 61;
  await page.evaluate(({ key, user }) => sessionStorage.setItem(key, JSON.stringify(user)), {
    key: before.key,
    user: { ...before.user, expires_at: soon },
  });
  const refreshed = page.waitForResponse(
    (res) => res.url().endsWith('/oidc/token') && res.request().method() === 'POST',
  );
  await page.reload();
  const response = await refreshed;
  expect(response.status()).toBe(200);
  expect(new URLSearchParams(response.request().postData() ?? '').get('grant_type')).toBe(
    'refresh_token',
  );

  await expect
    .poll(async () => (await storedUser(page)).user.access_token)
    .not.toBe(before.user.access_token);
  const after = await storedUser(page);
  expect(after.user.refresh_token).not.toBe(before.user.refresh_token);
  expect(after.user.expires_at).toBeGreaterThan(soon);
  // Issued for the API, without the SPA asking for a resource: the provider's default.
  const claims = JSON.parse(
    Buffer.from(after.user.access_token.split('.')[1] ?? '', 'base64url').toString(),
  ) as { aud: string; extension_role: string };
  expect(claims.aud).toBe(new URL('/api', page.url()).toString());
  expect(claims.extension_role).toBe('OrderTaker');

  // The new token works: a page that calls the API still loads.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Brands and branches' })).toContainText('Abdoun');
});

test('a tab whose token expired while asleep renews it on load', async ({ page }) => {
  // Live orders loads with its page after sign-in: its first call must be done before the
  // token is made to expire, or that call goes out without one.
  await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/tenants/tickets'),
    signIn(page, 'manager@demo.local'),
  ]);
  const before = await storedUser(page);
  await page.evaluate(({ key, user }) => sessionStorage.setItem(key, JSON.stringify(user)), {
    key: before.key,
    user: { ...before.user, expires_at: Math.floor(Date.now() / 1000) - 5 },
  });
  await page.reload();
  await expect(page).toHaveURL('/admin/tickets/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();
  expect((await storedUser(page)).user.access_token).not.toBe(before.user.access_token);
});
