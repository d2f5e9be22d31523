import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { xlsxMultipart } from '../../test/menu-workbook.ts';
import { demoFixtures, type DemoFixtures } from '../tickets/test-fixtures.ts';
import { readWorkbook } from './bulk-upload.service.ts';
import { templateWorkbook } from './template.ts';

/**
 * Issue 34: one menu written by several spreadsheet writers (corpus/make-corpus.py) reads to the
 * same rows, whatever their part paths (absolute, relative), strings (shared, inline), numbers
 * stored as text, sheet order, extra and hidden sheets.
 */
const corpus = path.join(import.meta.dirname, 'corpus');
const file = (name: string) => fs.readFileSync(path.join(corpus, name));

const SECTIONS = [
  ['Section', 'Parent section', 'Description', 'Section (Arabic)'],
  ['Corpus drinks', '', 'Hot and cold', 'مشروبات'],
  ['Corpus teas', 'Corpus drinks', '', ''],
];
const ITEMS = [
  ['Section', 'Item', 'Description', 'Variant', 'Price', 'Modifier groups'],
  ['Corpus teas', 'Corpus mint tea', 'Fresh mint', 'Small', 1.5, 'Corpus sugar'],
  ['Corpus teas', 'Corpus mint tea', '', 'Large', '2.25', 'Corpus sugar'],
  ['Corpus drinks', 'Corpus lemonade', '', '', 3, ''],
];
const GROUPS = [
  ['Modifier group', 'Min', 'Max', 'Modifier item', 'Price'],
  ['Corpus sugar', 0, 1, 'No sugar', 0],
  ['Corpus sugar', '', '', 'Extra sugar', '0.25'],
];

/** The same menu written by exceljs, the reference. */
async function exceljsFile(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of [
    ['Sections', SECTIONS],
    ['Items', ITEMS],
    ['Modifier groups', GROUPS],
  ] as const) {
    const ws = wb.addWorksheet(name);
    for (const row of rows) ws.addRow(row.map((v) => (v === '' ? null : v)));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let ctx: TestContext;
let f: DemoFixtures;
beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
}, 120_000);
afterAll(() => ctx.close());

describe('a menu written by any spreadsheet writer', () => {
  it.each([
    ['openpyxl.xlsx', ['Notes', 'Old prices']],
    ['xlsxwriter.xlsx', ['Notes']],
    ['libreoffice.xlsx', ['Notes', 'Old prices']],
  ])('reads %s to the same rows as exceljs writes them', async (name, ignored) => {
    const reference = await readWorkbook(await exceljsFile());
    expect(reference.items).toHaveLength(3);
    expect(reference.items![1]!.cells).toMatchObject({ variant: 'Large', price: '2.25' });
    expect(reference.sections![0]!.cells).toMatchObject({ titleAr: 'مشروبات' });
    expect(reference.ignored).toEqual([]);
    // Sheets not of the template (hidden ones too) are not read, and named.
    expect(await readWorkbook(file(name))).toEqual({ ...reference, ignored });
  });

  it('reads the downloadable template (exceljs) with its three sheets', async () => {
    const template = await readWorkbook(await templateWorkbook());
    expect(template.sections).toBeInstanceOf(Array);
    expect(template.items).toBeInstanceOf(Array);
    expect(template.modifierGroups).toBeInstanceOf(Array);
  });

  it('imports the openpyxl file (pandas to_excel) into the menu', async () => {
    const owner = await authAs(ctx, 'owner@demo.local');
    const { payload, contentType } = xlsxMultipart(file('openpyxl.xlsx'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${f.alBayt.id}/branches/defaultBranch/productcatalogs/bulk-upload`,
      headers: { ...owner, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.json().results).toMatchObject({
      categoriesFound: 2,
      categoriesAdded: 2,
      itemsFound: 2,
      itemsAdded: 2,
      modifiersFound: 1,
      modifiersAdded: 1,
      sheetsIgnored: ['Notes', 'Old prices'],
      errorMessage: null,
    });
  });
});
