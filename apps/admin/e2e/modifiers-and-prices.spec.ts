import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { failOnConsoleErrors } from './console-errors.ts';
import { accessToken, signIn } from '../../../tools/e2e/auth.ts';
import { EMPTY_SAVE_MESSAGES } from '../src/features/price-adjustments/test/fixtures.ts';

/**
 * Modifier groups and price adjustments (issue 5) in a real browser against the real server.
 * Everything is created here under unique names on an item of its own, and removed at the end
 * (also when a step fails), so the prices other specs see never change.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const MODIFIER_GROUPS = '/admin/catalog/modifiergroups/manage';
const PRICE_ADJUSTMENTS = '/admin/catalog/price-adjustments';
const CATALOG = '/admin/catalog/v2/categories';

// The refused delete (409) and the validation answers (422) are logged by the browser.
failOnConsoleErrors((text) => /status of (409|422)/.test(text));

const snackbar = (page: Page, text: string | RegExp) =>
  expect(
    // A snackbar's message is a live region: a status, or an alert for an error.
    page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first(),
  ).toBeVisible();

/** What this spec created (the URLs the server answered 201 at), to remove at the end. */
type Created = { url: string; id: string };

function recordCreations(page: Page, created: Created[]) {
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || response.status() !== 201) return;
    const url = response.url().replace(/\/$/, '');
    if (!/\/(modifiergroups|catalogitems|price-adjustments)$/.test(url)) return;
    const body = (await response.json().catch(() => null)) as { results?: { id?: string } };
    if (body?.results?.id) created.push({ url, id: body.results.id });
  });
}

