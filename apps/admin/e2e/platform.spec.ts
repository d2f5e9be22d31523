import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCREEN_SIZES, shoot } from './screenshots.ts';
import { signIn, signInAt } from '../../../tools/e2e/auth.ts';

/**
 * Issue 20 (items 1, 2, 6, 8): a new user registers on the provider's sign-in page, signs up an
 * outlet and lands in its empty admin; the super admin finds it, deactivates it (its owner and
 * storefront are refused) and activates it again; a password reset e-mail, captured by the
 * demo's outbox, sets a new password once and ends the old session; the language picked on the
 * sign-in page carries over to the admin.
 */
test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ mode: 'serial' });

// Letters only: an outlet name is Latin letters and hyphens.
const suffix = Array.from({ length: 6 }, () =>
  String.fromCharCode(97 + Math.floor(Math.random() * 26)),
).join('');
const OUTLET = `Zaatar-House-${suffix}`;
const SLUG = OUTLET.toLowerCase();
const EMAIL = `founder.${suffix}@example.com`;
const FIRST_PASSWORD = 'first-secret-1';
const NEW_PASSWORD = 'second-secret-2';

let ownerPage: Page;

async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** The newest captured e-mail to an address with this subject (the demo's outbox). */
async function mailTo(page: Page, to: string, subject: string) {
  const res = await page.request.get(`/emulators/mail/messages?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  const { messages } = (await res.json()) as { messages: { subject: string; text: string }[] };
  const mail = messages.find((m) => m.subject === subject);
  expect(mail, `an e-mail "${subject}" to ${to}`).toBeDefined();
  return mail!;
}

const linkOf = (text: string) => {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  if (!url) throw new Error(`no link in: ${text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

test('a new user registers, signs up an outlet and lands in its empty admin', async ({
  browser,
}, testInfo) => {
  ownerPage = await newPage(browser);
  const page = ownerPage;
  await page.goto('/auth/loginlanding');
  await page.getByRole('link', { name: 'Sign up your outlet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up your outlet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create an account or sign in' }).click();

  // The provider's sign-in page offers self-registration.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Your name').fill('Maya Khoury');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The password needs 8 to 128 characters.')).toBeVisible();
  await page.getByLabel('Password').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Signed in without a tenant: the outlet sign-up.
  await expect(page).toHaveURL('/signup/outlet-signup-profile');
  await expect(page.getByText(`You are signed in as ${EMAIL}`)).toBeVisible();
  await expect(page.getByText('Your 30-day free trial starts today')).toBeVisible();
  await shoot(page, testInfo, 'outlet-signup-en-wide', 'platform');
  await page.getByRole('combobox', { name: /Country/ }).click();
  await page.getByRole('option', { name: 'Jordan' }).click();
  await page.getByRole('textbox', { name: /Outlet name/ }).fill('Al Bayt');
  await page.getByRole('textbox', { name: /Phone number/ }).fill('079 123 4567');
  await page.getByRole('button', { name: 'Create my outlet' }).click();
  await expect(
    page.getByText('Use Latin letters and hyphens only, a hyphen between letters'),
  ).toBeVisible();
  // Taken (another tenant's address): the server's 422 lands on the field.
  await page.getByRole('textbox', { name: /Outlet name/ }).fill('Al-Bayt');
  await page.getByRole('button', { name: 'Create my outlet' }).click();
  await expect(
    page.getByText('This outlet name is already taken. Please choose another one.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: /Outlet name/ }).fill(OUTLET);
  await expect(page.getByText(`Your storefront: /store/${SLUG}`)).toBeVisible();
  await page.getByRole('button', { name: 'Create my outlet' }).click();

  // Its empty admin: the owner's dashboard, the verification banner, one empty menu section.
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`You are managing ${OUTLET}.`)).toBeVisible();
  await expect(page.getByTestId('email-verify-banner')).toContainText(
    `Please verify your email address ${EMAIL}. Days left: 7.`,
  );
  // Not five empty charts only: the setup checklist, nothing done yet.
  const setup = page.getByRole('region', { name: 'Set up your outlet' });
  await expect(setup.getByText('0 of 7 done')).toBeVisible();
  await shoot(page, testInfo, 'setup-checklist-en-wide', 'platform');
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('Email just sent please wait two minutes')).toBeVisible();
  // The button then waits out the two minutes rather than ask again.
  await expect(page.getByRole('button', { name: /^Resend in [12]:\d\d$/ })).toBeDisabled();
  const verify = await mailTo(page, EMAIL, 'Verify your email address');
  expect(linkOf(verify.text)).toMatch(/^\/account\/verify-email\?token=/);

  // Each step opens its page; a step done there is ticked on coming back.
  await setup.getByRole('link', { name: 'Add tables and their QR codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tables and QR codes' })).toBeVisible();
  await page.getByRole('button', { name: 'Add service areas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service areas' });
  await dialog.getByRole('spinbutton', { name: /^From/ }).fill('1');
  await dialog.getByRole('spinbutton', { name: /^To/ }).fill('4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/admin/dashboard/main-dashboard');
  await expect(setup.getByText('1 of 7 done')).toBeVisible();
  await expect(setup.getByRole('listitem').filter({ hasText: 'Add tables' })).toContainText('Done');
});

test('the super admin finds the outlet, deactivates and reactivates it', async ({
  browser,
}, testInfo) => {
  const admin = await newPage(browser);
  await signIn(admin, 'admin@demo.local');
  await expect(admin).toHaveURL('/admin/tenants');
  await admin.getByRole('searchbox', { name: 'Search tenants' }).fill(suffix);
  const row = admin.getByRole('row', { name: new RegExp(OUTLET) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(EMAIL);
  await expect(row).toContainText('Active');
  await expect(admin.getByRole('row')).toHaveCount(2);
  await shoot(admin, testInfo, 'tenants-en-wide', 'platform');

  await row.getByRole('button', { name: `Open ${OUTLET}` }).click();
  const panel = admin.getByRole('dialog', { name: OUTLET });
  await expect(panel.getByText('Maya Khoury')).toBeVisible();
  await expect(panel.getByText(`/store/${SLUG}`)).toBeVisible();
  await panel.getByRole('button', { name: 'Deactivate tenant' }).click();
  const confirm = admin.getByRole('dialog', { name: `Deactivate ${OUTLET}?` });
  await expect(confirm).toContainText('its storefront, menus and ordering links answer');
  await confirm.getByRole('button', { name: 'Deactivate tenant' }).click();
  await expect(panel.getByText('This tenant is deactivated')).toBeVisible();
  await panel.getByRole('button', { name: 'Close panel' }).click();
  await expect(row).toContainText('Deactivated');

  // Refused: the storefront is gone and the owner sees the unauthorized page.
  expect((await admin.request.get(`/api/public/storefronts/${SLUG}`)).status()).toBe(404);
  await ownerPage.reload();
  await expect(
    ownerPage.getByText('Your account is not authorized for this action or is not active!'),
  ).toBeVisible();

  await row.getByRole('button', { name: `Open ${OUTLET}` }).click();
  await panel.getByRole('button', { name: 'Activate tenant' }).click();
  await admin
    .getByRole('dialog', { name: `Activate ${OUTLET}?` })
    .getByRole('button', { name: 'Activate tenant' })
    .click();
  await expect(panel.getByText('This tenant is deactivated')).toBeHidden();
  await panel.getByRole('button', { name: 'Close panel' }).click();
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Deactivated');
  expect((await admin.request.get(`/api/public/storefronts/${SLUG}`)).status()).toBe(200);
  await ownerPage.goto('/admin/dashboard/main-dashboard');
  await expect(ownerPage.getByText(`You are managing ${OUTLET}.`)).toBeVisible();

  await admin.getByRole('link', { name: 'Unverified tickets' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Unverified tickets' })).toBeVisible();
  await expect(admin.getByRole('combobox', { name: 'Waiting longer than' })).toBeVisible();
  await admin.context().close();
});

test('a captured reset e-mail sets a new password once and ends the old session', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await page.goto('/auth/loginlanding');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The issuer's "forgot password" (AADB2C90118): the app sends the user to the reset page.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('client_id')).toBe('admin-spa');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

  const mail = await mailTo(page, EMAIL, 'Reset your password');
  const link = linkOf(mail.text);
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();

  // Once only.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link no longer works' }),
  ).toBeVisible();

  // The old session has ended: the owner's tab leaves the admin and must sign in again (its
  // token is refused, its refresh token and the provider's session are gone).
  await ownerPage.reload();
  await expect(ownerPage).toHaveURL(/\/(auth\/loginlanding|oidc\/interaction\/[\w-]+)$/);
  if (ownerPage.url().includes('/oidc/interaction/')) {
    await expect(ownerPage.getByLabel('Password')).toBeVisible();
  }

  // The new password signs in; Spanish picked on the sign-in page carries over to the admin.
  await page.goto('/auth/login');
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('link', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(
    page.getByText('El correo electrónico o la contraseña no son correctos.'),
  ).toBeVisible();
  await page.getByLabel('Contraseña').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();
});

test('the new screens in Arabic, wide and narrow', async ({ browser }, testInfo) => {
  for (const size of SCREEN_SIZES) {
    const page = await newPage(browser, { width: size.width, height: size.height });
    await page.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
    await signInAt(page, '/auth/login', 'admin@demo.local');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'العلامات التجارية' })).toBeVisible();
    await shoot(page, testInfo, `tenants-ar-${size.name}`, 'platform');
    await page.goto('/admin/unverifiedtickets');
    await expect(
      page.getByRole('heading', { level: 1, name: 'الطلبات غير المؤكدة' }),
    ).toBeVisible();
    await shoot(page, testInfo, `unverified-ar-${size.name}`, 'platform');
    await page.context().close();

    const owner = await newPage(browser, { width: size.width, height: size.height });
    await owner.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
    await signInAt(owner, '/auth/login', EMAIL, NEW_PASSWORD);
    await owner.reload();
    await expect(owner.getByTestId('email-verify-banner')).toBeVisible();
    await shoot(owner, testInfo, `owner-banner-ar-${size.name}`, 'platform');
    await owner.context().close();
  }
});
