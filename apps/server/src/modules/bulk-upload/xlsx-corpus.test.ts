import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, eq, like, sql, type AnyColumn } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkUploadResult } from '@app/contracts';
import * as s from '../../db/schema.ts';
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
  ['Corpus drinks', 'Corpus lemonade', '31/12/2025', '', 3, ''],
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
let owner: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  owner = await authAs(ctx, 'owner@demo.local');
}, 120_000);
afterAll(() => ctx.close());

const base = () =>
  `/api/admin/tenants/${f.alBayt.id}/branches/defaultBranch/productcatalogs/bulk-upload`;

async function importFile(bytes: Buffer): Promise<BulkUploadResult> {
  const { payload, contentType } = xlsxMultipart(bytes);
  const res = await ctx.app.inject({
    method: 'POST',
    url: base(),
    headers: { ...owner, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: BulkUploadResult }).results;
}

/** Deletes what a corpus file added (every name of the corpus starts with 'Corpus'). */
async function removeCorpusMenu() {
  const db = ctx.database.owner;
  const corpusName = (column: AnyColumn) => sql`${column}->>'en' like 'Corpus %'`;
  await db.delete(s.items).where(and(eq(s.items.tenantId, f.alBayt.id), corpusName(s.items.title)));
  await db
    .delete(s.categories)
    .where(and(eq(s.categories.tenantId, f.alBayt.id), corpusName(s.categories.title)));
  await db
    .delete(s.modifierGroups)
    .where(
      and(eq(s.modifierGroups.tenantId, f.alBayt.id), like(s.modifierGroups.name, 'Corpus %')),
    );
}

/**
 * The menu a file imports to, as "Download the menu" gives it (the corpus's rows, ids left
 * out); what it added is deleted afterwards.
 */
async function importedMenu(bytes: Buffer) {
  try {
    expect((await importFile(bytes)).errorMessage).toBeNull();
    const res = await ctx.app.inject({ method: 'GET', url: `${base()}/menu`, headers: owner });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const rows = (sheet: string, named: number[]) => {
      const out: unknown[][] = [];
      wb.getWorksheet(sheet)!.eachRow((row, n) => {
        const values = (row.values as unknown[]).slice(1).map((v) => v ?? '');
        if (n > 1 && named.some((i) => String(values[i]).startsWith('Corpus ')))
          out.push(values.filter((v) => !/^[0-9a-f-]{36}$/.test(String(v))));
      });
      return out;
    };
    return {
      sections: rows('Sections', [0]),
      items: rows('Items', [0, 1]),
      modifierGroups: rows('Modifier groups', [0]),
    };
  } finally {
    await removeCorpusMenu();
  }
}

describe('a menu written by any spreadsheet writer', () => {
  it.each([
    ['openpyxl.xlsx', ['Notes', 'Old prices']],
    ['xlsxwriter.xlsx', ['Notes']],
    ['libreoffice.xlsx', ['Notes', 'Old prices']],
  ])('reads %s to the same rows as exceljs writes them', async (name, ignored) => {
    const reference = await readWorkbook(await exceljsFile());
    expect(reference.items).toHaveLength(3);
    expect(reference.items![1]!.cells).toMatchObject({ variant: 'Large', price: '2.25' });
    expect(reference.items![2]!.cells).toMatchObject({ description: '31/12/2025' });
    expect(reference.sections![0]!.cells).toMatchObject({ titleAr: 'مشروبات' });
    expect(reference.ignored).toEqual([]);
    // Sheets not of the template (hidden ones too) are not read, and named.
    expect(await readWorkbook(file(name))).toEqual({ ...reference, ignored });
  });

  it('reads the downloadable template (exceljs): its example rows, not its instructions', async () => {
    const template = await readWorkbook(await templateWorkbook());
    expect(template.sections!.map((r) => r.cells.title)).toEqual(['Drinks', 'Hot drinks']);
    expect(template.items!.map((r) => [r.cells.title, r.cells.variant, r.cells.price])).toEqual([
      ['Latte', 'Small', '2.5'],
      ['Latte', 'Large', '3.25'],
      ['Espresso', '', '1.75'],
    ]);
    expect(template.modifierGroups!.map((r) => r.cells.modifier)).toEqual([
      'Oat milk',
      'Almond milk',
    ]);
    expect(template.ignored).toEqual([]);
  });

  it('imports the openpyxl file (pandas to_excel) with its counts, naming the sheets not read', async () => {
    const results = await importFile(file('openpyxl.xlsx'));
    try {
      expect(results).toMatchObject({
        categoriesFound: 2,
        categoriesAdded: 2,
        itemsFound: 2,
        itemsAdded: 2,
        modifiersFound: 1,
        modifiersAdded: 1,
        sheetsIgnored: ['Notes', 'Old prices'],
        errorMessage: null,
      });
    } finally {
      await removeCorpusMenu();
    }
  });

  it.each(['openpyxl.xlsx', 'xlsxwriter.xlsx', 'libreoffice.xlsx'])(
    'imports %s to the same menu as the exceljs file',
    async (name) => {
      const reference = await importedMenu(await exceljsFile());
      // Section by section, parents first: the drinks, then the teas inside them.
      expect(reference.items).toEqual([
        ['Corpus drinks', 'Corpus lemonade', '31/12/2025', '', 3, '', '', ''],
        ['Corpus teas', 'Corpus mint tea', 'Fresh mint', 'Small', 1.5, 'Corpus sugar', '', ''],
        ['Corpus teas', 'Corpus mint tea', '', 'Large', 2.25, 'Corpus sugar', '', ''],
      ]);
      expect(await importedMenu(file(name))).toEqual(reference);
    },
  );
});
