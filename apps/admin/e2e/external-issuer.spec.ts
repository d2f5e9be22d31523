import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors } from './console-errors.ts';
import { OAuth2Issuer } from 'oauth2-mock-server';
import { menuLinks } from '../../../tools/e2e/auth.ts';
import { ORDER_TAKER_MENU } from '../src/test/role-menus.ts';
import {
  AUDIENCE,
  CLIENT_ID,
  failedStart,
  RESET_POLICY,
  startExternalIssuer,
  startServerWithIssuer,
  type ExternalIssuer,
  type RelyingServer,
} from './external-issuer.ts';

// Sign-in through an external OpenID Connect issuer on another origin (issue 22): this file
// starts the issuer and a copy of our built server configured for it; the config's own server
// (embedded provider) is not used here. The copy listens on E2E_PORT + 10 unless told.
const port = Number(process.env.E2E_EXTERNAL_PORT ?? Number(process.env.E2E_PORT ?? 18090) + 10);
const app = `http://localhost:${port}`;

test.use({ baseURL: app, viewport: { width: 1280, height: 800 } });
test.describe.configure({ mode: 'serial' });

let issuer: ExternalIssuer;
let server: RelyingServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  issuer = await startExternalIssuer();
  // Only the variables docs/deployment.md documents for Azure AD B2C.
  server = await startServerWithIssuer(port, {
    OIDC_ISSUER: issuer.authority,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_SCOPE: `openid profile offline_access ${AUDIENCE}/access`,
    OIDC_EMAIL_CLAIM: 'emails',
    OIDC_ROLE_CLAIM: 'roles',
    OIDC_PASSWORD_RESET_URL: issuer.passwordResetUrl,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await issuer?.stop();
});

// Whatever the flow, the app logs no error: a CSP refusal of the issuer would show here.
const consoleErrors = failOnConsoleErrors();

const issuerPage = (page: Page) => page.getByRole('heading', { level: 1, name: 'Contoso sign-in' });

/** Fills the issuer's sign-in page and presses one of its buttons. */
async function atIssuer(page: Page, email: string, button = 'Sign in') {
  await expect(issuerPage(page)).toBeVisible();
  expect(new URL(page.url()).origin).toBe(issuer.origin);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: button }).click();
}

async function signIn(page: Page, email: string) {
  await page.goto('/auth/loginlanding');
  await page.getByRole('button', { name: 'Login' }).click();
  await atIssuer(page, email);
  await page.waitForURL(
    (url) => url.origin === app && /^\/(admin|auth\/unauthorized)/.test(url.pathname),
  );
}

test('the owner signs in at the issuer and lands on the dashboard', async ({ page }) => {
  const landing = await page.goto('/auth/loginlanding');
  // The policy lets the browser reach the issuer's origin (discovery and token endpoint).
  expect(landing?.headers()['content-security-policy']).toMatch(
    new RegExp(`connect-src [^;]*${issuer.origin.replace(/[.:/]/g, '\\$&')}`),
  );
  await signIn(page, 'owner@demo.local');
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome, Lina Haddad')).toBeVisible();
  await expect(page.getByText('You are managing Al Bayt Kitchen.')).toBeVisible();
  expect(await menuLinks(page)).toContain('Branch/store settings');
});

test("roles come from our memberships, not the issuer's role claim", async ({ page }) => {
  // The issuer says StoreOwner in `roles`; staff@demo.local is an order taker here.
  await signIn(page, 'staff@demo.local');
  await expect(page).toHaveURL('/admin/tickets/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();
  expect(await menuLinks(page)).toEqual(ORDER_TAKER_MENU);
  await page.goto('/admin/dashboard/main-dashboard');
  await expect(page).toHaveURL('/auth/unauthorized');
});

test('someone the issuer knows but we do not lands on the unauthorized page', async ({ page }) => {
  await signIn(page, 'stranger@example.com');
  await expect(page).toHaveURL('/auth/unauthorized');
  await expect(
    page.getByText('Your account is not authorized for this action or is not active!'),
  ).toBeVisible();
  await expect(page.getByText(/Please contact the support team at/)).toBeVisible();
  // The browser reports the API's 403 for /users/me; nothing else may fail.
  consoleErrors.drop(/status of 403/);
});

test('the access token is renewed silently before it expires', async ({ page }) => {
  // 70 s tokens: renewal starts 60 s before expiry, so about 10 s after sign-in.
  issuer.setTokenLifetime(70);
  try {
    await signIn(page, 'owner@demo.local');
    await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
    const tokenBefore = await storedAccessToken(page);
    const renewal = await page.waitForResponse(
      (res) =>
        res.url().startsWith(issuer.origin) &&
        res.request().method() === 'POST' &&
        (res.request().postData() ?? '').includes('grant_type=refresh_token'),
      { timeout: 30_000 },
    );
    expect(renewal.status()).toBe(200);
    await expect.poll(() => storedAccessToken(page)).not.toBe(tokenBefore);
    // Still signed in, and the API takes the new token.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Live orders' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();
    const me = await page.request.get('/api/admin/users/me', {
      headers: { authorization: `Bearer ${await storedAccessToken(page)}` },
    });
    expect(me.status()).toBe(200);
  } finally {
    issuer.setTokenLifetime(600);
  }
});

async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key
      ? ((JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string })
          .access_token ?? null)
      : null;
  });
}

