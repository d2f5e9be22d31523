import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { authAs } from '../../test/auth.ts';
import * as s from '../../db/schema.ts';

let ctx: TestContext;
let owner: Record<string, string>;
let manager: Record<string, string>;
let staff: Record<string, string>;
let base: string;
let sectionId: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  const [tenant] = await ctx.database.owner
    .select()
    .from(s.tenants)
    .where(eq(s.tenants.slug, 'al-bayt'));
  owner = await authAs(ctx, 'owner@demo.local');
  manager = await authAs(ctx, 'manager@demo.local');
  staff = await authAs(ctx, 'staff@demo.local');
  base = `/api/admin/tenants/${tenant!.id}/branches/defaultBranch/productcatalogs`;
  const [section] = await ctx.database.owner
    .select()
    .from(s.categories)
    .where(eq(s.categories.tenantId, tenant!.id));
  sectionId = section!.id;
}, 120_000);
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url: `${base}${url}`, headers, payload: payload as object });
const t = (fieldValue: string) => ({ fieldValue, en: fieldValue });
const group = (extra: Record<string, unknown> = {}) => ({
  name: 'Sauces',
  localizedTitle: t('Choose your sauces'),
  minQuantity: 0,
  maxQuantity: 3,
  allowModifierItemCounter: true,
  modifierItems: [
    { localizedTitle: t('Garlic'), price: 0, position: 0 },
    { localizedTitle: t('Tahini'), price: 0.25, position: 1 },
    { localizedTitle: t('Hot sauce'), price: '0.150', position: 2 },
  ],
  ...extra,
});
const codes = (res: { json(): { errors: { field: string; codes: string[] }[] } }, field: string) =>
  res.json().errors.find((e) => e.field === field)?.codes;

