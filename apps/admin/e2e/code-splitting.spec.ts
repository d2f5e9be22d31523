import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../../tools/e2e/auth.ts';

// The page's own recovery is what is tried here. A service worker's fetches are not seen by
// page.route, so it is left out; it answers a missing chunk with the same 404 anyway.
test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

/** The scripts this tab has fetched so far, and a count of the documents it has loaded. */
function watch(page: Page) {
  const scripts = new Set<string>();
  const seen = { loads: 0 };
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  page.on('load', () => (seen.loads += 1));
  return { scripts, seen };
}

/** Fails the scripts this tab has not fetched yet (a release replaced them): `times` of them. */
async function failNewScripts(page: Page, known: Set<string>, times = Infinity) {
  let failed = 0;
  await page.route('**/assets/*.js', async (route) => {
    if (known.has(route.request().url()) || failed >= times) return route.continue();
    failed += 1;
    return route.fulfill({ status: 404, body: 'gone' });
  });
}

/** Signs the owner in, watched, and waits for the dashboard to have fetched all it needs. */
async function signedInOnDashboard(page: Page) {
  const { scripts, seen } = watch(page);
  await signIn(page, 'owner@demo.local');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return { scripts, seen, loadsBefore: seen.loads };
}

const openModifierGroups = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Modifier groups' })
    .click();

test.describe('each area loads on its route; a chunk that fails to load (spec §8)', () => {
  test('the sign-in landing loads no admin page, the drag and drop nor the OIDC library', async ({
    page,
  }) => {
    const { scripts } = watch(page);
    await page.goto('/auth/loginlanding');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const names = [...scripts].map((url) => new URL(url).pathname.replace('/assets/', ''));
    expect(names.length).toBeGreaterThan(0);
    for (const unwanted of [/^admin-/, /-page-/, /oidc-client-ts/, /DragIndicator|sortable/]) {
      expect(names.filter((name) => unwanted.test(name))).toEqual([]);
    }
  });

  test('reloads the page once when a chunk is gone after a release, and the page then opens', async ({
    page,
  }) => {
    const { scripts, seen, loadsBefore } = await signedInOnDashboard(page);
    await failNewScripts(page, new Set(scripts), 1);
    await openModifierGroups(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Modifier groups' })).toBeVisible();
    expect(seen.loads - loadsBefore).toBe(1);
    await expect(page).toHaveURL('/admin/catalog/modifiergroups/manage');
  });

  test('a chunk that stays missing shows the page error after one reload, not a reload loop', async ({
    page,
  }) => {
    const { scripts, seen, loadsBefore } = await signedInOnDashboard(page);
    await failNewScripts(page, new Set(scripts));
    await openModifierGroups(page);
    await expect(page.getByText('Something went wrong while loading this page.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await page.waitForTimeout(2_000);
    expect(seen.loads - loadsBefore).toBe(1);
  });
});