test('signing out ends the session at the issuer', async ({ context, page }) => {
  await signIn(page, 'owner@demo.local');
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');

  // While the issuer's session lasts, another tab signs in without its sign-in page.
  const tab = await context.newPage();
  await tab.goto('/auth/loginlanding');
  await tab.getByRole('button', { name: 'Login' }).click();
  await expect(tab).toHaveURL('/admin/dashboard/main-dashboard');
  await tab.close();

  await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Logout').click();
  await expect(page).toHaveURL('/auth/loginlanding');
  const call = issuer.endSessionCalls.at(-1);
  expect(call?.postLogoutRedirectUri).toBe(`${app}/auth/logoutcallback`);
  expect(call?.idTokenHint).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  // The issuer forgot the session: Login asks who you are again.
  await page.getByRole('button', { name: 'Login' }).click();
  await atIssuer(page, 'owner@demo.local');
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
});

test('"forgot password" at the issuer goes through its password reset and signs in', async ({
  page,
}) => {
  await page.goto('/auth/loginlanding');
  await page.getByRole('button', { name: 'Login' }).click();
  await atIssuer(page, 'owner@demo.local', 'Forgot your password?');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  // Spec §7.6: client id, redirect uri, policy, scope openid, response type id_token, prompt login.
  expect(issuer.resetCalls.at(-1)).toMatchObject({
    p: RESET_POLICY,
    client_id: CLIENT_ID,
    redirect_uri: `${app}/auth/authcallback`,
    scope: 'openid',
    response_type: 'id_token',
    prompt: 'login',
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/admin/dashboard/main-dashboard');
  await expect(page.getByText('Welcome, Lina Haddad')).toBeVisible();
});

test('cancelling at the issuer returns to the login landing', async ({ page }) => {
  await page.goto('/auth/loginlanding');
  await page.getByRole('button', { name: 'Login' }).click();
  await atIssuer(page, '', 'Cancel');
  await expect(page).toHaveURL('/auth/loginlanding');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('the API refuses tokens for another audience or from another issuer', async ({ request }) => {
  const me = async (token: string) =>
    (
      await request.get('/api/admin/users/me', { headers: { authorization: `Bearer ${token}` } })
    ).status();
  expect(await me(await issuer.accessToken('owner@demo.local'))).toBe(200);
  expect(await me(await issuer.accessToken('owner@demo.local', { aud: 'api://another-app' }))).toBe(
    401,
  );
  // The authority's URL is not the `iss` the issuer's discovery names.
  expect(await me(await issuer.accessToken('owner@demo.local', { iss: issuer.authority }))).toBe(
    401,
  );
  // Another issuer with its own keys, claiming to be this one.
  const impostor = new OAuth2Issuer();
  await impostor.keys.generate('RS256');
  impostor.url = issuer.issuer;
  const forged = await impostor.buildToken({
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, { sub: 'b2c-owner', email: 'owner@demo.local', aud: AUDIENCE });
    },
  });
  expect(await me(forged)).toBe(401);
});

test('a wrong issuer stops the server at start, naming OIDC_ISSUER', async () => {
  test.setTimeout(120_000);
  // It stops before listening, so the port of the running copy is no obstacle.
  const { code, output } = await failedStart(port, {
    OIDC_ISSUER: `${issuer.origin}/nowhere/v2.0/`,
    OIDC_CLIENT_ID: CLIENT_ID,
  });
  expect(code).not.toBe(0);
  expect(output).toContain(
    `OIDC_ISSUER: cannot read the issuer's discovery document at ${issuer.origin}/nowhere/v2.0/.well-known/openid-configuration (HTTP 404)`,
  );
});