describe('modifier groups', () => {
  it('lets a manager create a group with three items and read it back in order', async () => {
    const res = await call('POST', '/modifiergroups/', manager, group());
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json().results;
    expect(
      g.modifierItems.map((i: { localizedTitle: { fieldValue: string }; price: number }) => [
        i.localizedTitle.fieldValue,
        i.price,
      ]),
    ).toEqual([
      ['Garlic', 0],
      ['Tahini', 0.25],
      ['Hot sauce', 0.15],
    ]);
    const listed = await call('GET', '/modifiergroups', owner);
    expect(listed.json().results.map((x: { id: string }) => x.id)).toContain(g.id);
    const queried = await call('GET', `/modifiergroups/query?modifierGroupIds=${g.id}`, owner);
    expect(queried.json().results).toHaveLength(1);
  });

  it('is refused to order takers', async () => {
    expect((await call('GET', '/modifiergroups', staff)).statusCode).toBe(403);
  });

  it('switches the item counter off when at most one choice is allowed', async () => {
    const res = await call(
      'POST',
      '/modifiergroups/',
      owner,
      group({ name: 'Bread', minQuantity: 1, maxQuantity: 1, allowModifierItemCounter: true }),
    );
    expect(res.json().results.allowModifierItemCounter).toBe(false);
  });

  it('enforces names, quantities 0–50, item texts, prices and at most 51 items', async () => {
    expect(
      codes(await call('POST', '/modifiergroups/', owner, group({ name: '' })), 'name'),
    ).toEqual(['required']);
    expect(
      codes(
        await call('POST', '/modifiergroups/', owner, group({ name: 'n'.repeat(256) })),
        'name',
      ),
    ).toEqual(['max']);
    expect(
      codes(
        await call('POST', '/modifiergroups/', owner, group({ maxQuantity: 51 })),
        'maxQuantity',
      ),
    ).toEqual(['error_modifierGroups_maximumQuantity_range']);
    expect(
      codes(
        await call('POST', '/modifiergroups/', owner, group({ minQuantity: -1 })),
        'minQuantity',
      ),
    ).toEqual(['error_modifierGroups_minimumQuantity_range']);
    expect(
      codes(
        await call('POST', '/modifiergroups/', owner, group({ minQuantity: 4, maxQuantity: 3 })),
        'minQuantity',
      ),
    ).toEqual(['error_modifierGroups_minimumQuantity_range']);
    // A minimum the choices cannot reach (5 of 3 choices, one of each): no order could pass it.
    const unreachable = group({ minQuantity: 5, maxQuantity: 6, allowModifierItemCounter: false });
    expect(
      codes(await call('POST', '/modifiergroups/', owner, unreachable), 'minQuantity'),
    ).toEqual(['error_modifierGroups_minimumQuantity_choices']);
    // Inactive choices count for nothing; the item counter reaches it (several of one choice).
    const inactive = group({
      minQuantity: 1,
      maxQuantity: 1,
      modifierItems: [{ localizedTitle: t('Gone'), price: 0, active: false }],
    });
    expect(codes(await call('POST', '/modifiergroups/', owner, inactive), 'minQuantity')).toEqual([
      'error_modifierGroups_minimumQuantity_choices',
    ]);
    const counted = await call(
      'POST',
      '/modifiergroups/',
      owner,
      group({ minQuantity: 5, maxQuantity: 6, allowModifierItemCounter: true }),
    );
    expect(counted.statusCode, counted.body).toBe(201);
    const longText = group({ modifierItems: [{ localizedTitle: t('x'.repeat(1025)), price: 1 }] });
    expect(
      codes(
        await call('POST', '/modifiergroups/', owner, longText),
        'modifierItems.0.localizedTitle.fieldValue',
      ),
    ).toEqual(['max']);
    const price = group({ modifierItems: [{ localizedTitle: t('Gold'), price: 100001 }] });
    expect(
      codes(await call('POST', '/modifiergroups/', owner, price), 'modifierItems.0.price'),
    ).toEqual(['price_range']);
    const many = group({
      modifierItems: Array.from({ length: 52 }, (_, i) => ({
        localizedTitle: t(`C${i}`),
        price: 0,
      })),
    });
    expect(codes(await call('POST', '/modifiergroups/', owner, many), 'modifierItems')).toEqual([
      'max',
    ]);
    const fiftyOne = group({
      name: 'Many',
      modifierItems: Array.from({ length: 51 }, (_, i) => ({
        localizedTitle: t(`C${i}`),
        price: 0,
      })),
    });
    expect((await call('POST', '/modifiergroups/', owner, fiftyOne)).statusCode).toBe(201);
  });

  it('attaches to an item in order, shows the item as linked, and cannot be deleted while used', async () => {
    const a = (await call('POST', '/modifiergroups/', owner, group({ name: 'Extras' }))).json()
      .results;
    const b = (await call('POST', '/modifiergroups/', owner, group({ name: 'Drinks' }))).json()
      .results;
    const created = await call('POST', '/catalogitems', owner, {
      categories: [sectionId],
      localizedTitle: t('Wrap'),
      variants: [{ price: 2, localizedTitle: t('') }],
      modifierGroupIds: [b.id, a.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().results.modifierGroupIds).toEqual([b.id, a.id]);
    const linked = await call('GET', `/modifiergroups/${a.id}/linkedcatalogitems`, manager);
    expect(
      linked
        .json()
        .results.map(
          (i: { localizedTitle: { fieldValue: string } }) => i.localizedTitle.fieldValue,
        ),
    ).toEqual(['Wrap']);
    const refused = await call('DELETE', `/modifiergroups/${a.id}`, manager);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('unable_to_delete_remove_from_others');
    // Taken off the item, the group can go.
    const itemId = created.json().results.id;
    const item = (await call('GET', `/catalogitems/${itemId}`, owner)).json().results;
    await call('PUT', `/catalogitems/${itemId}`, owner, { ...item, modifierGroupIds: [b.id] });
    expect(
      (await call('GET', `/modifiergroups/${a.id}/linkedcatalogitems`, owner)).json().results,
    ).toEqual([]);
    expect((await call('DELETE', `/modifiergroups/${a.id}`, manager)).statusCode).toBe(200);
    expect((await call('GET', `/modifiergroups/${a.id}`, owner)).statusCode).toBe(404);
  });

  it('refuses an item linking an unknown group', async () => {
    const res = await call('POST', '/catalogitems', owner, {
      categories: [sectionId],
      localizedTitle: t('Wrap'),
      variants: [{ price: 2, localizedTitle: t('') }],
      modifierGroupIds: ['0f0e0d0c-0b0a-4909-8807-060504030201'],
    });
    expect(codes(res, 'modifierGroupIds')).toEqual(['modifier_group_not_found']);
  });

  it('updates items in place: kept ids stay, removed ones go', async () => {
    const g = (await call('POST', '/modifiergroups/', owner, group({ name: 'Toppings' }))).json()
      .results;
    const [first] = g.modifierItems;
    const res = await call('PUT', `/modifiergroups/${g.id}`, owner, {
      ...group({ name: 'Toppings' }),
      modifierItems: [{ ...first, localizedTitle: t('Garlic (extra)'), active: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.modifierItems).toEqual([
      { ...first, localizedTitle: t('Garlic (extra)'), active: false },
    ]);
  });

  it('enforces the title, item texts, prices and quantities at their bounds', async () => {
    const post = (extra: Record<string, unknown>) =>
      call('POST', '/modifiergroups/', owner, group(extra));
    expect(codes(await post({ localizedTitle: t('') }), 'localizedTitle.fieldValue')).toEqual([
      'required',
    ]);
    expect(
      codes(await post({ localizedTitle: t('x'.repeat(256)) }), 'localizedTitle.fieldValue'),
    ).toEqual(['max']);
    expect(codes(await post({ minQuantity: 51, maxQuantity: 51 }), 'minQuantity')).toEqual([
      'error_modifierGroups_minimumQuantity_range',
    ]);
    expect(codes(await post({ maxQuantity: -1 }), 'maxQuantity')).toEqual([
      'error_modifierGroups_maximumQuantity_range',
    ]);
    expect(codes(await post({ maxQuantity: undefined }), 'maxQuantity')).toEqual([
      'error_modifierGroups_maximumQuantity_range',
    ]);
    expect(codes(await post({ minQuantity: 1.5 }), 'minQuantity')).toEqual([
      'error_modifierGroups_minimumQuantity_range',
    ]);
    const blank = { modifierItems: [{ localizedTitle: t(''), price: 1 }] };
    expect(codes(await post(blank), 'modifierItems.0.localizedTitle.fieldValue')).toEqual([
      'required',
    ]);
    const negative = { modifierItems: [{ localizedTitle: t('Free'), price: -1 }] };
    expect(codes(await post(negative), 'modifierItems.0.price')).toEqual(['price_range']);

    const bounds = await post({
      name: 'n'.repeat(255),
      localizedTitle: t('x'.repeat(255)),
      minQuantity: 50,
      maxQuantity: 50,
      allowModifierItemCounter: true,
      modifierItems: [
        { localizedTitle: t('y'.repeat(1024)), price: 100000 },
        { localizedTitle: t('Free'), price: 0 },
      ],
    });
    expect(bounds.statusCode, bounds.body).toBe(201);
    expect(bounds.json().results.modifierItems.map((i: { price: number }) => i.price)).toEqual([
      100000, 0,
    ]);
  });

  it('switches the counter off on an update to max 1, and keeps it with more', async () => {
    const g = (await call('POST', '/modifiergroups/', owner, group({ name: 'Counted' }))).json()
      .results;
    expect(g.allowModifierItemCounter).toBe(true);
    const one = await call('PUT', `/modifiergroups/${g.id}`, owner, {
      ...group({ name: 'Counted' }),
      minQuantity: 0,
      maxQuantity: 1,
      allowModifierItemCounter: true,
    });
    expect(one.json().results.allowModifierItemCounter).toBe(false);
  });

  it('reads groups by ids, repeated or comma-separated, and never another tenant’s', async () => {
    const a = (await call('POST', '/modifiergroups/', owner, group({ name: 'Q1' }))).json().results;
    const b = (await call('POST', '/modifiergroups/', owner, group({ name: 'Q2' }))).json().results;
    const ids = (res: { json(): { results: { id: string }[] } }) =>
      res
        .json()
        .results.map((x) => x.id)
        .sort();
    expect(
      ids(await call('GET', `/modifiergroups/query?modifierGroupIds=${a.id},${b.id}`, manager)),
    ).toEqual([a.id, b.id].sort());
    expect(
      ids(
        await call(
          'GET',
          `/modifiergroups/query?modifierGroupIds=${a.id}&modifierGroupIds=${b.id}`,
          manager,
        ),
      ),
    ).toEqual([a.id, b.id].sort());
    expect(
      (await call('GET', '/modifiergroups/query?modifierGroupIds=nope', owner)).statusCode,
    ).toBe(422);

    const [other] = await ctx.database.owner
      .select()
      .from(s.tenants)
      .where(eq(s.tenants.slug, 'casa-verde'));
    const otherBase = base.replace(/tenants\/[^/]+/, `tenants/${other!.id}`);
    const otherOwner = await authAs(ctx, 'owner@other.local');
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${otherBase}/modifiergroups/`,
      headers: otherOwner,
      payload: group(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const otherGroupId: string = created.json().results.id;
    // Through its own tenant's URL only; anywhere else it does not exist.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `${otherBase}/modifiergroups/`,
          headers: owner,
          payload: group(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/modifiergroups/query?modifierGroupIds=${otherGroupId}`, owner)).json()
        .results,
    ).toEqual([]);
    expect((await call('GET', `/modifiergroups/${otherGroupId}`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/modifiergroups/${otherGroupId}`, owner)).statusCode).toBe(404);
    expect(
      (await call('GET', `/modifiergroups/${otherGroupId}/linkedcatalogitems`, owner)).statusCode,
    ).toBe(404);
  });

  it('refuses another group’s modifier item in an update', async () => {
    const a = (await call('POST', '/modifiergroups/', owner, group({ name: 'Own' }))).json()
      .results;
    const b = (await call('POST', '/modifiergroups/', owner, group({ name: 'Other' }))).json()
      .results;
    const res = await call('PUT', `/modifiergroups/${a.id}`, owner, {
      ...group({ name: 'Own' }),
      modifierItems: [b.modifierItems[0]],
    });
    expect(codes(res, 'modifierItems.0.id')).toEqual(['modifier_item_not_found']);
  });

  it('lets order takers neither create, change nor delete groups', async () => {
    expect((await call('POST', '/modifiergroups/', staff, group())).statusCode).toBe(403);
    const g = (await call('POST', '/modifiergroups/', owner, group({ name: 'Guarded' }))).json()
      .results;
    expect((await call('PUT', `/modifiergroups/${g.id}`, staff, group())).statusCode).toBe(403);
    expect((await call('DELETE', `/modifiergroups/${g.id}`, staff)).statusCode).toBe(403);
    expect(
      (await call('GET', `/modifiergroups/${g.id}/linkedcatalogitems`, staff)).statusCode,
    ).toBe(403);
  });
});
