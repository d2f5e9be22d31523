import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import type { TreeNode } from '@app/contracts';
import { zipBomb } from '../../../tools/testing/zip-build.ts';
import { LANGS, SCREEN_SIZES, useLangAndSize } from './screenshots.ts';
import { accessToken, signIn, signInAt } from '../../../tools/e2e/auth.ts';

/**
 * Bulk upload (issue 17) against the real server: the owner downloads the template from the
 * screen, fills it with 50 item rows (a new section, 25 items of two variants, a modifier
 * group), uploads it with the progress bar and sees the report; then a 1 MB zip bomb is
 * refused with a clear message. What the spec adds is deleted at the end.
 */
const RUN = Date.now().toString(36).toUpperCase().slice(-6);
const SECTION = `Bulk ${RUN}`;
const GROUP = `Milk ${RUN}`;

async function tenantIdOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/public/storefronts/al-bayt');
  return ((await res.json()) as { results: { tenantId: string } }).results.tenantId;
}

/** Deletes the section, items and group the upload added. */
async function cleanUp(page: Page) {
  const tenantId = await tenantIdOf(page);
  const base = `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs`;
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const tree = (await (await page.request.get(`${base}/tree`, { headers })).json()) as {
    results: TreeNode;
  };
  const section = tree.results.children.find((n) => n.title.fieldValue === SECTION);
  for (const item of section?.children ?? [])
    await page.request.delete(`${base}/catalogitems/${item.id}`, { headers });
  if (section) await page.request.delete(`${base}/categories/${section.id}`, { headers });
  const groups = (await (await page.request.get(`${base}/modifiergroups`, { headers })).json()) as {
    results: { id: string; name: string }[];
  };
  for (const g of groups.results.filter((x) => x.name === GROUP))
    await page.request.delete(`${base}/modifiergroups/${g.id}`, { headers });
}

/** The downloaded template with its example rows replaced by the spec's 50 item rows. */
async function filledTemplate(downloaded: string, into: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(downloaded);
  // Each sheet anew with the template's header row, without its example rows.
  const sheet = (name: string) => {
    const old = wb.getWorksheet(name);
    if (!old) throw new Error(`the template has no ${name} sheet`);
    const header = (old.getRow(1).values as unknown[]).slice(1);
    wb.removeWorksheet(old.id);
    const ws = wb.addWorksheet(name);
    ws.addRow(header);
    return ws;
  };
  sheet('Sections').addRow([SECTION, '', 'Uploaded by the end-to-end spec']);
  const items = sheet('Items');
  for (let i = 1; i <= 25; i++) {
    items.addRow([SECTION, `Drink ${i}`, '', 'Small', 1 + i / 10, GROUP, `مشروب ${i}`]);
    items.addRow([SECTION, `Drink ${i}`, '', 'Large', 2 + i / 10, GROUP]);
  }
  const groups = sheet('Modifier groups');
  groups.addRow([GROUP, 0, 1, 'Oat milk', 0.5]);
  groups.addRow([GROUP, '', '', 'Almond milk', 0.5]);
  await wb.xlsx.writeFile(into);
  return items.rowCount - 1;
}

test.afterEach(async ({ page }) => {
  if (page.url().includes('/admin/')) await cleanUp(page).catch(() => undefined);
});

