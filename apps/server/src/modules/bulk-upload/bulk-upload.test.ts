import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_UPLOAD_LIMITS, CATALOG_LIMITS, type BulkUploadResult } from '@app/contracts';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { menuWorkbook, xlsxMultipart as multipart } from '../../test/menu-workbook.ts';
import { buildZip, deflated, zipBomb } from '../../../../../tools/testing/zip-build.ts';
import { demoFixtures, type DemoFixtures } from '../tickets/test-fixtures.ts';
import { bulkUploadRepository } from './bulk-upload.repository.ts';

let ctx: TestContext;
let f: DemoFixtures;
let owner: Record<string, string>;
let manager: Record<string, string>;
let otherOwner: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  [owner, manager, otherOwner] = await Promise.all([
    authAs(ctx, 'owner@demo.local'),
    authAs(ctx, 'manager@demo.local'),
    authAs(ctx, 'owner@other.local'),
  ]);
}, 120_000);
afterAll(() => ctx.close());

const base = (tenantId: string) =>
  `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs/bulk-upload`;

async function upload(bytes: Buffer, headers = owner, tenantId = f.alBayt.id) {
  const { payload, contentType } = multipart(bytes);
  return ctx.app.inject({
    method: 'POST',
    url: base(tenantId),
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

async function uploadOk(bytes: Buffer, tenantId = f.alBayt.id, headers = owner) {
  const res = await upload(bytes, headers, tenantId);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: BulkUploadResult }).results;
}

const fileCodes = (res: { json(): unknown }) =>
  (res.json() as { errors: { field: string; codes: string[] }[] }).errors.find(
    (e) => e.field === 'file',
  )?.codes;

/** The template download of a tenant, asked by the given account. */
const getTemplate = (tenantId: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `${base(tenantId)}/template`, headers });

