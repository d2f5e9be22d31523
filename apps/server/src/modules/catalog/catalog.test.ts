import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TreeNode } from '@app/contracts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { accessTokenFor, bearer } from '../../test/auth.ts';
import * as s from '../../db/schema.ts';
import { demoTenantIds } from '../../test/demo-tenants.ts';

let ctx: TestContext;
let tenantId: string;
let otherTenantId: string;
let owner: Record<string, string>;
let manager: Record<string, string>;
let staff: Record<string, string>;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  ({ alBayt: tenantId, casaVerde: otherTenantId } = await demoTenantIds(ctx.database.owner));
  owner = bearer(await accessTokenFor(ctx, 'owner@demo.local'));
  manager = bearer(await accessTokenFor(ctx, 'manager@demo.local'));
  staff = bearer(await accessTokenFor(ctx, 'staff@demo.local'));
  base = `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs`;
}, 120_000);
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url: `${base}${url}`, headers, payload: payload as object });

const tree = async (): Promise<TreeNode> => {
  const res = await call('GET', '/tree', owner);
  expect(res.statusCode).toBe(200);
  return res.json().results;
};
const find = (node: TreeNode, id: string): TreeNode | undefined =>
  node.id === id ? node : node.children.map((c) => find(c, id)).find(Boolean);
const title = (fieldValue: string) => ({ fieldValue, en: fieldValue });
const codesOf = (body: { errors: { field: string; codes: string[] }[] }, field: string) =>
  body.errors.find((e) => e.field === field)?.codes;