test('the owner uploads the template filled with 50 rows and sees the report', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'owner@demo.local');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Bulk upload' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk upload' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('menu-bulk-upload-template.xlsx');
  const template = testInfo.outputPath('template.xlsx');
  await file.saveAs(template);
  const filled = testInfo.outputPath('menu.xlsx');
  expect(await filledTemplate(template, filled)).toBe(50);

  await page.locator('input[type="file"]').setInputFiles(filled);
  await expect(page.getByTestId('bulk-upload-file-name')).toHaveText('menu.xlsx');
  // The progress bar may come and go within a frame on a fast machine: note that it was shown.
  await page.evaluate(() => {
    const seen = window as unknown as { progressShown?: boolean };
    seen.progressShown = false;
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"][aria-label="Upload progress"]'))
        seen.progressShown = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Catalogue uploaded successfully' }).first(),
  ).toBeVisible({ timeout: 30_000 });
  expect(
    await page.evaluate(() => (window as unknown as { progressShown?: boolean }).progressShown),
  ).toBe(true);

  const row = (kind: string) => page.getByTestId(`bulk-upload-result-${kind}`).getByRole('cell');
  // Found, added, updated, failed per kind (the kind is the row's header).
  await expect(row('sections')).toHaveText(['1', '1', '0', '0']);
  await expect(row('items')).toHaveText(['25', '25', '0', '0']);
  await expect(row('modifierGroups')).toHaveText(['1', '1', '0', '0']);
  await expect(page.getByRole('rowheader', { name: 'Items' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-upload-en-wide.png'), fullPage: true });

  // The section and its items are in the menu.
  await page.goto('/admin/catalog/v2/categories');
  await expect(page.getByRole('link', { name: SECTION })).toBeVisible();

  // Round trip: the menu downloaded, one price edited in the file, uploaded back.
  await page.goto('/admin/bulk-upload');
  const menuDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the menu' }).click();
  const menuFile = await menuDownload;
  expect(menuFile.suggestedFilename()).toBe('menu.xlsx');
  const menuPath = testInfo.outputPath('downloaded-menu.xlsx');
  await menuFile.saveAs(menuPath);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(menuPath);
  const items = wb.getWorksheet('Items')!;
  const header = items.getRow(1).values as unknown[];
  const editedIds: string[] = [];
  items.eachRow((r) => {
    const is = (column: string, value: string) => r.getCell(header.indexOf(column)).value === value;
    if (is('Item', 'Drink 1') && is('Variant', 'Small')) {
      r.getCell(header.indexOf('Price')).value = 9.75;
      editedIds.push(String(r.getCell(header.indexOf('Item id')).value));
    }
  });
  expect(editedIds).toHaveLength(1);
  const editedPath = testInfo.outputPath('edited-menu.xlsx');
  await wb.xlsx.writeFile(editedPath);
  await page.locator('input[type="file"]').setInputFiles(editedPath);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Catalogue uploaded successfully' }).first(),
  ).toBeVisible({ timeout: 30_000 });
  // Every item found, none added, one updated, none failed.
  await expect(row('items').nth(1)).toHaveText('0');
  await expect(row('items').nth(2)).toHaveText('1');
  await expect(row('items').nth(3)).toHaveText('0');
  const tenantId = await tenantIdOf(page);
  const item = await page.request.get(
    `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs/catalogitems/${editedIds[0]}`,
    { headers: { authorization: `Bearer ${await accessToken(page)}` } },
  );
  const { results } = (await item.json()) as {
    results: { variants: { localizedTitle: { fieldValue: string }; price: number }[] };
  };
  expect(results.variants.map((v) => [v.localizedTitle.fieldValue, v.price])).toEqual([
    ['Small', 9.75],
    ['Large', 2.1],
  ]);
});

test('a 1 MB zip bomb is refused with a clear message', async ({ page }, testInfo) => {
  await signIn(page, 'owner@demo.local');
  await page.goto('/admin/bulk-upload');
  const { zip } = zipBomb(1_048_576 - 400);
  const path = testInfo.outputPath('bomb.xlsx');
  fs.writeFileSync(path, zip);
  await page.locator('input[type="file"]').setInputFiles(path);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The file was refused: it unpacks to far more data than a menu spreadsheet holds',
  );
  // The server is still there and answers at once.
  expect((await page.request.get('/readyz')).ok()).toBe(true);
});

test('a file over 1 MB or not an xlsx is refused before it is sent', async ({ page }, testInfo) => {
  await signIn(page, 'owner@demo.local');
  await page.goto('/admin/bulk-upload');
  const big = testInfo.outputPath('big.xlsx');
  fs.writeFileSync(big, Buffer.alloc(1_048_577, 1));
  await page.locator('input[type="file"]').setInputFiles(big);
  await expect(page.getByRole('alert')).toHaveText('Maximum upload size of 1 MB Allowed');
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  const csv = testInfo.outputPath('menu.csv');
  fs.writeFileSync(csv, 'Section,Item\n');
  await page.locator('input[type="file"]').setInputFiles(csv);
  await expect(page.getByRole('alert')).toHaveText('Only files with extension xlsx Allowed');
});

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`bulk upload screen, ${lang} ${size.name}`, async ({ page }, testInfo) => {
      await useLangAndSize(page, lang, size);
      await signInAt(page, '/admin/bulk-upload', 'owner@demo.local');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'ar' ? 'الرفع الجماعي' : 'Bulk upload',
      );
      await page.screenshot({
        path: testInfo.outputPath(`bulk-upload-${lang}-${size.name}.png`),
        fullPage: true,
      });
    });
  }
}
