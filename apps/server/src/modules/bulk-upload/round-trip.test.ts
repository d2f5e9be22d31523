import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_UPLOAD_TEMPLATE, type BulkUploadResult } from '@app/contracts';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { xlsxMultipart } from '../../test/menu-workbook.ts';
import { demoFixtures, type DemoFixtures } from '../tickets/test-fixtures.ts';

/**
 * Issue 34, round trip: "Download the menu" gives the menu in the upload format with the id of
 * each entry; uploaded back unchanged it changes nothing, edited it updates what was edited.
 */
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

const download = (tenantId: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `${base(tenantId)}/menu`, headers });

async function menuFile(tenantId = f.alBayt.id, headers = owner) {
  const res = await download(tenantId, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
  return wb;
}

async function uploadBack(wb: ExcelJS.Workbook, tenantId = f.alBayt.id, headers = owner) {
  const { payload, contentType } = xlsxMultipart(Buffer.from(await wb.xlsx.writeBuffer()));
  const res = await ctx.app.inject({
    method: 'POST',
    url: base(tenantId),
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: BulkUploadResult }).results;
}

/** A sheet's rows as objects by column key (the template's headers). */
function rowsOf(wb: ExcelJS.Workbook, kind: keyof typeof BULK_UPLOAD_TEMPLATE) {
  const { sheet, columns } = BULK_UPLOAD_TEMPLATE[kind];
  const ws = wb.getWorksheet(sheet)!;
  const header = ws.getRow(1).values as unknown[];
  const col = (key: string) => header.indexOf((columns as Record<string, string>)[key]);
  const rows: {
    row: ExcelJS.Row;
    get: (key: string) => unknown;
    set: (key: string, v: unknown) => void;
  }[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    rows.push({
      row,
      get: (key) => row.getCell(col(key)).value,
      set: (key, v) => {
        row.getCell(col(key)).value = v as ExcelJS.CellValue;
      },
    });
  });
  return rows;
}

async function menuOf(tenantId: string) {
  const db = ctx.database.owner;
  const order = <T extends { id: string }>(rows: T[]) =>
    rows.sort((a, b) => a.id.localeCompare(b.id));
  return {
    sections: order(
      await db.select().from(s.categories).where(eq(s.categories.tenantId, tenantId)),
    ),
    items: order(await db.select().from(s.items).where(eq(s.items.tenantId, tenantId))),
    variants: order(await db.select().from(s.variants).where(eq(s.variants.tenantId, tenantId))),
    groups: order(
      await db.select().from(s.modifierGroups).where(eq(s.modifierGroups.tenantId, tenantId)),
    ),
    choices: order(
      await db.select().from(s.modifierItems).where(eq(s.modifierItems.tenantId, tenantId)),
    ),
    links: (
      await db
        .select()
        .from(s.itemModifierGroups)
        .where(eq(s.itemModifierGroups.tenantId, tenantId))
    )
      .map((l) => `${l.itemId}/${l.groupId}/${l.position}`)
      .sort(),
  };
}

describe('download the menu', () => {
  it("gives the menu in the upload format, each row with its entry's id", async () => {
    const wb = await menuFile();
    const menu = await menuOf(f.alBayt.id);
    const sections = rowsOf(wb, 'sections');
    const items = rowsOf(wb, 'items');
    const groups = rowsOf(wb, 'modifierGroups');
    expect(sections.map((r) => r.get('id')).sort()).toEqual(menu.sections.map((x) => x.id));
    // One row per variant, each naming its item and variant.
    expect(items.map((r) => r.get('variantId')).sort()).toEqual(menu.variants.map((v) => v.id));
    const variant = menu.variants[0]!;
    const row = items.find((r) => r.get('variantId') === variant.id)!;
    expect(row.get('id')).toBe(variant.itemId);
    expect(row.get('price')).toBe(Number(variant.price));
    expect(groups.map((r) => r.get('modifierId')).sort()).toEqual(menu.choices.map((c) => c.id));
    // Parents come before the sections they hold.
    const seen = new Set<string>();
    for (const r of sections) {
      const parent = menu.sections.find((x) => x.id === r.get('id'))!.parentId;
      if (parent) expect(seen.has(parent)).toBe(true);
      seen.add(r.get('id') as string);
    }
  });

  it('is the store owner’s: a manager gets 403, another tenant’s owner is refused', async () => {
    expect((await download(f.alBayt.id, manager)).statusCode).toBe(403);
    expect([403, 404]).toContain((await download(f.alBayt.id, otherOwner)).statusCode);
  });
});