/** Deletes what was created, newest first (adjustments, then the item, then the group). */
async function cleanUp(request: APIRequestContext, token: string, created: Created[]) {
  const order = (c: Created) =>
    c.url.endsWith('price-adjustments') ? 0 : c.url.endsWith('catalogitems') ? 1 : 2;
  for (const c of [...created].sort((a, b) => order(a) - order(b))) {
    const res = await request.delete(`${c.url}/${c.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([200, 404], `DELETE ${c.url}/${c.id}`).toContain(res.status());
  }
}

test('the owner builds a modifier group, attaches it, and adjusts prices by priority', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const groupName = `E2E sauces ${stamp}`;
  const groupTitle = `Sauce ${stamp}`;
  const itemTitle = `E2E wrap ${stamp}`;
  const percentName = `Dlv up ${stamp}`;
  const flatName = `Flat off ${stamp}`;
  const created: Created[] = [];
  recordCreations(page, created);
  await signIn(page, 'owner@demo.local');

  try {
    // A modifier group with three items.
    await page.goto(MODIFIER_GROUPS);
    await expect(page.getByRole('heading', { level: 1, name: 'Modifier groups' })).toBeVisible();
    await page.getByRole('button', { name: 'Add new group' }).click();
    const add = page.getByRole('dialog', { name: 'Add choice and modifier' });
    await expect(add.getByText('Not used yet!')).toBeVisible();
    // No name, no items.
    await expect(add.getByRole('button', { name: 'Add item modifier' })).toHaveCount(0);
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill(groupName);
    await add.getByRole('textbox', { name: 'Title', exact: true }).fill(groupTitle);
    await add.getByRole('spinbutton', { name: 'Maximum quantity' }).fill('3');
    const choices = [
      ['Garlic', '0'],
      ['Tahini', '0.25'],
      ['Hot sauce', '0.5'],
    ] as const;
    for (const [index, [text, price]] of choices.entries()) {
      await add.getByRole('button', { name: 'Add item modifier' }).click();
      await add.getByRole('textbox', { name: `Modifier item ${index + 1}` }).fill(text);
      await add.getByRole('textbox', { name: `Price of item ${index + 1}` }).fill(price);
    }
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await snackbar(page, 'Created successfully');
    const edit = page.getByRole('dialog', { name: 'Edit choice and modifier' });
    await expect(edit.getByRole('textbox', { name: 'Modifier item 3' })).toHaveValue('Hot sauce');
    await edit.getByRole('button', { name: 'Close panel' }).click();
    await expect(edit).toBeHidden();

    // An item of its own in Sandwiches, with the group attached in the item editor.
    await page.goto(CATALOG);
    await page.getByRole('link', { name: 'Mains', exact: true }).click();
    const sandwiches = page.getByRole('region', { name: 'Sandwiches' });
    await sandwiches.getByRole('button', { name: 'Create New Item in Sandwiches' }).click();
    const addItem = page.getByRole('dialog', { name: 'Add Item' });
    await addItem.getByRole('textbox', { name: 'Title', exact: true }).fill(itemTitle);
    await addItem.getByRole('textbox', { name: 'Variant 1 price' }).fill('5');
    await addItem.getByRole('combobox', { name: 'Add modifier group' }).click();
    // The title with the group's name: groups titled alike are told apart.
    const label = `${groupTitle} · ${groupName}`;
    await page.getByRole('option', { name: label, exact: true }).click();
    await expect(addItem.getByTestId('modifier-group-0')).toHaveText(label);
    await addItem.getByRole('button', { name: 'Save & close' }).click();
    await snackbar(page, 'Created successfully');
    await expect(addItem).toBeHidden();

    // The group now lists the item, and cannot be deleted while it is used.
    await page.goto(MODIFIER_GROUPS);
    await page.getByRole('button', { name: `Edit ${groupName}` }).click();
    const used = page.getByRole('dialog', { name: 'Edit choice and modifier' });
    const linked = used.getByRole('region', { name: 'Used in the following Items' });
    await expect(linked.getByText(itemTitle)).toBeVisible();
    await used.getByRole('button', { name: 'Close panel' }).click();
    await page.getByRole('button', { name: `Delete ${groupName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete modifier group' });
    await confirm.getByRole('button', { name: 'Delete group' }).click();
    await snackbar(page, 'Unable to delete: this group is still used by items.');
    await expect(page.getByRole('button', { name: `Edit ${groupName}` })).toBeVisible();

    // A 10% increase for delivery with priority 2; the form's rules first.
    await page.goto(PRICE_ADJUSTMENTS);
    await expect(page.getByRole('heading', { level: 1, name: 'Price adjustments' })).toBeVisible();
    await page.getByRole('link', { name: 'Add price adjustment' }).click();
    await expect(page).toHaveURL(`${PRICE_ADJUSTMENTS}/new`);
    await page.getByRole('tab', { name: 'Menu Items' }).click();
    await expect(
      page.getByText('Save the price adjustment first, then you can choose its menu items.'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of EMPTY_SAVE_MESSAGES) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByRole('radio', { name: 'Override (coming soon)' })).toBeDisabled();
    await fillAdjustment(page, {
      name: percentName,
      type: 'Percentage',
      direction: 'Increase',
      amount: '10',
      template: 'Delivery',
      priority: '2',
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Price adjustment created successfully');
    await expect(page).toHaveURL(new RegExp(`${PRICE_ADJUSTMENTS}/[0-9a-f-]{36}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Edit price adjustment' }),
    ).toBeVisible();
    await addMenuItem(page, itemTitle);
    const row = page.getByRole('row').filter({ hasText: itemTitle });
    await expect(row.getByRole('cell').nth(1)).toHaveText(/JOD\s?5\.000/);
    await expect(row.getByTestId('new-price')).toHaveText(/JOD\s?5\.500/);

    // The same name again is refused by the server.
    await page.goto(`${PRICE_ADJUSTMENTS}/new`);
    await fillAdjustment(page, {
      name: percentName.toUpperCase(),
      type: 'Flat',
      direction: 'Decrease',
      amount: '1',
      template: 'Delivery',
      priority: '1',
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Price adjustment already exists');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    // A flat decrease with priority 1 on the same variant wins.
    await page.getByRole('textbox', { name: 'Name' }).fill(flatName);
    await page.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Price adjustment created successfully');
    await expect(page).toHaveURL(new RegExp(`${PRICE_ADJUSTMENTS}/[0-9a-f-]{36}$`));
    await addMenuItem(page, itemTitle);
    await expect(
      page.getByRole('row').filter({ hasText: itemTitle }).getByTestId('new-price'),
    ).toHaveText(/JOD\s?4\.000/);

    // Back on the 10% increase, the new price follows priority 1.
    await page.goto(PRICE_ADJUSTMENTS);
    const percentCard = page.getByRole('listitem').filter({ hasText: percentName });
    await expect(percentCard).toContainText('Increase 10%');
    await expect(percentCard).toContainText('Priority 2');
    await expect(percentCard).toContainText('Applied on: Delivery');
    await expect(page.getByRole('listitem').filter({ hasText: flatName })).toContainText(
      /Decrease JOD\s?1\.000/,
    );
    await page.getByRole('link', { name: `Edit ${percentName}` }).click();
    await page.getByRole('tab', { name: 'Menu Items' }).click();
    const newPrice = page.getByRole('row').filter({ hasText: itemTitle }).getByTestId('new-price');
    await expect(newPrice).toContainText(/JOD\s?4\.000/);
    await expect(newPrice).toContainText(`${flatName} applies (priority 1)`);

    // Deleting asks first.
    await page.goto(PRICE_ADJUSTMENTS);
    await page.getByRole('button', { name: `Delete ${flatName}` }).click();
    const sure = page.getByRole('dialog', { name: 'Delete price adjustment' });
    await expect(
      sure.getByText('Are you sure you want to delete this price adjustment?'),
    ).toBeVisible();
    await sure.getByRole('button', { name: 'Delete' }).click();
    await snackbar(page, 'Price adjustment deleted successfully');
    await expect(page.getByRole('listitem').filter({ hasText: flatName })).toHaveCount(0);
  } finally {
    await cleanUp(page.request, await accessToken(page), created);
  }
});

async function fillAdjustment(
  page: Page,
  a: {
    name: string;
    type: 'Percentage' | 'Flat';
    direction: 'Increase' | 'Decrease';
    amount: string;
    template: string;
    priority: string;
  },
) {
  await page.getByRole('textbox', { name: 'Name' }).fill(a.name);
  await page.getByRole('radio', { name: a.type === 'Flat' ? 'Flat amount' : a.type }).check();
  await page.getByRole('radio', { name: a.direction }).check();
  await page.getByRole('textbox', { name: 'Amount' }).fill(a.amount);
  await page.getByRole('checkbox', { name: a.template }).check();
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: a.priority, exact: true }).click();
}

async function addMenuItem(page: Page, itemTitle: string) {
  await page.getByRole('tab', { name: 'Menu Items' }).click();
  await page.getByRole('button', { name: 'Add menu items' }).click();
  const picker = page.getByRole('dialog', { name: 'Select items' });
  await picker.getByRole('searchbox', { name: 'Search items' }).fill(itemTitle);
  await picker.getByRole('checkbox', { name: new RegExp(itemTitle) }).check();
  await picker.getByRole('button', { name: 'Add selected items' }).click();
  await snackbar(page, 'Price adjustment updated successfully');
}

test('the manager manages modifier groups but not price adjustments', async ({ page }) => {
  const created: Created[] = [];
  recordCreations(page, created);
  const name = `Mgr group ${String(Date.now()).slice(-6)}`;
  await signIn(page, 'manager@demo.local');
  try {
    await page.goto(MODIFIER_GROUPS);
    await page.getByRole('button', { name: 'Add new group' }).click();
    const add = page.getByRole('dialog', { name: 'Add choice and modifier' });
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await add.getByRole('textbox', { name: 'Title', exact: true }).fill(name);
    await add.getByRole('button', { name: 'Add item modifier' }).click();
    await add.getByRole('textbox', { name: 'Modifier item 1' }).fill('Extra cheese');
    await add.getByRole('button', { name: 'Save & close' }).click();
    await snackbar(page, 'Created successfully');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete modifier group' })
      .getByRole('button', { name: 'Delete group' })
      .click();
    await snackbar(page, 'Deleted successfully');
    await expect(page.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);

    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
        name: 'Price adjustments',
      }),
    ).toHaveCount(0);
    await page.goto(PRICE_ADJUSTMENTS);
    await expect(page).toHaveURL('/auth/unauthorized');
  } finally {
    await cleanUp(page.request, await accessToken(page), created);
  }
});
