import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Signs in from the login landing through the provider's own sign-in page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/loginlanding');
  await page.getByRole('button', { name: 'Login' }).click();
  await fillSignInPage(page, email, password);
}

/** Opens `path` signed out, signs in on the provider's page (in English) and lands back. */
export async function signInAt(
  page: Page,
  path: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.goto(`${page.url()}?lang=en`);
  await fillSignInPage(page, email, password);
}

/** The signed-in tab's access token (oidc-client-ts keeps the user in sessionStorage). */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string })
      : {};
  });
  if (!token.access_token) throw new Error('not signed in');
  return token.access_token;
}

/** Fills the provider's sign-in page (in English) and waits to be back in the app. */
export async function fillSignInPage(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/oidc\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => /^\/(admin|signup)\//.test(url.pathname));
}

/** The link names of the side menu, top to bottom. */
export async function menuLinks(page: Page, navName = 'Main navigation'): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: navName });
  await expect(nav.getByRole('link').last()).toBeVisible();
  const texts = await nav.getByRole('link').allInnerTexts();
  // Without the live orders badge's count, which depends on the orders other specs left.
  return texts.map((text) =>
    text
      .split('\n')
      .filter((line) => !/^\d+\+?$/.test(line.trim()))
      .join(' ')
      .trim(),
  );
}