describe('uploading the downloaded menu back', () => {
  it('unchanged, finds every row and changes nothing', async () => {
    const before = await menuOf(f.alBayt.id);
    const wb = await menuFile();
    const result = await uploadBack(wb);
    expect(result).toEqual({
      categoriesFound: rowsOf(wb, 'sections').length,
      itemsFound: before.items.length,
      modifiersFound: before.groups.filter((g) => before.choices.some((c) => c.groupId === g.id))
        .length,
      categoriesFailed: 0,
      itemsFailed: 0,
      modifiersFailed: 0,
      categoriesAdded: 0,
      itemsAdded: 0,
      modifiersAdded: 0,
      categoriesUpdated: 0,
      itemsUpdated: 0,
      modifiersUpdated: 0,
      sheetsIgnored: [],
      errorMessage: null,
    });
    expect(await menuOf(f.alBayt.id)).toEqual(before);
  });

  it('edited, updates only what changed, keeps positions, and adds rows without ids', async () => {
    const before = await menuOf(f.alBayt.id);
    const wb = await menuFile();
    const items = rowsOf(wb, 'items');
    const groups = rowsOf(wb, 'modifierGroups');
    const sections = rowsOf(wb, 'sections');

    // A price, an item's title and Arabic title, a modifier item's price, a section's description.
    const priced = items[0]!;
    priced.set('price', 12.345);
    const renamed = items.find((r) => r.get('id') !== priced.get('id'))!;
    const renamedId = renamed.get('id') as string;
    for (const r of items.filter((x) => x.get('id') === renamedId))
      r.set('title', 'Round trip dish');
    renamed.set('titleAr', 'طبق الذهاب والإياب');
    const choice = groups[0]!;
    choice.set('price', 0.75);
    const section = sections[0]!;
    section.set('description', 'Edited in a spreadsheet');
    // A new item in that section, without ids.
    const ws = wb.getWorksheet('Items')!;
    const header = ws.getRow(1).values as unknown[];
    const added = ws.addRow([]);
    added.getCell(header.indexOf('Section')).value = section.get('title') as string;
    added.getCell(header.indexOf('Item')).value = 'Added by round trip';
    added.getCell(header.indexOf('Price')).value = 4;

    const result = await uploadBack(wb);
    expect(result).toMatchObject({
      categoriesUpdated: 1,
      categoriesAdded: 0,
      itemsUpdated: priced.get('id') === renamedId ? 1 : 2,
      itemsAdded: 1,
      modifiersUpdated: 1,
      modifiersAdded: 0,
      itemsFailed: 0,
      errorMessage: null,
    });

    const after = await menuOf(f.alBayt.id);
    const variant = after.variants.find((v) => v.id === priced.get('variantId'))!;
    expect(variant.price).toBe('12.345');
    const item = after.items.find((i) => i.id === renamedId)!;
    expect(item.title).toMatchObject({
      fieldValue: 'Round trip dish',
      en: 'Round trip dish',
      ar: 'طبق الذهاب والإياب',
    });
    const wasItem = before.items.find((i) => i.id === renamedId)!;
    // Spanish kept, position kept.
    expect(item.title.es).toBe(wasItem.title.es);
    expect(after.items.map((i) => [i.id, i.position, i.categoryId])).toEqual(
      expect.arrayContaining(before.items.map((i) => [i.id, i.position, i.categoryId])),
    );
    expect(after.choices.find((c) => c.id === choice.get('modifierId'))!.price).toBe('0.750');
    expect(after.sections.find((x) => x.id === section.get('id'))!.description?.en).toBe(
      'Edited in a spreadsheet',
    );
    expect(after.items.filter((i) => i.title.en === 'Added by round trip')).toHaveLength(1);
    // Nothing else changed: the other variants, choices and links are as they were.
    const others = (rows: { id: string }[], changed: unknown) =>
      rows.filter((r) => r.id !== changed);
    expect(
      others(after.variants, variant.id).filter((v) => before.variants.some((b) => b.id === v.id)),
    ).toEqual(others(before.variants, variant.id));
    expect(others(after.choices, choice.get('modifierId'))).toEqual(
      others(before.choices, choice.get('modifierId')),
    );
    expect(after.links).toEqual(before.links);

    // The same file again: nothing more to update; the added item is found by name.
    const again = await uploadBack(wb);
    expect(again).toMatchObject({
      categoriesUpdated: 0,
      itemsUpdated: 0,
      modifiersUpdated: 0,
      itemsAdded: 0,
      errorMessage: null,
    });
  });

  it("refuses a row naming another tenant's entry, which stays as it was", async () => {
    const foreign = await menuFile(f.casa.id, otherOwner);
    const foreignItem = rowsOf(foreign, 'items')[0]!;
    const casaBefore = await menuOf(f.casa.id);
    const wb = await menuFile();
    const row = rowsOf(wb, 'items')[0]!;
    const sheetRow = row.row.number;
    row.set('id', foreignItem.get('id'));
    row.set('variantId', foreignItem.get('variantId'));
    row.set('price', 99);
    const result = await uploadBack(wb);
    expect(result.itemsFailed).toBe(1);
    expect(result.errorMessage).toContain(`Items row ${sheetRow}`);
    expect(result.errorMessage).toContain('is not an item of this menu');
    expect(await menuOf(f.casa.id)).toEqual(casaBefore);
  });

  it('refuses made-up ids (NUL, huge, SQL) row by row, echoing 80 characters at most', async () => {
    const before = await menuOf(f.alBayt.id);
    const wb = await menuFile();
    const [a, b, c] = rowsOf(wb, 'sections');
    a!.set('id', 'x\u0000y');
    b!.set('id', 'z'.repeat(8000));
    c!.set('id', "'; drop table tickets; --");
    const result = await uploadBack(wb);
    expect(result.categoriesFailed).toBe(3);
    const lines = result.errorMessage!.split('\n');
    expect(lines.filter((l) => l.includes('is not a section of this menu'))).toHaveLength(3);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(400);
    expect(await menuOf(f.alBayt.id)).toEqual(before);
  });

  it('refuses a variant id of another item, and a section moved to another parent', async () => {
    const wb = await menuFile();
    const items = rowsOf(wb, 'items');
    const a = items[0]!;
    const b = items.find((r) => r.get('id') !== a.get('id'))!;
    a.set('variantId', b.get('variantId'));
    const sections = rowsOf(wb, 'sections');
    const top = sections.filter((r) => !r.get('parent'));
    top[0]!.set('parent', top[1]!.get('title'));
    const result = await uploadBack(wb);
    expect(result.errorMessage).toContain('is not a variant of this item');
    expect(result.errorMessage).toContain("'Parent section' is not the section's parent");
    expect(result.categoriesFailed).toBe(1);
  });
});
