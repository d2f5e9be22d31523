import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { unzipSync } from 'fflate';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { storefrontAddress } from '@app/contracts';
import { LANGS, SCREEN_SIZES, shoot, useLangAndSize } from './screenshots.ts';
import { signIn, signInAt } from '../../../tools/e2e/auth.ts';

type Localized = { fieldValue: string; en?: string };
type Area = {
  id: string;
  title: string | null;
  value: string;
  template: string;
  paymentMethods: { paymentMethodType: string; active: boolean }[];
};

const BRANCH = 'Abdoun';

async function demoWorld(request: APIRequestContext) {
  const res = await request.get('/api/public/storefronts/al-bayt');
  const store = (
    (await res.json()) as {
      results: { tenantId: string; branches: { branchId: string; branchName: Localized }[] };
    }
  ).results;
  const branch = store.branches.find((b) => b.branchName.fieldValue === BRANCH);
  if (!branch) throw new Error('the demo tenant has Abdoun');
  return { tenantId: store.tenantId, branchId: branch.branchId };
}

/** The address an independent decoder (jsQR) reads from a PNG's QR code. */
async function decode(png: Uint8Array): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  if (!code) throw new Error('no QR code in the PNG');
  return code.data;
}

test('the owner adds a section and tables, switches five to MENU, downloads their QR codes and sets a table to Open a Tab', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { tenantId, branchId } = await demoWorld(page.request);
  const run = randomUUID().slice(0, 6);
  const sectionName = `Hall ${run}`;
  const prefix = `H${run}`;
  let authorization = '';
  const api = (url: string) =>
    page.request.get(`/api/admin/tenants/${tenantId}/branches/${branchId}${url}`, {
      headers: { authorization },
    });

  await signIn(page, 'owner@demo.local');
  const firstRead = page.waitForRequest((req) => req.url().includes('/serviceareamanagement/'));
  await page.goto(`/admin/settings/profile/${branchId}/serviceareas`);
  authorization = (await firstRead).headers().authorization ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Tables and QR codes' })).toBeVisible();
  await expect(
    page.getByText('Do not use sections unless they are needed for an integration.'),
  ).toBeVisible();

  // A section: the dialog refuses a name under 3 characters, then saves.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const sectionDialog = page.getByRole('dialog', { name: 'Add section' });
  await sectionDialog.getByRole('textbox', { name: /^Name/ }).fill('ab');
  await sectionDialog.getByRole('button', { name: 'Save' }).click();
  await expect(sectionDialog.getByText('Required, minimum 3')).toBeVisible();
  await sectionDialog.getByRole('textbox', { name: /^Name/ }).fill(sectionName);
  await sectionDialog.getByRole('button', { name: 'Save' }).click();
  await expect(sectionDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Sections' }).getByText(sectionName)).toBeVisible();

  // Tables 1–20 with a prefix, in that section.
  const addTables = async () => {
    await page.getByRole('button', { name: 'Add service areas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add service areas' });
    await dialog.getByRole('spinbutton', { name: /^From/ }).fill('1');
    await dialog.getByRole('spinbutton', { name: /^To/ }).fill('20');
    await expect(dialog.getByRole('textbox', { name: /^Prefix/ })).toBeHidden();
    await dialog.getByRole('switch', { name: 'Add Prefix' }).check();
    await dialog.getByRole('textbox', { name: /^Prefix/ }).fill(prefix);
    await expect(dialog.getByText(`Ex: ${prefix} 20`)).toBeVisible();
    await dialog.getByRole('combobox', { name: /^Section/ }).click();
    await page.getByRole('option', { name: sectionName }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    return dialog;
  };
  const first = await addTables();
  await expect(first).toBeHidden();

  // The same range again is refused, and nothing is added.
  const again = await addTables();
  await expect(again.getByRole('alert')).toHaveText('Please make sure no duplicate table is added');
  await again.getByRole('button', { name: 'Cancel' }).click();

  // Filter by the new section: its 20 tables, over the page size of 50.
  await page.getByLabel('Filter by section').click();
  await page.getByRole('option', { name: sectionName }).click();
  const tables = page.getByRole('table', { name: 'Dine in / Menu Only' });
  await expect(tables.getByRole('row')).toHaveCount(21);
  await expect(page.getByText('1–20 of 20')).toBeVisible();

  // Five tables to MENU, with the confirmation.
  const five = [1, 2, 3, 4, 5].map((n) => `${prefix} ${n}`);
  for (const name of five) await tables.getByLabel(`Select ${name}`, { exact: true }).check();
  await page.getByRole('button', { name: 'Switch to MENU' }).click();
  const confirm = page.getByRole('dialog', { name: 'Switch template' });
  await expect(confirm).toContainText(
    'Are you sure you want to switch 5 service area(s) to MENU template?',
  );
  await confirm.getByRole('button', { name: 'Switch' }).click();
  await expect(
    page.getByText('Service areas successfully switched to MENU template'),
  ).toBeVisible();
  for (const name of five) {
    const row = tables
      .getByRole('row')
      .filter({ has: page.getByLabel(`Select ${name}`, { exact: true }) });
    await expect(row.getByRole('cell').nth(4)).toHaveText('MENU');
    await expect(row.getByLabel(`Select ${name}`, { exact: true })).not.toBeChecked();
  }
  await shoot(page, testInfo, 'service-areas-after-switch');

  // Their QR codes as one zip; every code decodes to its table's storefront address.
  for (const name of five) await tables.getByLabel(`Select ${name}`, { exact: true }).check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download QR codes' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('service-area-qr-codes.zip');
  const zipPath = path.join(testInfo.outputDir, 'qr-codes.zip');
  await download.saveAs(zipPath);
  const files = unzipSync(new Uint8Array(await fs.readFile(zipPath)));
  expect(Object.keys(files).sort()).toEqual(five.map((n) => `${n}.png`).sort());

  const listed = await api(
    `/serviceareamanagement/serviceareas?search=${encodeURIComponent(prefix)}&pageSize=100`,
  );
  const areas = ((await listed.json()) as { results: { serviceAreas: Area[] } }).results
    .serviceAreas;
  expect(areas).toHaveLength(20);
  const profile = await api('/settings/profile');
  const delivery = ((await profile.json()) as { results: { orderingLinks: { DELIVERY: string } } })
    .results.orderingLinks.DELIVERY;
  // The storefront base is what precedes the slug in the branch's ordering link.
  const base = delivery.slice(0, delivery.indexOf('/al-bayt/'));
  for (const name of five) {
    const area = areas.find((a) => `${a.title} ${a.value}` === name)!;
    expect(area.template).toBe('MENU');
    expect(await decode(files[`${name}.png`]!)).toBe(
      storefrontAddress.serviceArea(base, 'al-bayt', area.id),
    );
  }

  // Per-table payment mode: table 6 to 'Order & Pay', then to 'Open a Tab' (the page's link;
  // the side menu's of the same name opens the same page for the first branch).
  await page.getByRole('main').getByRole('link', { name: 'Per-table payment methods' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Per-table payment methods' }),
  ).toBeVisible();
  await page.getByLabel('Search by QR').fill(`${prefix} 6`);
  const mode = page.getByRole('group', { name: `Payment mode of ${prefix} 6` });
  await expect(mode.getByRole('button', { name: 'Open a Tab' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await mode.getByRole('button', { name: 'Order & Pay' }).click();
  await expect(page.getByText(`${prefix} 6: payment mode saved`)).toBeVisible();
  await expect(mode.getByRole('button', { name: 'Order & Pay' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await mode.getByRole('button', { name: 'Open a Tab' }).click();
  await expect(mode.getByRole('button', { name: 'Open a Tab' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const six = areas.find((a) => a.value === '6')!;
  await expect
    .poll(async () => {
      const res = await api(`/settings/paymentmethods/DINING?serviceAreaId=${six.id}`);
      const methods = ((await res.json()) as { results: Area }).results.paymentMethods;
      return methods.filter((m) => m.active).map((m) => m.paymentMethodType);
    })
    .toEqual(['CASH', 'PAY_LATER']);
});

test("an order taker opens 'Per-table payment methods' from the side menu and sees each branch's tables", async ({
  page,
}) => {
  await signIn(page, 'staff@demo.local');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Per-table payment methods' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Per-table payment methods' }),
  ).toBeVisible();
  // The menu's link names no branch: the first one (Abdoun, where the demo's tables are) opens.
  const { branchId } = await demoWorld(page.request);
  await expect(page).toHaveURL(`/admin/settings/profile/${branchId}/serviceareas-paymentmethods`);
  await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveText('Abdoun');
  await expect(page.getByRole('group', { name: 'Payment mode of 1', exact: true })).toBeVisible();
  // An order taker may set the modes, but the service areas page is the owner's.
  await expect(page.getByRole('link', { name: 'Tables and QR codes' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Per-table payment methods' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'Sweifieh' }).click();
  await expect(page.getByText('This branch has no tables yet.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Payment mode of 1', exact: true })).toHaveCount(0);
});

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`service areas screens, ${lang} ${size.name}`, async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      await useLangAndSize(page, lang, size);
      const { branchId } = await demoWorld(page.request);
      await signInAt(page, `/admin/settings/profile/${branchId}/serviceareas`, 'owner@demo.local');
      const tag = `${lang}-${size.name}`;
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('table').nth(2)).toBeVisible();
      await shoot(page, testInfo, `service-areas-${tag}`);
      await page
        .getByRole('button', { name: lang === 'ar' ? 'إضافة مناطق خدمة' : 'Add service areas' })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('switch')
        .or(page.getByRole('dialog').getByRole('checkbox'))
        .first()
        .check();
      await shoot(page, testInfo, `service-areas-dialog-${tag}`);
      await page.keyboard.press('Escape');
      await page.goto(`/admin/settings/profile/${branchId}/serviceareas-paymentmethods`);
      await expect(page.getByRole('table')).toBeVisible();
      await shoot(page, testInfo, `table-payments-${tag}`);
    });
  }
}
