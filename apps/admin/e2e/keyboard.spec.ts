import { expect, test, type Locator, type Page } from '@playwright/test';
import { keyboardMove } from './drag.ts';
import { DEMO_PASSWORD } from '../../../tools/e2e/auth.ts';
import {
  accessToken,
  demoWorld,
  focusIndicator,
  focusedName,
  loading,
  placePickupOrder,
  tabTo,
} from './a11y.ts';

/**
 * Issue 21: the main jobs with the keyboard alone (no mouse after a page is opened): sign in,
 * start live orders, open and accept an order, edit an item and its variants, reorder a list,
 * switch an outlet. Every Tab stop shows a focus ring, focus returns to what opened a dialog or
 * a side panel, and Tab always gets out of a page (no keyboard trap).
 */

const OWNER = 'owner@demo.local';

/** Signs in from the login landing with Tab, typing and Enter only. */
async function signInByKeyboard(page: Page, email = OWNER) {
  await page.goto('/auth/loginlanding');
  await tabTo(page, page.getByRole('button', { name: 'Login' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/oidc\/interaction\//);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/admin/'));
}

/** The live regions a screen reader hears: snackbar messages are statuses or alerts. */
const announced = (page: Page, text: string | RegExp) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first();

/**
 * Tabs through the whole page: every stop shows a ring, and focus leaves the page (or comes
 * back round to where it started) within `max` presses, so nothing holds it.
 */
async function expectNoTrap(page: Page, max = 250) {
  await page.locator('body').focus();
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      el.setAttribute('data-tab-seen', el.getAttribute('data-tab-seen') ?? String(Math.random()));
      return el.getAttribute('data-tab-seen');
    });
    if (where === null || seen[0] === where) return;
    expect(
      await focusIndicator(page),
      `no visible focus on ${await focusedName(page)}`,
    ).not.toBeNull();
    seen.push(where);
  }
  throw new Error(`focus never left the page in ${max} Tab presses: ${await focusedName(page)}`);
}

/** The focused element is `target` (or inside it). */
const expectFocusOn = async (target: Locator) =>
  expect
    .poll(() =>
      target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)),
    )
    .toBe(true);

test.describe.configure({ timeout: 180_000 });

test('signs in, starts live orders, opens and accepts an order with the keyboard alone', async ({
  page,
}) => {
  await signInByKeyboard(page);
  const ticket = await placePickupOrder(page.request, await accessToken(page), 'Keyboard');

  await page.goto('/admin/tickets/manage');
  await tabTo(page, page.getByRole('button', { name: 'Start Live Orders' }));
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: `Order #${ticket.ticketNumber}, Not Accepted` });
  await expect(row).toBeVisible();
  await expectNoTrap(page);

  await tabTo(page, row);
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: `Order #${ticket.ticketNumber}` });
  await expect(sheet).toBeVisible();
  // Focus moved into the sheet; Tab stays in it (a modal) and reaches its actions.
  await expectFocusOn(sheet);
  await tabTo(page, sheet.getByRole('button', { name: 'Accept' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `Accept order #${ticket.ticketNumber}?` });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Accept' }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  // Heard as well as seen: the snackbar is a live region.
  await expect(announced(page, `Order #${ticket.ticketNumber} accepted`)).toBeVisible();
  await expect(sheet.getByText('In Progress').first()).toBeVisible();
  // The Accept button is gone: focus stays in the sheet, on its next action.
  await expectFocusOn(sheet);

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // Back on the row that opened it.
  await expectFocusOn(
    page.getByRole('row', { name: `Order #${ticket.ticketNumber}, In Progress` }),
  );

  // An order that arrives now is heard, not only seen and chimed.
  const next = await placePickupOrder(page.request, await accessToken(page), 'Keyboard');
  await expect(announced(page, `New order #${next.ticketNumber}`)).toBeVisible();
});