async function createSection(name: string, parentId?: string) {
  const res = await call('POST', parentId ? `/categories/${parentId}` : '/categories', owner, {
    localizedTitle: title(name),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results as { id: string; level: number; position: number };
}

const item = (categoryId: string, extra: Record<string, unknown> = {}) => ({
  categories: [categoryId],
  localizedTitle: title('Kunafa'),
  variants: [{ price: 3.5, localizedTitle: title('') }],
  ...extra,
});

describe('catalogue tree', () => {
  it('gives owners and managers the demo menu with sections, sub-sections, items and variants', async () => {
    const root = await tree();
    expect(root.type).toBe('CATALOG');
    const titles = root.children.map((c) => c.title.fieldValue);
    expect(titles).toEqual(['Breakfast', 'Mains', 'Drinks']);
    const mains = root.children[1]!;
    expect(mains.children.map((c) => c.type)).toEqual(['CATALOG_CATEGORY', 'CATALOG_CATEGORY']);
    const grill = mains.children[0]!.children[0]!;
    expect(grill.type).toBe('CATALOG_ITEM');
    expect(grill.variants.map((v) => v.price)).toEqual([8.5, 15]);
    expect(grill.taxes).toHaveLength(2);
    const res = await call('GET', '/tree', manager);
    expect(res.statusCode).toBe(200);
  });

  it('is refused to an order taker and shows nothing of another tenant', async () => {
    expect((await call('GET', '/tree', staff)).statusCode).toBe(403);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${otherTenantId}/branches/defaultBranch/productcatalogs/tree`,
      headers: owner,
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Tapas');
  });
});

describe('sections', () => {
  it('creates a main section, a sub-section and a third level, and refuses a fourth', async () => {
    const main = await createSection('Desserts');
    expect(main.level).toBe(0);
    const sub = await createSection('Cakes', main.id);
    expect(sub.level).toBe(1);
    const third = await createSection('Cheesecakes', sub.id);
    expect(third.level).toBe(2);
    const res = await call('POST', `/categories/${third.id}`, owner, {
      localizedTitle: title('Too deep'),
    });
    expect(res.statusCode).toBe(422);
    expect(codesOf(res.json(), 'parentId')).toEqual(['category_max_depth']);
    const level = await call('GET', `/categories/${sub.id}/currentlevel`, manager);
    expect(level.json()).toEqual({ results: { level: 1 } });
  });

  it('bounds the title to 1–50 characters and the description to 120', async () => {
    const empty = await call('POST', '/categories', owner, { localizedTitle: title('') });
    expect(empty.statusCode).toBe(422);
    expect(codesOf(empty.json(), 'localizedTitle.fieldValue')).toEqual(['required']);
    const long = await call('POST', '/categories', owner, {
      localizedTitle: title('x'.repeat(51)),
    });
    expect(codesOf(long.json(), 'localizedTitle.fieldValue')).toEqual(['max']);
    const desc = await call('POST', '/categories', owner, {
      localizedTitle: title('Soups'),
      localizedDesc: title('d'.repeat(121)),
    });
    expect(codesOf(desc.json(), 'localizedDesc.fieldValue')).toEqual(['max']);
    expect(
      (await call('POST', '/categories', owner, { localizedTitle: title('x'.repeat(50)) }))
        .statusCode,
    ).toBe(201);
  });

  it('lets only owners edit sections', async () => {
    const res = await call('POST', '/categories', manager, { localizedTitle: title('Nope') });
    expect(res.statusCode).toBe(403);
  });

  it('refuses to delete a section that still has items or sections, and deletes an empty one', async () => {
    const root = await tree();
    const breakfast = root.children[0]!;
    const refused = await call('DELETE', `/categories/${breakfast.id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('unable_to_delete_remove_children');
    const mains = root.children[1]!;
    expect((await call('DELETE', `/categories/${mains.id}`, owner)).statusCode).toBe(409);
    const empty = await createSection('Temporary');
    expect((await call('DELETE', `/categories/${empty.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/categories/${empty.id}`, owner)).statusCode).toBe(404);
  });

  it('saves a schedule, fills the missing days open all day, and refuses overlaps', async () => {
    const sec = await createSection('Lunch');
    const ok = await call('PUT', `/categories/${sec.id}/schedule`, owner, [
      { day: 1, openTime: '12:00', closeTime: '15:00' },
      { day: 1, openTime: '18:00', closeTime: '22:00' },
      { day: 5, dayClosed: true },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = ok.json().results as {
      day: number;
      dayClosed: boolean;
      openTime: string | null;
    }[];
    expect(saved.filter((d) => d.day === 1).map((d) => d.openTime)).toEqual(['12:00', '18:00']);
    expect(saved.find((d) => d.day === 5)!.dayClosed).toBe(true);
    expect(saved.find((d) => d.day === 0)).toEqual({
      day: 0,
      dayClosed: false,
      openTime: '00:00',
      closeTime: '23:59',
    });

    const overlap = await call('PUT', `/categories/${sec.id}/schedule`, owner, [
      { day: 2, openTime: '10:00', closeTime: '14:00' },
      { day: 2, openTime: '13:00', closeTime: '16:00' },
    ]);
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors).toEqual([
      { field: '1.openTime', codes: ['operating_hour_intersection'] },
    ]);
    const order = await call('PUT', `/categories/${sec.id}/schedule`, owner, [
      { day: 2, openTime: '14:00', closeTime: '10:00' },
    ]);
    expect(order.json().errors).toEqual([
      { field: '0.closeTime', codes: ['operating_hour_range_invalid'] },
    ]);
    const same = await call('PUT', `/categories/${sec.id}/schedule`, owner, [
      { day: 3, openTime: '09:00', closeTime: '10:00' },
      { day: 3, openTime: '09:00', closeTime: '11:00' },
    ]);
    expect(same.json().errors[0].codes).toEqual(['operating_hour_duplicate_opening_hours']);
    // The failed saves left the first schedule in place.
    const read = await call('GET', `/categories/${sec.id}/schedule`, manager);
    expect(read.json().results).toEqual(saved);
  });
});

describe('items', () => {
  let sectionId: string;
  beforeAll(async () => {
    sectionId = (await createSection('Sweets')).id;
  });

  it('creates an item with the new-item defaults and exact prices', async () => {
    const res = await call(
      'POST',
      '/catalogitems',
      owner,
      item(sectionId, { variants: [{ price: '1.005', localizedTitle: title('') }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().results;
    expect(created).toMatchObject({
      categories: [sectionId],
      active: true,
      isNew: false,
      enableSpecialRequest: true,
      position: 999,
      taxes: [],
      excludedCheckoutTemplates: [],
    });
    expect(created.variants[0].price).toBe(1.005);
    const variants = await call('GET', `/catalogitems/${created.id}/variants`, manager);
    expect(variants.json().results).toHaveLength(1);
  });

  it('needs variant titles only when there are several variants', async () => {
    const res = await call(
      'POST',
      '/catalogitems',
      owner,
      item(sectionId, {
        variants: [
          { price: 1, localizedTitle: title('') },
          { price: 2, localizedTitle: title('Large') },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(codesOf(res.json(), 'variants.0.localizedTitle')).toEqual(['required']);
  });

  it('bounds titles, descriptions and prices', async () => {
    const long = await call(
      'POST',
      '/catalogitems',
      owner,
      item(sectionId, { localizedTitle: title('x'.repeat(60)) }),
    );
    expect(codesOf(long.json(), 'localizedTitle.fieldValue')).toEqual(['max']);
    const desc = await call(
      'POST',
      '/catalogitems',
      owner,
      item(sectionId, { localizedDesc: title('d'.repeat(1025)) }),
    );
    expect(codesOf(desc.json(), 'localizedDesc.fieldValue')).toEqual(['max']);
    const price = await call(
      'POST',
      '/catalogitems',
      owner,
      item(sectionId, { variants: [{ price: 100000.5, localizedTitle: title('') }] }),
    );
    expect(codesOf(price.json(), 'variants.0.price')).toEqual(['price_range']);
    const negative = await call(
      'POST',
      '/catalogitems',
      owner,
      item(sectionId, { variants: [{ price: -1, localizedTitle: title('') }] }),
    );
    expect(codesOf(negative.json(), 'variants.0.price')).toEqual(['price_range']);
    const none = await call('POST', '/catalogitems', owner, item(sectionId, { variants: [] }));
    expect(codesOf(none.json(), 'variants')).toEqual(['min']);
  });

  it("takes only the tenant's own taxes and sections", async () => {
    const [foreignTax] = await ctx.database.owner
      .select()
      .from(s.taxDefinitions)
      .where(eq(s.taxDefinitions.tenantId, otherTenantId));
    const res = await call(
      'POST',
      '/catalogitems',
      owner,
      item(sectionId, { taxes: [foreignTax!.id] }),
    );
    expect(res.statusCode).toBe(422);
    expect(codesOf(res.json(), 'taxes')).toEqual(['tax_not_found']);
    const noTax = await call(
      'POST',
      '/catalogitems',
      owner,
      item(sectionId, { taxes: ['NO_TAX'] }),
    );
    expect(noTax.statusCode).toBe(201);
    expect(noTax.json().results.taxes).toEqual([]);
    const [foreignSection] = await ctx.database.owner
      .select()
      .from(s.categories)
      .where(eq(s.categories.tenantId, otherTenantId));
    const bad = await call('POST', '/catalogitems', owner, item(foreignSection!.id));
    expect(codesOf(bad.json(), 'categories')).toEqual(['category_not_found']);
  });

  it('updates variants in place, keeping their ids, and deletes items', async () => {
    const created = (await call('POST', '/catalogitems', owner, item(sectionId))).json().results;
    const vid = created.variants[0].id;
    const updated = await call('PUT', `/catalogitems/${created.id}`, owner, {
      ...item(sectionId),
      localizedTitle: title('Kunafa nabulsieh'),
      variants: [
        { id: vid, price: 4, localizedTitle: title('Small'), position: 0 },
        { price: 7, localizedTitle: title('Large'), position: 1 },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(
      updated
        .json()
        .results.variants.map((v: { id: string; price: number }) => [v.id === vid, v.price]),
    ).toEqual([
      [true, 4],
      [false, 7],
    ]);
    expect((await call('DELETE', `/catalogitems/${created.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/catalogitems/${created.id}`, owner)).statusCode).toBe(404);
  });

  it('lets every role hide and show an item, and the tree follows', async () => {
    const created = (await call('POST', '/catalogitems', owner, item(sectionId))).json().results;
    const hide = await call('PUT', `/catalogitems/${created.id}/availability`, staff, {
      active: false,
      outOfStock: false,
    });
    expect(hide.statusCode).toBe(200);
    expect(find(await tree(), created.id)!.active).toBe(false);
    await call('PUT', `/catalogitems/${created.id}/availability`, staff, {
      active: true,
      outOfStock: false,
    });
    expect(find(await tree(), created.id)!.active).toBe(true);
    expect(
      (await call('PUT', `/catalogitems/${created.id}`, manager, item(sectionId))).statusCode,
    ).toBe(403);
  });
});

describe('positions and moves', () => {
  it('reorders items and sections in one transaction, and an unknown id changes nothing', async () => {
    const root = await tree();
    const breakfast = root.children[0]!;
    const [a, b, c] = breakfast.children;
    const res = await call('PUT', '/position', owner, [
      { id: c!.id, position: 0 },
      { id: a!.id, position: 1 },
      { id: b!.id, position: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(find(await tree(), breakfast.id)!.children.map((n) => n.id)).toEqual([
      c!.id,
      a!.id,
      b!.id,
    ]);

    const bad = await call('PUT', '/position', owner, [
      { id: a!.id, position: 0 },
      { id: '7d5c2a9e-1111-4a4a-8a8a-000000000000', position: 1 },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(find(await tree(), breakfast.id)!.children.map((n) => n.id)).toEqual([
      c!.id,
      a!.id,
      b!.id,
    ]);
  });

  it('moves a section to another parent and index, and the tree answers it at once', async () => {
    const root = await tree();
    const drinks = root.children.find((n) => n.title.fieldValue === 'Drinks')!;
    const mains = root.children.find((n) => n.title.fieldValue === 'Mains')!;
    const hot = drinks.children[0]!;
    const res = await call('PUT', '/move', owner, {
      nodeId: hot.id,
      nodeType: 'category',
      newIndex: 0,
      parentId: mains.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().results as TreeNode;
    expect(find(moved, mains.id)!.children[0]!.id).toBe(hot.id);
    expect(find(moved, drinks.id)!.children.map((n) => n.id)).not.toContain(hot.id);
    expect(find(await tree(), mains.id)!.children.map((n) => n.position)).toEqual([0, 1, 2]);
  });

  it('keeps the drop rules: not under itself, not too deep, sections with sub-sections stay put', async () => {
    const root = await tree();
    const mains = root.children.find((n) => n.title.fieldValue === 'Mains')!;
    const grills = mains.children.find((n) => n.title.fieldValue === 'Grills')!;
    const intoChild = await call('PUT', '/move', owner, {
      nodeId: mains.id,
      nodeType: 'category',
      newIndex: 0,
      parentId: grills.id,
    });
    expect(intoChild.statusCode).toBe(422);
    const drinks = root.children.find((n) => n.title.fieldValue === 'Drinks')!;
    const withSubs = await call('PUT', '/move', owner, {
      nodeId: mains.id,
      nodeType: 'category',
      newIndex: 0,
      parentId: drinks.id,
    });
    expect(codesOf(withSubs.json(), 'parentId')).toEqual(['category_with_sections_cannot_move']);
    const deep = await createSection('Deep', grills.id);
    const leaf = await createSection('Leaf');
    const tooDeep = await call('PUT', '/move', owner, {
      nodeId: leaf.id,
      nodeType: 'category',
      newIndex: 0,
      parentId: deep.id,
    });
    expect(codesOf(tooDeep.json(), 'parentId')).toEqual(['category_max_depth']);
    // Reordering among its siblings stays allowed for a section with sub-sections.
    const reorder = await call('PUT', '/move', owner, {
      nodeId: mains.id,
      nodeType: 'category',
      newIndex: 0,
      parentId: null,
    });
    expect(reorder.statusCode).toBe(200);
    expect((await tree()).children[0]!.id).toBe(mains.id);
  });
});

describe('delivery-focused view', () => {
  it('refuses a new main section but still takes sub-sections', async () => {
    await ctx.database.owner
      .update(s.tenants)
      .set({ viewShowSection: false })
      .where(eq(s.tenants.id, tenantId));
    try {
      const res = await call('POST', '/categories', owner, {
        localizedTitle: title('Blocked main'),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('view_delivery_focused');
      const main = (await tree()).children[0]!;
      expect(
        (await call('POST', `/categories/${main.id}`, owner, { localizedTitle: title('Sub ok') }))
          .statusCode,
      ).toBe(201);
    } finally {
      await ctx.database.owner
        .update(s.tenants)
        .set({ viewShowSection: true })
        .where(eq(s.tenants.id, tenantId));
    }
  });
});

describe('integrated tenants', () => {
  it('cannot change the menu except section schedules', async () => {
    await ctx.database.owner
      .update(s.tenants)
      .set({ isIntegrated: true })
      .where(eq(s.tenants.id, tenantId));
    try {
      const root = await tree();
      const res = await call('POST', '/categories', owner, { localizedTitle: title('Blocked') });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('catalog_integrated');
      const sched = await call('PUT', `/categories/${root.children[0]!.id}/schedule`, owner, [
        { day: 0, openTime: '08:00', closeTime: '12:00' },
      ]);
      expect(sched.statusCode).toBe(200);
    } finally {
      await ctx.database.owner
        .update(s.tenants)
        .set({ isIntegrated: false })
        .where(eq(s.tenants.id, tenantId));
    }
  });
});

describe('images', () => {
  const upload = (bytes: Buffer, filename: string, headers = owner) => {
    const boundary = '----test-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${tenantId}/ImagesHandler/images`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };

  it('stores a png or jpeg by its content, answers 201 with a url the server serves', async () => {
    const png = await sharp({
      create: { width: 100, height: 62, channels: 4, background: '#c0392b80' },
    })
      .png()
      .toBuffer();
    const res = await upload(png, 'photo.png');
    expect(res.statusCode, res.body).toBe(201);
    const { url, contentType, width } = res.json().results;
    expect(contentType).toBe('image/png');
    expect(width).toBe(100);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 100 });
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg, 'renamed.png')).json().results.contentType).toBe('image/jpeg');
  });

  it('refuses a file that is not an image whatever its name, and one over 1 MB', async () => {
    const fake = await upload(Buffer.from('<svg onload=alert(1)></svg>'), 'evil.png');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual([{ field: 'file', codes: ['image_type_not_allowed'] }]);
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(1_048_577),
    ]);
    expect((await upload(big, 'big.png')).statusCode).toBe(413);
  });

  it('is for owners only', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'a.png', manager)).statusCode).toBe(403);
  });
});
