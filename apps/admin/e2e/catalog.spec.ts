import { deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { keyboardMove } from './drag.ts';
import { failOnConsoleErrors } from './console-errors.ts';
import { LANGS, SCREEN_SIZES, shoot } from './screenshots.ts';
import { signIn } from '../../../tools/e2e/auth.ts';

/**
 * Menu management (issue 4) in a real browser against the real server, as the demo owner and
 * then the demo manager; the screens in English and Arabic, wide and narrow, are saved under
 * test-results/catalog/ for a look and checked for sideways scrolling.
 */
test.use({ viewport: { width: 1280, height: 900 } });

failOnConsoleErrors();

const CATALOG = '/admin/catalog/v2/categories';

/** A small solid-colour PNG, encoded here so the test needs no image files. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill([r, g, b]).flat())]);
  const pixels = Buffer.concat(Array(height).fill(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const snackbar = (page: Page, text: string) =>
  expect(
    // A snackbar's message is a live region: a status, or an alert for an error.
    page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first(),
  ).toBeVisible();

async function openSection(page: Page, title: string) {
  await page.goto(CATALOG);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

const itemTitles = (list: Locator) => list.locator('h4');

test('the owner builds, schedules, hides, reorders and moves the menu', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'owner@demo.local');
  await page.goto(CATALOG);
  await expect(page.getByRole('heading', { level: 1, name: 'Main sections' })).toBeVisible();
  await expect(page.getByTestId('items-without-taxes')).toContainText('Manakish zaatar');

  // A main section, then a sub-section inside it.
  await page.getByRole('button', { name: 'Create a new Main Section' }).click();
  const addSection = page.getByRole('dialog', { name: 'Add Section' });
  await addSection.getByRole('textbox', { name: 'Title', exact: true }).fill('E2E Desserts');
  await addSection.getByRole('button', { name: 'Save' }).click();
  await snackbar(page, 'Created successfully');
  await expect(addSection).toBeHidden();
  await page.getByRole('link', { name: 'E2E Desserts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Desserts' })).toBeVisible();
  await page.getByRole('button', { name: 'Create New Section in E2E Desserts' }).click();
  const addSub = page.getByRole('dialog', { name: 'Add Section' });
  await expect(addSub.getByText('New section inside E2E Desserts')).toBeVisible();
  await addSub.getByRole('textbox', { name: 'Title', exact: true }).fill('Cakes');
  await addSub.getByRole('button', { name: 'Save' }).click();
  await expect(addSub).toBeHidden();
  const cakes = page.getByRole('region', { name: 'Cakes' });
  await expect(cakes).toBeVisible();

  // An item with two variants and a tax; after the create the editor is in edit mode.
  await cakes.getByRole('button', { name: 'Create New Item in Cakes' }).click();
  const addItem = page.getByRole('dialog', { name: 'Add Item' });
  await addItem.getByRole('textbox', { name: 'Title', exact: true }).fill('Chocolate cake');
  await addItem.getByRole('textbox', { name: 'Variant 1 title' }).fill('Slice');
  await addItem.getByRole('textbox', { name: 'Variant 1 price' }).fill('3.5');
  await addItem.getByRole('button', { name: 'Add variant' }).click();
  await addItem.getByRole('textbox', { name: 'Variant 2 title' }).fill('Whole');
  await addItem.getByRole('textbox', { name: 'Variant 2 price' }).fill('20');
  await addItem.getByRole('combobox', { name: 'Tax' }).click();
  await page.getByRole('option', { name: /VAT 16%/ }).click();
  await page.keyboard.press('Escape');
  await expect(addItem.getByRole('combobox', { name: 'Tax' })).toHaveText('VAT 16%');
  await addItem.getByRole('button', { name: 'Save', exact: true }).click();
  await snackbar(page, 'Created successfully');
  const editItem = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(editItem.getByRole('textbox', { name: 'Variant 2 price' })).toHaveValue('20');

  // A damaged file is named as such by the browser's own decoder; nothing opens or uploads.
  await editItem.getByTestId('image-file-input').setInputFiles({
    name: 'damaged.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([png(4, 4, [0, 0, 0]).subarray(0, 8), Buffer.from('not a picture')]),
  });
  await expect(editItem.getByRole('alert')).toHaveText(/could not be read as an image/);
  await expect(page.getByRole('dialog', { name: 'Crop image' })).toBeHidden();

  // An image for it, through the cropper.
  await editItem.getByTestId('image-file-input').setInputFiles({
    name: 'cake.png',
    mimeType: 'image/png',
    buffer: png(160, 100, [160, 82, 45]),
  });
  const cropper = page.getByRole('dialog', { name: 'Crop image' });
  await expect(cropper).toBeVisible();
  await cropper.getByRole('button', { name: 'Crop & upload' }).click();
  await expect(cropper).toBeHidden();
  await expect(editItem.getByRole('img', { name: 'Item image' })).toHaveAttribute(
    'src',
    /^\/uploads\/.+\.jpg$/,
  );
  await editItem.getByRole('button', { name: 'Save & close' }).click();
  await snackbar(page, 'Updated successfully');
  await expect(editItem).toBeHidden();
  const cakeCard = cakes.getByTestId(/^node-/).filter({ hasText: 'Chocolate cake' });
  await expect(cakeCard).toContainText(/Starts from JOD\s?3\.500/);
  await expect(cakeCard.locator('img')).toHaveAttribute('src', /^\/uploads\//);

  // A schedule: the overlap is refused, then a valid one is saved and the clock is highlighted.
  await cakes.getByRole('button', { name: 'Schedule of Cakes', exact: true }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule: Cakes' });
  await schedule.getByRole('button', { name: 'Add time slot on Monday' }).click();
  await schedule.getByRole('button', { name: 'Add time slot on Monday' }).click();
  await schedule.getByRole('textbox', { name: 'Opening time 1 on Monday' }).fill('12:00');
  await schedule.getByRole('textbox', { name: 'Closing time 1 on Monday' }).fill('15:00');
  const secondOpen = schedule.getByRole('textbox', { name: 'Opening time 2 on Monday' });
  await secondOpen.fill('14:00');
  await schedule.getByRole('textbox', { name: 'Closing time 2 on Monday' }).fill('16:00');
  await schedule.getByRole('button', { name: 'Save' }).click();
  await expect(secondOpen).toHaveAttribute('aria-invalid', 'true');
  await expect(
    schedule.getByText('This time range intersects with another time range'),
  ).toBeVisible();
  await secondOpen.fill('18:00');
  await schedule.getByRole('textbox', { name: 'Closing time 2 on Monday' }).fill('22:00');
  await schedule.getByRole('checkbox', { name: 'Closed' }).last().check();
  await schedule.getByRole('button', { name: 'Save' }).click();
  await snackbar(page, 'Updated successfully');
  await expect(schedule).toBeHidden();
  await expect(
    cakes.getByRole('button', { name: 'Schedule of Cakes (limited hours)' }),
  ).toBeVisible();

  // Hide the item, see it stay hidden after a reload, then show it again.
  await page.getByRole('switch', { name: 'Availability' }).check();
  // The switch flips once the optimistic update has run (a tick after the click), so click
  // and wait for it rather than uncheck(), which reads the state at once.
  const shown = page.getByRole('switch', { name: 'Show Chocolate cake on the menu' });
  await shown.click();
  await expect(shown).not.toBeChecked();
  await expect(cakeCard.getByText('Hidden', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(cakes.getByTestId(/^node-/).filter({ hasText: 'Chocolate cake' })).toContainText(
    'Hidden',
  );
  await page.getByRole('switch', { name: 'Availability' }).check();
  const visible = page.getByRole('switch', { name: 'Show Chocolate cake on the menu' });
  await expect(visible).not.toBeChecked();
  await visible.click();
  await expect(visible).toBeChecked();
  await page.reload();
  await expect(cakes.getByTestId(/^node-/).filter({ hasText: 'Chocolate cake' })).not.toContainText(
    'Hidden',
  );

  // Reorder the items of Breakfast with the keyboard; the order survives a reload.
  await openSection(page, 'Breakfast');
  const breakfastItems = page.getByRole('list', { name: 'Items in Breakfast' });
  await expect(itemTitles(breakfastItems)).toHaveText([
    'Hummus',
    'Falafel plate',
    'Manakish zaatar',
  ]);
  await page.getByRole('button', { name: 'Sort Menu Items in Breakfast' }).click();
  const orderItems = page.getByRole('dialog', { name: 'Order Items' });
  await orderItems.getByRole('button', { name: 'Move Hummus' }).focus();
  await keyboardMove(page, 2);
  await expect(orderItems.getByRole('listitem').last()).toContainText('Hummus');
  await orderItems.getByRole('button', { name: 'Save' }).click();
  await snackbar(page, 'Updated successfully');
  await page.reload();
  await expect(itemTitles(breakfastItems)).toHaveText([
    'Falafel plate',
    'Manakish zaatar',
    'Hummus',
  ]);

  // Reorder the main sections: E2E Desserts first; the order survives a reload.
  await page.goto(CATALOG);
  const mainLinks = page.getByTestId(/^main-section-/).getByRole('link');
  await expect(mainLinks).toHaveText(['Breakfast', 'Mains', 'Drinks', 'E2E Desserts']);
  await page.getByRole('button', { name: 'Section positions' }).click();
  const sortSections = page.getByRole('dialog', { name: 'Sort Sections' });
  await sortSections.getByRole('button', { name: 'Move E2E Desserts' }).focus();
  await keyboardMove(page, -3);
  await sortSections.getByRole('button', { name: 'Save' }).click();
  await snackbar(page, 'Updated successfully');
  await page.reload();
  await expect(mainLinks).toHaveText(['E2E Desserts', 'Breakfast', 'Mains', 'Drinks']);

  // Move Cakes into Drinks in the tree; the tree reloads and keeps it there.
  await page.getByRole('link', { name: 'Manage sections tree' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage catalog v2' })).toBeVisible();
  const drinks = page.locator('[data-title="Drinks"]');
  const drinksId = (await drinks.getAttribute('data-testid'))!.replace('tree-row-', '');
  const handle = page.getByRole('button', { name: 'Move Cakes (inside E2E Desserts)' });
  const from = (await handle.boundingBox())!;
  const to = (await drinks.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 20 });
  await expect(
    page.getByRole('status').filter({ hasText: 'Drop Cakes inside Drinks' }),
  ).toBeVisible();
  await page.mouse.up();
  await snackbar(page, 'Updated successfully');
  const movedCakes = page.locator('[data-title="Cakes"]');
  await expect(movedCakes).toHaveAttribute('data-parent-id', drinksId);
  await page.waitForTimeout(600);
  await page.reload();
  await expect(movedCakes).toHaveAttribute('data-parent-id', drinksId);
  await expect(movedCakes).toHaveAttribute('data-depth', '1');

  // A section with sub-sections cannot leave its parent: the drop is refused in the browser.
  const mainsHandle = (await page.getByRole('button', { name: 'Move Mains' }).boundingBox())!;
  const target = (await page.locator('[data-title="Breakfast"]').boundingBox())!;
  await page.mouse.move(
    mainsHandle.x + mainsHandle.width / 2,
    mainsHandle.y + mainsHandle.height / 2,
  );
  await page.mouse.down();
  await page.mouse.move(mainsHandle.x + 20, mainsHandle.y + mainsHandle.height / 2 + 10, {
    steps: 4,
  });
  await page.mouse.move(mainsHandle.x + 20, target.y + target.height / 2, { steps: 20 });
  await expect(
    page.getByRole('status').filter({ hasText: 'Mains has sections inside it' }),
  ).toBeVisible();
  await page.mouse.up();
  await snackbar(
    page,
    'A section with sections inside it can only be reordered within its parent.',
  );
  await expect(page.locator('[data-title="Mains"]')).toHaveAttribute('data-parent-id', '');

  // With the keyboard: E2E Desserts (empty) goes inside Breakfast, the row below it.
  const breakfastId = (await page
    .locator('[data-title="Breakfast"]')
    .getAttribute('data-testid'))!.replace('tree-row-', '');
  await page.getByRole('button', { name: 'Move E2E Desserts' }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) {
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowDown');
  }
  await expect(
    page.getByRole('status').filter({ hasText: 'Drop E2E Desserts inside Breakfast' }),
  ).toBeVisible();
  await page.keyboard.press('Space');
  await snackbar(page, 'Updated successfully');
  await expect(page.locator('[data-title="E2E Desserts"]')).toHaveAttribute(
    'data-parent-id',
    breakfastId,
  );

  // The menu banner (arrange): upload through the cropper, save, and the card shows it.
  await page.goto('/admin/catalog/arrange');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const banner = page.getByRole('dialog', { name: 'Edit menu banner' });
  await expect(
    banner.getByText('Preferred size of (1360 x 600) w x h without text or logos'),
  ).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Save' })).toBeDisabled();
  await banner.getByTestId('image-file-input').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: png(440, 200, [29, 91, 148]),
  });
  await page
    .getByRole('dialog', { name: 'Crop image' })
    .getByRole('button', { name: 'Crop & upload' })
    .click();
  await expect(banner.getByRole('img', { name: 'Menu banner' })).toHaveAttribute(
    'src',
    /^\/uploads\//,
  );
  await banner.getByRole('button', { name: 'Save' }).click();
  await snackbar(page, 'Updated successfully');
  await expect(banner).toBeHidden();
  await expect(page.getByTestId(/^node-/).locator('img')).toHaveAttribute('src', /^\/uploads\//);
});

test('the manager sees the catalogue read-only', async ({ page }) => {
  await signIn(page, 'manager@demo.local');
  await page.goto(CATALOG);
  await expect(page.getByRole('heading', { level: 1, name: 'Main sections' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Breakfast', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create a new Main Section' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Edit Main Section/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Section positions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Schedule of/ })).toHaveCount(0);

  await openSection(page, 'Drinks');
  await expect(page.getByRole('region', { name: 'Cakes' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Create New/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Sort/ })).toHaveCount(0);
  // The schedule shows as a marker, not as an editor's button.
  await expect(page.getByRole('img', { name: 'Schedule of Cakes (limited hours)' })).toBeVisible();
  // Hiding and showing items is every role's.
  await page.getByRole('switch', { name: 'Availability' }).check();
  await expect(page.getByRole('switch', { name: 'Show Chocolate cake on the menu' })).toBeEnabled();

  await page.goto('/admin/catalog/v2/manage');
  await expect(page.getByText('Only the store owner can move sections.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0);

  // The menu list (arrange) is the owner's.
  await page.goto('/admin/catalog/arrange');
  await expect(page).toHaveURL('/auth/unauthorized');
});

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`catalogue screens in ${lang}, ${size.name}`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, 'owner@demo.local');
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      const name = (screen: string) => `${screen}-${lang}-${size.name}`;
      const rtl = lang === 'ar';

      await page.goto(CATALOG);
      await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('main-section-0')).toBeVisible();
      await shoot(page, testInfo, name('main-sections'), 'catalog');

      await page
        .getByRole('link', { name: rtl ? 'الأطباق الرئيسية' : 'Mains', exact: true })
        .click();
      await expect(page.getByTestId(/^node-/).first()).toBeVisible();
      await shoot(page, testInfo, name('section'), 'catalog');

      await page
        .getByRole('button', { name: rtl ? /^تعديل شيش طاووق/ : 'Edit Shish tawook' })
        .click();
      const panel = page.getByRole('dialog', { name: rtl ? 'تعديل الصنف' : 'Edit Item' });
      await expect(panel.getByRole('textbox').first()).toBeVisible();
      await shoot(page, testInfo, name('item-editor'), 'catalog');
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      await page
        .getByRole('button', {
          name: rtl ? 'جدول مواعيد مشاوي' : 'Schedule of Grills',
          exact: true,
        })
        .click();
      const schedule = page.getByRole('dialog');
      await schedule
        .getByRole('button', { name: rtl ? 'إضافة فترة يوم الاثنين' : 'Add time slot on Monday' })
        .click();
      await expect(schedule.getByRole('textbox').first()).toBeVisible();
      await shoot(page, testInfo, name('schedule'), 'catalog');
      await page.keyboard.press('Escape');
      await expect(schedule).toBeHidden();

      await page.goto('/admin/catalog/v2/manage');
      await expect(page.locator('[data-title]').first()).toBeVisible();
      await shoot(page, testInfo, name('tree'), 'catalog');

      await page.goto('/admin/catalog/arrange');
      await expect(page.getByTestId(/^node-/)).toBeVisible();
      await shoot(page, testInfo, name('menu-list'), 'catalog');
    });
  }
}