test.describe('the menu', () => {
  const title = `Kbd ${Date.now().toString(36)}`;
  let catalogBase = '';
  let headers: Record<string, string> = {};
  const created: { sectionId?: string; itemIds: string[] } = { itemIds: [] };

  test.afterEach(async ({ request }) => {
    // What the test made goes again, so the other specs see the demo menu as it was.
    for (const id of created.itemIds)
      await request.delete(`${catalogBase}/catalogitems/${id}`, { headers });
    if (created.sectionId)
      await request.delete(`${catalogBase}/categories/${created.sectionId}`, { headers });
  });

  test('edits an item and its variants, and reorders items, with the keyboard alone', async ({
    page,
  }) => {
    await signInByKeyboard(page);
    const { tenantId } = await demoWorld(page.request);
    catalogBase = `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs`;
    headers = { authorization: `Bearer ${await accessToken(page)}` };
    const text = (value: string) => ({ fieldValue: value, en: value });
    const section = await page.request.post(`${catalogBase}/categories`, {
      headers,
      data: { localizedTitle: text(title) },
    });
    expect(section.status(), await section.text()).toBe(201);
    created.sectionId = ((await section.json()) as { results: { id: string } }).results.id;
    for (const [name, price] of [
      ['Mint tea', '1.250'],
      ['Sage tea', '1.500'],
    ] as const) {
      const item = await page.request.post(`${catalogBase}/catalogitems`, {
        headers,
        data: {
          categories: [created.sectionId],
          localizedTitle: text(name),
          variants: [{ price, localizedTitle: text(''), position: 0 }],
        },
      });
      expect(item.status(), await item.text()).toBe(201);
      created.itemIds.push(((await item.json()) as { results: { id: string } }).results.id);
    }

    await page.goto(`/admin/catalog/v2/categories/${created.sectionId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoTrap(page);

    // The item editor: a second variant, a new price, the variants swapped by keyboard.
    const edit = page.getByRole('button', { name: 'Edit Mint tea' });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const editor = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(editor).toBeVisible();
    await tabTo(page, editor.getByRole('textbox', { name: 'Variant 1 price' }));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1.750');
    await tabTo(page, editor.getByRole('button', { name: 'Add variant' }));
    await page.keyboard.press('Enter');
    await tabTo(page, editor.getByRole('textbox', { name: 'Variant 1 title' }), { back: true });
    await page.keyboard.type('Small');
    await tabTo(page, editor.getByRole('textbox', { name: 'Variant 2 title' }));
    await page.keyboard.type('Pot');
    await tabTo(page, editor.getByRole('textbox', { name: 'Variant 2 price' }));
    await page.keyboard.type('4');
    await tabTo(page, editor.getByRole('button', { name: 'Reorder variant 2' }), { back: true });
    await keyboardMove(page, -1);
    await expect(editor.getByRole('textbox', { name: 'Variant 1 title' })).toHaveValue('Pot');
    await expect(editor.getByRole('textbox', { name: 'Variant 2 price' })).toHaveValue('1.750');
    await tabTo(page, editor.getByRole('button', { name: 'Save & close' }));
    await page.keyboard.press('Enter');
    await expect(announced(page, /Updated successfully/)).toBeVisible();
    await expect(editor).toBeHidden();
    await expectFocusOn(edit);
    await expect(page.getByRole('main')).toContainText('Starts from');

    // Reorder the items of the section: Sage tea first.
    const sort = page.getByRole('button', { name: `Sort Menu Items in ${title}` });
    await tabTo(page, sort, { back: true });
    await page.keyboard.press('Enter');
    const order = page.getByRole('dialog', { name: 'Order Items' });
    await expect(order).toBeVisible();
    await tabTo(page, order.getByRole('button', { name: 'Move Sage tea' }));
    await keyboardMove(page, -1);
    await expect(order.getByRole('listitem').first()).toContainText('Sage tea');
    await tabTo(page, order.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(announced(page, 'Updated successfully')).toBeVisible();
    await expect(order).toBeHidden();
    await expectFocusOn(sort);
    await page.reload();
    const items = page.getByRole('list', { name: `Items in ${title}` });
    await expect(items.getByRole('listitem').first()).toContainText('Sage tea');
  });
});

test('switches an outlet with the keyboard alone, and keeps it open when the close is cancelled', async ({
  page,
}) => {
  await signInByKeyboard(page);
  await page.goto('/admin/settings');
  const abdoun = page.getByRole('region', { name: 'Abdoun' });
  await expect(abdoun).toBeVisible();
  await expectNoTrap(page);

  // Switched one way and back, so the outlet ends as it was found.
  const accepting = abdoun.getByRole('switch', { name: 'Accept orders' });
  const before = await accepting.isChecked();
  await tabTo(page, accepting);
  await page.keyboard.press('Space');
  await expect(accepting).toBeChecked({ checked: !before });
  await expect(announced(page, 'Abdoun: status updated')).toBeVisible();
  // Saving keeps the focus on the switch: the next Space switches it back.
  await expectFocusOn(accepting);
  await expect(accepting).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Space');
  await expect(accepting).toBeChecked({ checked: before });

  // Closing asks first; Escape keeps the outlet open and focus on the switch.
  const close = abdoun.getByRole('switch', { name: 'Close outlet' });
  await tabTo(page, close, { back: true });
  await page.keyboard.press('Space');
  const confirm = page.getByRole('dialog', { name: 'Close Abdoun?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(close).not.toBeChecked();
  await expectFocusOn(close);
});

test('every owner page can be tabbed through with a visible focus and no trap', async ({
  page,
}) => {
  await signInByKeyboard(page);
  for (const path of [
    '/admin/dashboard/main-dashboard',
    '/admin/catalog/v2/categories',
    '/admin/catalog/modifiergroups/manage',
    '/admin/marketing/discounts/new',
    '/admin/settings/profile',
    '/admin/settings/branding',
    '/admin/reports/all-tickets',
    '/admin/catalog/pos-map-integrated-items',
    '/admin/bulk-upload',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(loading(page)).toHaveCount(0);
    await test.step(path, () => expectNoTrap(page));
  }
});
