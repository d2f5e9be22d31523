import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { cartLine, orderableItems, type MenuItem } from '../../../tools/e2e/orders.ts';
import { results } from '../../../tools/e2e/api.ts';
import { LANGS, SCREEN_SIZES, shoot, useLangAndSize } from './screenshots.ts';
import { accessToken, signIn, signInAt } from '../../../tools/e2e/auth.ts';

/**
 * Issue 16, the orders report (spec §2.6): orders placed and completed today are found by a
 * date range and a status, the footer totals add up the rows, and the exported file, opened
 * by LibreOffice, holds the same rows and totals.
 */

const run = promisify(execFile);

type Branch = {
  branchId: string;
  branchName: { fieldValue: string };
  branchOperatingStatus: { closed: boolean; acceptingOrders: boolean; busy: boolean };
};

/** Places `count` pickup orders at Abdoun (opened for a moment if another spec closed it). */
async function placeOrders(request: APIRequestContext, page: Page, count: number) {
  const store = await results<{ tenantId: string; branches: Branch[] }>(
    request,
    '/api/public/storefronts/al-bayt',
  );
  const branch = store.branches.find((b) => b.branchName.fieldValue === 'Abdoun')!;
  const { tenantId } = store;
  const menu = await results<{ sections: { items: MenuItem[] }[] }>(
    request,
    `/api/public/tenants/${tenantId}/branches/${branch.branchId}/menu?checkoutTemplate=PICKUP`,
  );
  const items = orderableItems(menu);
  const status = branch.branchOperatingStatus;
  const open = !status.closed && status.acceptingOrders;
  const manager = open ? null : await page.context().browser()!.newContext();
  let managerToken = '';
  const setStatus = (s: Branch['branchOperatingStatus']) =>
    request.put(`/api/admin/tenants/${tenantId}/status/${branch.branchId}`, {
      headers: { authorization: `Bearer ${managerToken}` },
      data: s,
    });
  if (manager) {
    const tab = await manager.newPage();
    await signIn(tab, 'manager@demo.local');
    managerToken = await accessToken(tab);
    expect((await setStatus({ closed: false, acceptingOrders: true, busy: false })).ok()).toBe(
      true,
    );
  }
  const placed: { id: string; ticketNumber: number }[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const item = items[i % items.length]!;
      const res = await request.post(
        `/api/public/tenants/${tenantId}/branches/${branch.branchId}/tickets`,
        {
          headers: { 'idempotency-key': `e2e-report-${randomUUID()}` },
          data: {
            checkoutTemplate: 'PICKUP',
            cartItems: [cartLine(item, 1 + i)],
            isFulfillmentAsap: true,
            paymentMethodType: 'CASH',
            firstName: 'E2E Report',
            lang: 'en',
          },
        },
      );
      expect(res.status(), await res.text()).toBe(201);
      placed.push(((await res.json()) as { results: (typeof placed)[number] }).results);
    }
  } finally {
    if (manager) {
      await setStatus(status);
      await manager.close();
    }
  }
  return { tenantId, placed };
}

/** "JOD 1,234.500" → 1234.5 */
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** Every row of the report's table, page after page, and the footer. */
async function readReport(page: Page) {
  const table = page.getByRole('table', { name: 'Orders report' });
  await expect(table).toBeVisible();
  const rows: { number: number; total: number }[] = [];
  for (;;) {
    // The rows of the search asked, not the previous ones kept on screen while it loads.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const bodyRows = table.locator('tbody tr');
    const n = await bodyRows.count();
    for (let i = 0; i < n; i++) {
      const cells = bodyRows.nth(i).locator('td');
      rows.push({
        number: Number((await cells.first().innerText()).replace(/\D/g, '')),
        total: amountOf(await cells.last().innerText()),
      });
    }
    const next = page.getByRole('button', { name: 'Go to next page' });
    if (await next.isDisabled()) break;
    const first = await bodyRows.first().innerText();
    await next.click();
    await expect(bodyRows.first()).not.toHaveText(first);
  }
  const count = Number((await page.getByTestId('report-count').innerText()).replace(/\D/g, ''));
  // The footer's sales line: the orders accepted and not cancelled (the filter's Completed).
  const total = amountOf(await page.getByTestId('report-total').locator('dd').innerText());
  return { rows, count, total };
}

/** The report's own sum: exact to the thousandth, as JOD amounts are. */
const sum = (values: number[]) => values.reduce((s, v) => s + Math.round(v * 1000), 0) / 1000;