async function template() {
  const res = await getTemplate(f.casa.id, otherOwner);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function menuOf(tenantId: string) {
  const db = ctx.database.owner;
  const [sections, items, variants, groups, choices, links] = await Promise.all([
    db.select().from(s.categories).where(eq(s.categories.tenantId, tenantId)),
    db.select().from(s.items).where(eq(s.items.tenantId, tenantId)),
    db.select().from(s.variants).where(eq(s.variants.tenantId, tenantId)),
    db.select().from(s.modifierGroups).where(eq(s.modifierGroups.tenantId, tenantId)),
    db.select().from(s.modifierItems).where(eq(s.modifierItems.tenantId, tenantId)),
    db.select().from(s.itemModifierGroups).where(eq(s.itemModifierGroups.tenantId, tenantId)),
  ]);
  return { sections, items, variants, groups, choices, links };
}

describe('the template', () => {
  it('downloads as an xlsx with the three sheets, their headers and instructions', async () => {
    const res = await getTemplate(f.alBayt.id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('menu-bulk-upload-template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Sections',
      'Items',
      'Modifier groups',
      'Instructions',
    ]);
    expect(wb.getWorksheet('Items')!.getRow(1).values).toEqual([
      undefined,
      'Section',
      'Item',
      'Description',
      'Variant',
      'Price',
      'Modifier groups',
      'Item (Arabic)',
      'Item (Spanish)',
      'Item id',
      'Variant id',
    ]);
  });

  it('is the store owner’s: a manager gets 403, a tenant of another owner 403', async () => {
    const manager403 = await getTemplate(f.alBayt.id, manager);
    expect(manager403.statusCode).toBe(403);
    const foreign = await getTemplate(f.alBayt.id, otherOwner);
    expect([403, 404]).toContain(foreign.statusCode);
  });

  it('uploaded as it is, adds its examples once; a second upload finds them and adds nothing', async () => {
    const bytes = await template();
    const before = await menuOf(f.casa.id);
    const first = await uploadOk(bytes, f.casa.id, otherOwner);
    expect(first).toEqual({
      categoriesFound: 2,
      itemsFound: 2,
      modifiersFound: 1,
      categoriesFailed: 0,
      itemsFailed: 0,
      modifiersFailed: 0,
      categoriesAdded: 2,
      itemsAdded: 2,
      modifiersAdded: 1,
      categoriesUpdated: 0,
      itemsUpdated: 0,
      modifiersUpdated: 0,
      sheetsIgnored: [],
      errorMessage: null,
    });
    const after = await menuOf(f.casa.id);
    expect(after.sections.length - before.sections.length).toBe(2);
    const drinks = after.sections.find((c) => c.title.en === 'Drinks')!;
    const hot = after.sections.find((c) => c.title.en === 'Hot drinks')!;
    expect(drinks.parentId).toBeNull();
    expect(hot.parentId).toBe(drinks.id);
    expect(hot.title).toEqual({
      fieldValue: 'Hot drinks',
      en: 'Hot drinks',
      ar: 'مشروبات ساخنة',
      es: 'Bebidas calientes',
    });
    const latte = after.items.find((i) => i.title.en === 'Latte')!;
    expect(latte.categoryId).toBe(hot.id);
    expect(latte.title.ar).toBe('لاتيه');
    const latteVariants = after.variants
      .filter((v) => v.itemId === latte.id)
      .sort((a, b) => a.position - b.position);
    expect(latteVariants.map((v) => [v.title.en, v.price])).toEqual([
      ['Small', '2.500'],
      ['Large', '3.250'],
    ]);
    const milk = after.groups.find((g) => g.name === 'Milk')!;
    expect([milk.minQuantity, milk.maxQuantity]).toEqual([0, 1]);
    expect(
      after.choices
        .filter((c) => c.groupId === milk.id)
        .map((c) => c.title.en)
        .sort(),
    ).toEqual(['Almond milk', 'Oat milk']);
    expect(after.links).toContainEqual(
      expect.objectContaining({ itemId: latte.id, groupId: milk.id }),
    );

    const second = await uploadOk(bytes, f.casa.id, otherOwner);
    expect(second).toMatchObject({
      categoriesFound: 2,
      itemsFound: 2,
      modifiersFound: 1,
      categoriesAdded: 0,
      itemsAdded: 0,
      modifiersAdded: 0,
      categoriesFailed: 0,
      itemsFailed: 0,
      modifiersFailed: 0,
      errorMessage: null,
    });
    expect((await menuOf(f.casa.id)).items.length).toBe(after.items.length);
  });
});

describe('importing', () => {
  it('adds 50 filled rows into existing sections and shows them in the tree', async () => {
    const items = Array.from({ length: 50 }, (_, i) => [
      'Hot drinks',
      `Tea no. ${i + 1}`,
      '',
      '',
      (1 + i / 10).toFixed(2),
      '',
    ]);
    const result = await uploadOk(await menuWorkbook({ items }));
    expect(result).toMatchObject({
      itemsFound: 50,
      itemsAdded: 50,
      itemsFailed: 0,
      categoriesFound: 0,
      errorMessage: null,
    });
    const tree = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.alBayt.id}/branches/defaultBranch/productcatalogs/tree`,
      headers: owner,
    });
    expect(tree.body).toContain('Tea no. 50');
  });

  it('reports a row the writer left out of the file as an empty row', async () => {
    // exceljs, like Excel and LibreOffice, stores no row element for an empty line.
    const result = await uploadOk(
      await menuWorkbook({
        items: [['Gap test', 'Gap tea', '', '', 1], [], [], ['Gap test', 'Gap coffee', '', '', 2]],
        sections: [['Gap test']],
      }),
    );
    expect(result.errorMessage?.split('\n')).toEqual([
      'Items row 3: the row is empty',
      'Items row 4: the row is empty',
    ]);
    expect(result).toMatchObject({ itemsFound: 4, itemsAdded: 2, itemsFailed: 2 });
  });

  it('reports each refused row with its sheet and row number and adds the rest', async () => {
    const long = 'x'.repeat(60);
    const result = await uploadOk(
      await menuWorkbook({
        sections: [
          ['Desserts', '', 'Sweet things'],
          ['Cakes', 'Desserts'],
          ['', '', ''],
          ['Tiny', 'Nowhere'],
          ['Mini cakes', 'Cakes'],
          ['Crumbs', 'Mini cakes'],
          ['Cakes', 'Desserts'],
          ['Hot drinks', 'Mains'],
          ['y'.repeat(51)],
        ],
        items: [
          ['Cakes', 'Cheesecake', 'With berries', '', 3.5, 'Toppings'],
          ['Cakes', long, '', '', 1],
          ['Cakes', 'Brownie', '', 'Small', 2],
          ['Cakes', 'Brownie', '', '', 3],
          ['Cakes', 'Baklava', '', '', 'cheap'],
          ['Cakes', 'Kunafa', '', '', 100001],
          ['Cakes', 'Muhallabia', '', '', 1.2345],
          ['Nowhere', 'Ghost', '', '', 1],
          ['Cakes', 'Halva', '', '', 1, 'Unknown group'],
          ['Cakes', 'Basbousa', '', '', 1, 'Broken'],
        ],
        groups: [
          ['Toppings', 0, 2, 'Cream', 0.5],
          ['Toppings', '', '', 'Nuts', 0.75],
          ['Broken', 3, 1, 'A', 1],
          ['Too many', 0, 60, 'B', 1],
          ['Bad price', 0, 1, 'C', -1],
        ],
      }),
    );
    expect(result).toMatchObject({
      categoriesFound: 9,
      categoriesAdded: 3,
      categoriesFailed: 6,
      itemsFound: 9,
      itemsAdded: 1,
      itemsFailed: 8,
      modifiersFound: 4,
      modifiersAdded: 1,
      modifiersFailed: 3,
    });
    const lines = result.errorMessage!.split('\n');
    const expected = [
      'Sections row 4: the row is empty',
      "Sections row 5: parent section 'Nowhere' is not in the menu nor above in the sheet",
      "Sections row 7: 'Mini cakes' is too deep to hold sections",
      'Sections row 8: the section is listed already in row 3',
      "Sections row 9: a section named 'Hot drinks' is already in the menu under another parent",
      "Sections row 10: 'Section' is longer than 50 characters",
      "Modifier groups row 4 ('Broken'): 'Min' is more than 'Max'",
      "Modifier groups row 5 ('Too many'): 'Max' must be a whole number from 0 to 50",
      "Modifier groups row 6 ('Bad price'): 'Price' must be a number from 0 to 100000 with at most 3 decimals",
      `Items row 3 ('${long}'): 'Item' is longer than 59 characters`,
      "Items rows 4, 5 ('Brownie'): row 5: 'Variant' is required",
      "Items row 6 ('Baklava'): 'Price' must be a number",
      "Items row 7 ('Kunafa'): 'Price' must be a number",
      "Items row 8 ('Muhallabia'): 'Price' must be a number",
      "Items row 9 ('Ghost'): section 'Nowhere' is not in the menu nor in the Sections sheet",
      "Items row 10 ('Halva'): modifier group 'Unknown group' is not in the menu nor in the Modifier groups sheet",
      "Items row 11 ('Basbousa'): modifier group 'Broken' was refused",
    ];
    for (const start of expected)
      expect(
        lines.some((l) => l.startsWith(start)),
        start,
      ).toBe(true);
    // A one-row item or group is named by its row once, not again before its problem.
    expect(lines.filter((l) => /^[A-Z][a-z ]+ row (\d+) .*: row \1:/.test(l))).toEqual([]);
    expect(lines).toHaveLength(expected.length);

    const menu = await menuOf(f.alBayt.id);
    const cakes = menu.sections.find((c) => c.title.en === 'Cakes')!;
    const desserts = menu.sections.find((c) => c.title.en === 'Desserts')!;
    expect(cakes.parentId).toBe(desserts.id);
    expect(desserts.description?.en).toBe('Sweet things');
    expect(menu.items.filter((i) => i.categoryId === cakes.id).map((i) => i.title.en)).toEqual([
      'Cheesecake',
    ]);
    expect(menu.groups.map((g) => g.name)).toContain('Toppings');
    expect(menu.groups.map((g) => g.name)).not.toContain('Broken');
  });

  it('decides an item whose rows stand apart in the sheet over all its rows', async () => {
    // More items than one statement writes between an item's first rows and its later ones.
    const fillers = Array.from({ length: 1100 }, (_, i) => ['Breakfast', `Filler ${i}`, '', '', 1]);
    const result = await uploadOk(
      await menuWorkbook({
        items: [
          ['Breakfast', 'Apart shakshuka', 'Eggs in tomato', 'Small', 4],
          ['Breakfast', 'Apart foul', '', '', 2],
          ['Breakfast', 'Apart labneh', '', '', 3],
          ...fillers,
          ['Breakfast', 'Apart shakshuka', '', 'Large', 6],
          ['Breakfast', 'Apart foul', '', 'Large', 3],
          ['Breakfast', 'Apart labneh', '', 'Large', 'free'],
        ],
      }),
    );
    expect(result).toMatchObject({
      itemsFound: fillers.length + 3,
      itemsAdded: fillers.length + 1,
      itemsFailed: 2,
    });
    const lines = result.errorMessage!.split('\n');
    expect(lines).toEqual([
      `Items rows 3, ${fillers.length + 6} ('Apart foul'): row 3: 'Variant' is required`,
      `Items rows 4, ${fillers.length + 7} ('Apart labneh'): row 4: 'Variant' is required; row ${fillers.length + 7}: 'Price' must be a number from 0 to 100000 with at most 3 decimals`,
    ]);
    const menu = await menuOf(f.alBayt.id);
    const titles = menu.items.map((i) => i.title.en);
    expect(titles).not.toContain('Apart foul');
    expect(titles).not.toContain('Apart labneh');
    const shakshuka = menu.items.filter((i) => i.title.en === 'Apart shakshuka');
    expect(shakshuka).toHaveLength(1);
    expect(shakshuka[0]!.description?.en).toBe('Eggs in tomato');
    const sizes = menu.variants
      .filter((v) => v.itemId === shakshuka[0]!.id)
      .sort((a, b) => a.position - b.position)
      .map((v) => [v.title.en, v.price]);
    expect(sizes).toEqual([
      ['Small', '4.000'],
      ['Large', '6.000'],
    ]);
    // It keeps its place in the sheet's order: before the items that followed its first row.
    const filler = menu.items.find((i) => i.title.en === 'Filler 0')!;
    expect(shakshuka[0]!.position).toBeLessThan(filler.position);
  }, 60_000);

  it('reads a workbook of an Items sheet alone into the existing sections and groups', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Items');
    sheet.addRow(['Section', 'Item', 'Price', 'Modifier groups']);
    sheet.addRow(['Breakfast', 'Lonely manakish', 2.5, '']);
    sheet.addRow(['Breakfast', 'Lonely fatayer', 2.5, 'Nowhere group']);
    const result = await uploadOk(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(result).toMatchObject({
      categoriesFound: 0,
      modifiersFound: 0,
      itemsFound: 2,
      itemsAdded: 1,
      itemsFailed: 1,
      errorMessage:
        "Items row 3 ('Lonely fatayer'): modifier group 'Nowhere group' is not in the menu nor in the Modifier groups sheet",
    });
  });

  it('writes nothing of a file refused after its first sheets were written', async () => {
    const wb = new ExcelJS.Workbook();
    const sections = wb.addWorksheet('Sections');
    sections.addRow(['Section']);
    sections.addRow(['Never written']);
    const groups = wb.addWorksheet('Modifier groups');
    groups.addRow(['Modifier group', 'Modifier item', 'Price']);
    groups.addRow(['Never written either', 'A', 1]);
    // The items (read last) miss their price column: the whole file is refused.
    const itemSheet = wb.addWorksheet('Items');
    itemSheet.addRow(['Section', 'Item']);
    itemSheet.addRow(['Never written', 'Ghost']);
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(422);
    expect(fileCodes(res)).toEqual(['bulk_upload_columns_missing']);
    const menu = await menuOf(f.alBayt.id);
    expect(menu.sections.map((c) => c.title.en)).not.toContain('Never written');
    expect(menu.groups.map((g) => g.name)).not.toContain('Never written either');
  });

  it('reads headers in any order and case, and rejects a sheet without a required column', async () => {
    const reordered = await menuWorkbook(
      { items: [[4.5, 'Zaatar croissant', 'breakfast']] },
      { items: ['PRICE', 'item', 'Section'] },
    );
    expect(await uploadOk(reordered)).toMatchObject({ itemsAdded: 1, itemsFailed: 0 });
    const noPrice = await menuWorkbook(
      { items: [['Breakfast', 'Toast']] },
      { items: ['Section', 'Item'] },
    );
    const res = await upload(noPrice);
    expect(res.statusCode).toBe(422);
    expect(fileCodes(res)).toEqual(['bulk_upload_columns_missing']);
  });
});

describe('limits that keep one upload from stalling the server', () => {
  it('refuses a file of more than 50,000 rows in all, each sheet under its own limit, and writes nothing', async () => {
    const before = await menuOf(f.casa.id);
    const half = BULK_UPLOAD_LIMITS.maxRowsPerFile / 2;
    const sections = Array.from({ length: half + 1 }, (_, i) => [`Shelf ${i}`, '', '', '']);
    const items = Array.from({ length: half }, (_, i) => [`Shelf ${i}`, `Thing ${i}`, '', '', 1]);
    const file = await menuWorkbook({ sections, items });
    expect(file.length).toBeLessThan(BULK_UPLOAD_LIMITS.maxBytes);
    const res = await upload(file, otherOwner, f.casa.id);
    expect(res.statusCode, res.body).toBe(422);
    expect(fileCodes(res)).toEqual(['bulk_upload_too_many_rows']);
    const after = await menuOf(f.casa.id);
    expect(after.sections).toHaveLength(before.sections.length);
    expect(after.items).toHaveLength(before.items.length);
  }, 120_000);

  it('quotes at most 80 characters of a cell in an error, and refuses an over-long cell without echoing it', async () => {
    const huge = `S${'e'.repeat(3_000_000)}`;
    const longTitle = 'T'.repeat(200_000);
    const file = await menuWorkbook({
      items: [
        [huge, 'Tea', '', '', 1],
        ['Breakfast', longTitle, '', '', 1],
      ],
    });
    expect(file.length).toBeLessThan(BULK_UPLOAD_LIMITS.maxBytes);
    const res = await upload(file);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    // The answer names the rows and quotes the section's first 80 characters, nothing more.
    expect(res.body.length).toBeLessThan(2_000);
    const lines = (res.json().results as BulkUploadResult).errorMessage!.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`section '${huge.slice(0, 80)}…' is not in the menu`);
    expect(lines[1]).toContain(`'Item' is longer than ${CATALOG_LIMITS.itemTitleMax} characters`);
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'takes one import at a time on the embedded database: another meanwhile gets 429 with Retry-After',
    async () => {
      const items = Array.from({ length: 4000 }, (_, i) => [
        'Breakfast',
        `Crowded ${i}`,
        '',
        '',
        1,
      ]);
      const file = await menuWorkbook({ items });
      const [first, second] = await Promise.all([
        upload(file),
        upload(
          await menuWorkbook({ items: [['Breakfast', 'Lonely toast', '', '', 1]] }),
          otherOwner,
          f.casa.id,
        ),
      ]);
      const answers = [first, second].map((r) => r.statusCode).sort();
      expect(answers).toEqual([200, 429]);
      const busy = first.statusCode === 429 ? first : second;
      expect(busy.json().error.code).toBe('bulk_upload_busy');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      // Once it is done the next one goes through.
      expect(
        (
          await upload(
            await menuWorkbook({ items: [['Breakfast', 'Late toast', '', '', 1]] }),
            otherOwner,
            f.casa.id,
          )
        ).statusCode,
      ).toBe(200);
    },
    120_000,
  );
});

describe('the file check', () => {
  it('answers 422 required without a file, 413 above 1 MB', async () => {
    const none = await ctx.app.inject({
      method: 'POST',
      url: base(f.alBayt.id),
      headers: { ...owner, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(422);
    expect(fileCodes(none)).toEqual(['required']);
    const big = await upload(Buffer.alloc(1_048_577, 1));
    expect(big.statusCode).toBe(413);
  });

  it('refuses what is not an xlsx: not a zip, a zip without a workbook, a workbook without the template', async () => {
    const notZip = await upload(Buffer.from('Section,Item\nDrinks,Tea\n'));
    expect(fileCodes(notZip)).toEqual(['bulk_upload_not_xlsx']);
    const noWorkbook = await upload(buildZip([deflated('readme.txt', 'hello')]));
    expect(fileCodes(noWorkbook)).toEqual(['bulk_upload_not_xlsx']);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Prices').addRow(['Item', 'Price']);
    const other = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(fileCodes(other)).toEqual(['bulk_upload_no_template_sheet']);
    const truncated = await upload((await template()).subarray(0, 3000));
    expect(fileCodes(truncated)).toEqual(['bulk_upload_not_xlsx']);
  });

  it('refuses an archive of too many entries before inflating any', async () => {
    const files = Array.from({ length: 201 }, (_, i) => deflated(`xl/media/f${i}.txt`, 'x'));
    const res = await upload(buildZip([deflated('xl/workbook.xml', '<workbook/>'), ...files]));
    expect(res.statusCode).toBe(422);
    expect(fileCodes(res)).toEqual(['bulk_upload_archive_refused']);
  });

  it('refuses an entry whose size is not the one declared', async () => {
    const lying = {
      ...deflated('xl/worksheets/sheet1.xml', 'x'.repeat(10_000)),
      uncompressedSize: 10,
    };
    const res = await upload(buildZip([deflated('xl/workbook.xml', '<workbook/>'), lying]));
    expect(fileCodes(res)).toEqual(['bulk_upload_archive_refused']);
  });

  it('refuses a 1 MB zip bomb (about 1 GB inflated) in bounded memory, whatever size it declares', async () => {
    for (const declared of ['lie', 'truth'] as const) {
      const { zip, inflatedBytes } = zipBomb(1_048_576 - 400, declared);
      expect(zip.length).toBeLessThanOrEqual(1_048_576 - 300);
      expect(inflatedBytes).toBeGreaterThan(900 * 1024 * 1024);
      global.gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakExternal = before.external + before.arrayBuffers;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakExternal = Math.max(peakExternal, m.external + m.arrayBuffers);
      }, 2);
      const res = await upload(zip);
      clearInterval(sampler);
      expect(res.statusCode).toBe(422);
      expect(fileCodes(res)).toEqual(['bulk_upload_archive_refused']);
      // Inflated in full the sheet would take a gigabyte; the check stops at 32 MB, in 64 kB chunks.
      expect(peakRss - before.rss).toBeLessThan(128 * 1024 * 1024);
      expect(peakExternal - (before.external + before.arrayBuffers)).toBeLessThan(64 * 1024 * 1024);
    }
  }, 60_000);

  it('writes nothing when the file is refused', async () => {
    const before = await menuOf(f.alBayt.id);
    await upload(zipBomb().zip);
    const after = await menuOf(f.alBayt.id);
    expect(after.items.length).toBe(before.items.length);
    expect(after.sections.length).toBe(before.sections.length);
  });
});

describe('who may upload', () => {
  it('is the store owner only, and never on an integrated menu', async () => {
    const bytes = await menuWorkbook({ items: [['Breakfast', 'Toast', '', '', 1]] });
    expect((await upload(bytes, manager)).statusCode).toBe(403);
    await ctx.database.owner
      .update(s.tenants)
      .set({ isIntegrated: true })
      .where(eq(s.tenants.id, f.alBayt.id));
    try {
      const res = await upload(bytes, owner);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'catalog_integrated' } });
    } finally {
      await ctx.database.owner
        .update(s.tenants)
        .set({ isIntegrated: false })
        .where(eq(s.tenants.id, f.alBayt.id));
    }
  });
});

describe("the import's writes", () => {
  it('are all or nothing: a statement failing undoes the ones before it', async () => {
    const tenantId = f.alBayt.id;
    const title = (en: string) => ({ fieldValue: en, en });
    const ids = [randomUUID(), randomUUID()];
    const attempt = ctx.database.db.transaction(async (tx) => {
      const section = (id: string) => ({
        id,
        parentId: null,
        title: title(id),
        description: null,
        position: 0,
      });
      await bulkUploadRepository.addSections(tx, tenantId, [section(ids[0]!)]);
      // A section that does not exist: the foreign key refuses this one.
      await bulkUploadRepository.addItems(tx, tenantId, [
        {
          id: randomUUID(),
          categoryId: randomUUID(),
          title: title('Orphan'),
          description: null,
          position: 0,
          variants: [{ title: title(''), price: '1.000', position: 0 }],
          groupIds: [],
        },
      ]);
      await bulkUploadRepository.addSections(tx, tenantId, [section(ids[1]!)]);
    });
    await expect(attempt).rejects.toThrow();
    const left = await ctx.database.db
      .select()
      .from(s.categories)
      .where(inArray(s.categories.id, ids));
    expect(left).toEqual([]);
  });
});