/** LibreOffice's CSV of an .xlsx, as rows of fields (RFC 4180 quoting). */
async function libreOfficeCsv(file: string, testInfo: TestInfo): Promise<string[][]> {
  const out = testInfo.outputPath('csv');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-profile-'));
  await run(
    'libreoffice',
    [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--convert-to',
      // Comma-separated, double-quoted, UTF-8 (76), first line 1.
      'csv:Text - txt - csv (StarCalc):44,34,76,1',
      '--outdir',
      out,
      file,
    ],
    { timeout: 120_000 },
  );
  fs.rmSync(profile, { recursive: true, force: true });
  const csv = fs.readFileSync(
    path.join(out, `${path.basename(file, path.extname(file))}.csv`),
    'utf8',
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i]!;
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

test('filter by dates and a status, totals match the rows, the export opens in LibreOffice', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, 'staff@demo.local');
  const { tenantId, placed } = await placeOrders(request, page, 3);
  const token = await accessToken(page);
  // Two of the three are completed, the third stays waiting.
  for (const t of placed.slice(0, 2)) {
    for (const status of ['InProgress', 'Completed']) {
      const res = await request.put(`/api/admin/tenants/${tenantId}/tickets/${t.id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { status, note: null },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
  }

  // The Completed tab's note leads to the report.
  await page.goto('/admin/tickets/manage');
  await page.getByRole('button', { name: 'Start Live Orders' }).click();
  await page.getByRole('button', { name: /^Completed/ }).click();
  await page.getByRole('link', { name: 'the orders report' }).click();
  await expect(page).toHaveURL('/admin/reports/all-tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders report' })).toBeVisible();

  // The filters check their rules before searching (§5.2).
  await page.getByLabel('Start date').fill('2019-12-31');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Minimum Date should be 2020-01-01')).toBeVisible();

  // The report's days are the branches' (Amman's), as the dashboard's.
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Amman',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  await page.getByLabel('Start date').fill(today);
  await page.getByLabel('End date').fill(today);
  await page.getByRole('combobox', { name: 'Statuses' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('combobox', { name: 'Statuses' })).toHaveText('Completed');

  const shown = await readReport(page);
  const numbers = shown.rows.map((r) => r.number);
  expect(numbers).toEqual(expect.arrayContaining(placed.slice(0, 2).map((t) => t.ticketNumber)));
  expect(numbers).not.toContain(placed[2]!.ticketNumber);
  expect(shown.count).toBe(shown.rows.length);
  expect(shown.total).toBeCloseTo(sum(shown.rows.map((r) => r.total)), 3);

  // The ticket's details open read only from its number.
  const firstNumber = await page
    .getByRole('table', { name: 'Orders report' })
    .locator('tbody tr')
    .first()
    .getByRole('button')
    .innerText();
  await page.getByRole('button', { name: `Open order ${firstNumber}` }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByText(`Order ${firstNumber}`)).toBeVisible();
  await expect(sheet.getByRole('group', { name: 'Order actions' })).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Close order details' }).click();
  await expect(sheet).toBeHidden();

  // The export: a file named by the server, the same rows and totals in LibreOffice.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`orders-report_${today}_${today}.xlsx`);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  await expect(page.getByText(`${download.suggestedFilename()} downloaded`)).toBeVisible();

  const csv = await libreOfficeCsv(file, testInfo);
  expect(csv[0]![0]).toBe('Orders report');
  const heading = new Map(csv.slice(1, 12).map((r) => [r[0], r[1]]));
  expect(heading.get('Dates')).toBe(`${today} – ${today}`);
  expect(heading.get('Statuses')).toBe('Completed');
  const headerAt = csv.findIndex(
    (r) => r[0] === 'Order number' && r[1] === 'Date and time (branch)',
  );
  const totalColumn = csv[headerAt]!.indexOf('Total');
  const data = csv.slice(headerAt + 1, headerAt + 1 + shown.count);
  expect(data.map((r) => Number(r[0]))).toEqual(numbers);
  expect(data.map((r) => amountOf(r[totalColumn]!))).toEqual(shown.rows.map((r) => r.total));
  expect(data.every((r) => r[2] === 'Completed')).toBe(true);
  const after = csv.slice(headerAt + 1 + shown.count).filter((r) => r.some((c) => c !== ''));
  expect(after[0]!.slice(0, 2)).toEqual(['Orders', String(shown.count)]);
  expect(after[1]![0]).toBe(`Sales (${shown.count})`);
  expect(amountOf(after[1]![totalColumn]!)).toBe(shown.total);
  expect(after[1]![totalColumn + 1]).toBe('JOD');
});

for (const lang of LANGS) {
  for (const size of SCREEN_SIZES) {
    test(`report screen ${lang} ${size.name}`, async ({ page }, testInfo) => {
      await useLangAndSize(page, lang, size);
      await signInAt(page, '/admin/reports/all-tickets', 'owner@demo.local');
      await expect(page).toHaveURL('/admin/reports/all-tickets');
      // Sign-in applied the tenant's language (English); the stored choice holds on reload.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="false"]').last()).toBeVisible();
      await shoot(page, testInfo, `report-${lang}-${size.name}`);
    });
  }
}
