import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontAddress } from '@app/contracts';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

let ctx: TestContext;
let f: DemoFixtures;
let owner: Record<string, string>;
let staff: Record<string, string>;
let otherOwner: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  owner = await authAs(ctx, 'owner@demo.local');
  staff = await authAs(ctx, 'staff@demo.local');
  otherOwner = await authAs(ctx, 'owner@other.local');
}, 120_000);
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
type Area = {
  id: string;
  title: string | null;
  value: string;
  sectionId: string | null;
  sectionName: string | null;
  template: string;
  paymentMethods: { paymentMethodType: string; active: boolean }[];
};
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers = owner) =>
  ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
const base = (branchId = f.abdoun.id, tenantId = f.alBayt.id) =>
  `/api/admin/tenants/${tenantId}/branches/${branchId}/serviceareamanagement`;
const codesOf = (res: { json(): { errors?: { field: string; codes: string[] }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.codes]));
const list = async (query = '', branchId = f.abdoun.id) => {
  const res = await call('GET', `${base(branchId)}/serviceareas${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { serviceAreas: Area[]; totalCount: number };
};
const names = (areas: Area[]) => areas.map((a) => (a.title ? `${a.title} ${a.value}` : a.value));

/** Every QR code found in a PNG, read by an independent decoder (jsQR). */
async function decode(png: Uint8Array): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  if (!code) throw new Error('no QR code found');
  return code.data;
}

/** The distinct RGB colours of a PNG. */
async function coloursOf(png: Uint8Array): Promise<Set<string>> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<string>();
  for (let i = 0; i < data.length; i += info.channels)
    colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
  return colours;
}

describe('sections', () => {
  it('adds, lists and renames a section; names are 3–36 characters and unique', async () => {
    const made = await call('POST', `${base()}/sections`, { name: '  Rooftop  ' });
    expect(made.statusCode, made.body).toBe(201);
    const section = made.json().results;
    expect(section).toMatchObject({ name: 'Rooftop' });

    const listed = await call('GET', `${base()}/sections`);
    expect(listed.json().results.map((x: Json) => x.name)).toEqual([
      'Garden',
      'Ground floor',
      'Rooftop',
      'Terrace',
    ]);

    expect(codesOf(await call('POST', `${base()}/sections`, { name: 'ab' }))).toEqual({
      name: ['min'],
    });
    expect(codesOf(await call('POST', `${base()}/sections`, { name: 'x'.repeat(37) }))).toEqual({
      name: ['max'],
    });
    expect(codesOf(await call('POST', `${base()}/sections`, { name: 'Terrace' }))).toEqual({
      name: ['duplicate_floor'],
    });
    // The same name is free in another branch.
    expect(
      (await call('POST', `${base(f.sweifieh.id)}/sections`, { name: 'Terrace' })).statusCode,
    ).toBe(201);

    const renamed = await call('PUT', `${base()}/sections/${section.id}`, { name: 'Roof garden' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().results).toEqual({ id: section.id, name: 'Roof garden' });
    expect(
      codesOf(await call('PUT', `${base()}/sections/${section.id}`, { name: 'Terrace' })),
    ).toEqual({ name: ['duplicate_floor'] });
  });

  it("keeps another tenant's sections out of reach", async () => {
    const [ours] = (await call('GET', `${base()}/sections`)).json().results;
    expect((await call('GET', `${base()}/sections`, undefined, otherOwner)).statusCode).toBe(404);
    const madrid = `${base(f.madrid.id, f.casa.id)}/sections/${ours.id}`;
    expect((await call('PUT', madrid, { name: 'Stolen' }, otherOwner)).statusCode).toBe(404);
    // The branch of one tenant under the path of another.
    expect((await call('GET', `${base(f.madrid.id)}/sections`)).statusCode).toBe(404);
  });
});

describe('tables (service areas)', () => {
  let patio: string;

  it('creates a range with a prefix in a section, all in one go', async () => {
    patio = (await call('POST', `${base()}/sections`, { name: 'Patio' })).json().results.id;
    const res = await call('POST', `${base()}/serviceareas`, {
      title: 'P',
      rangeStart: 1,
      rangeEnd: 20,
      sectionId: patio,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().results as Area[];
    expect(names(made)).toEqual(Array.from({ length: 20 }, (_, i) => `P ${i + 1}`));
    expect(made[0]).toMatchObject({
      sectionId: patio,
      sectionName: 'Patio',
      template: 'DINING',
      enabled: true,
    });
    expect((await list(`?sectionId=${patio}`)).totalCount).toBe(20);
  });

  it('refuses a range overlapping existing tables and writes none of it', async () => {
    const before = (await list()).totalCount;
    const res = await call('POST', `${base()}/serviceareas`, {
      title: 'P',
      rangeStart: 15,
      rangeEnd: 30,
    });
    expect(res.statusCode).toBe(422);
    expect(codesOf(res)).toEqual({ rangeStart: ['duplicate_service_area'] });
    expect((await list()).totalCount).toBe(before);
    // Without a prefix, 1–15 are the demo's tables: refused too.
    expect(
      codesOf(await call('POST', `${base()}/serviceareas`, { rangeStart: 15, rangeEnd: 16 })),
    ).toEqual({ rangeStart: ['duplicate_service_area'] });
    // Another prefix is another table.
    const other = await call('POST', `${base()}/serviceareas`, {
      title: 'Q',
      rangeStart: 1,
      rangeEnd: 2,
    });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('holds the limits of the range, the prefix and the section', async () => {
    const post = (body: Json) => call('POST', `${base()}/serviceareas`, body);
    expect(codesOf(await post({ rangeStart: 0, rangeEnd: 1 }))).toEqual({ rangeStart: ['min'] });
    expect(codesOf(await post({ rangeStart: 10_001, rangeEnd: 1 }))).toMatchObject({
      rangeStart: ['max'],
    });
    expect(codesOf(await post({ rangeStart: 1, rangeEnd: 1001 }))).toEqual({ rangeEnd: ['max'] });
    expect(codesOf(await post({ rangeStart: 9, rangeEnd: 3 }))).toEqual({
      rangeEnd: ['range_invalid'],
    });
    expect(codesOf(await post({ rangeEnd: 3 }))).toEqual({ rangeStart: ['required'] });
    expect(codesOf(await post({ title: 'x'.repeat(101), rangeStart: 1, rangeEnd: 1 }))).toEqual({
      title: ['max'],
    });
    expect(codesOf(await post({ title: '  ', rangeStart: 1, rangeEnd: 1 }))).toEqual({
      title: ['required'],
    });
    const [theirs] = await ctx.database.owner
      .select()
      .from(s.serviceAreaSections)
      .where(eq(s.serviceAreaSections.tenantId, f.casa.id));
    expect(
      codesOf(await post({ title: 'Z', rangeStart: 1, rangeEnd: 1, sectionId: theirs!.id })),
    ).toEqual({ sectionId: ['section_not_found'] });
  });

  it('pages, sorts numbers as numbers and filters by section or none', async () => {
    const sections = (await call('GET', `${base()}/sections`)).json().results as Json[];
    const ground = sections.find((x) => x.name === 'Ground floor')!.id;
    const page2 = await list(`?sectionId=${ground}&pageSize=5&page=2`);
    expect(page2.totalCount).toBe(10);
    expect(names(page2.serviceAreas)).toEqual(['6', '7', '8', '9', '10']);
    // Same number: without a prefix first.
    expect(names((await list('?pageSize=5')).serviceAreas)).toEqual([
      '1',
      'P 1',
      'Q 1',
      '2',
      'P 2',
    ]);
    const desc = await list('?pageSize=5&sort=value&direction=desc');
    expect(desc.serviceAreas[0]!.value).toBe('20');
    const byName = await list('?pageSize=100&sort=name');
    expect(names(byName.serviceAreas).slice(0, 3)).toEqual(['1', '2', '3']);
    expect(names(byName.serviceAreas).slice(-2)).toEqual(['Q 1', 'Q 2']);
    const bySection = await list('?pageSize=100&sort=section');
    expect(bySection.serviceAreas[0]!.sectionName).toBe('Garden');
    expect(bySection.serviceAreas.at(-1)!.sectionName).toBeNull();

    const none = await list('?sectionId=none&pageSize=100');
    expect(names(none.serviceAreas)).toEqual(['Q 1', 'Q 2']);
    const search = await list('?search=p%201');
    expect(names(search.serviceAreas)).toEqual([
      'P 1',
      'P 10',
      'P 11',
      'P 12',
      'P 13',
      'P 14',
      'P 15',
      'P 16',
      'P 17',
      'P 18',
      'P 19',
    ]);
    const bad = await call('GET', `${base()}/serviceareas?pageSize=7`);
    expect(codesOf(bad)).toEqual({ pageSize: ['page_size_invalid'] });
  });

  it('switches a table to MENU, and the intake then refuses orders from it', async () => {
    const [p5] = (await list('?search=P%205')).serviceAreas;
    const res = await call('PUT', `${base()}/serviceareas/${p5!.id}`, { template: 'MENU' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ id: p5!.id, template: 'MENU', title: 'P' });
    const order = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: {
        ...pickup([{ variantId: f.variant('Arabic coffee').variantId }]),
        checkoutTemplate: 'DINING',
        serviceAreaId: p5!.id,
      },
    });
    expect(codesOf(order)).toEqual({ serviceAreaId: ['service_area_menu_only'] });
    const back = await call('PUT', `${base()}/serviceareas/${p5!.id}`, { template: 'DINING' });
    expect(back.json().results.template).toBe('DINING');
  });

  it('refuses an edit that makes two tables of the same name', async () => {
    const [q1] = (await list('?search=Q%201')).serviceAreas;
    const clash = await call('PUT', `${base()}/serviceareas/${q1!.id}`, { title: 'P' });
    expect(codesOf(clash)).toEqual({ title: ['duplicate_service_area'] });
    const fine = await call('PUT', `${base()}/serviceareas/${q1!.id}`, {
      title: 'Bar',
      sectionId: null,
    });
    expect(fine.json().results).toMatchObject({ title: 'Bar', value: '1', sectionId: null });
  });

  it("answers 404 for another branch's or tenant's table", async () => {
    const [p1] = (await list('?search=P%201&pageSize=5')).serviceAreas;
    expect(
      (await call('PUT', `${base(f.sweifieh.id)}/serviceareas/${p1!.id}`, { template: 'MENU' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `${base()}/serviceareas`, undefined, otherOwner)).statusCode).toBe(
      404,
    );
    const theirs = await call(
      'PUT',
      `${base(f.madrid.id, f.casa.id)}/serviceareas/${p1!.id}`,
      { template: 'MENU' },
      otherOwner,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('lets every member read the tables, only the owner change them', async () => {
    expect((await call('GET', `${base()}/serviceareas`, undefined, staff)).statusCode).toBe(200);
    expect(
      (await call('POST', `${base()}/serviceareas`, { rangeStart: 500, rangeEnd: 501 }, staff))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `${base()}/sections`, undefined, staff)).statusCode).toBe(403);
  });
});

describe('unique links', () => {
  it('adds named delivery and pickup links, each with its storefront address', async () => {
    const made = await call('POST', `${base()}/uniquelinks/DELIVERY`, { name: 'Poster' });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json().results;
    expect(link).toEqual({
      id: link.id,
      name: 'Poster',
      template: 'DELIVERY',
      url: storefrontAddress.uniqueLink(ctx.config.storefrontUrl, 'al-bayt', link.id),
    });
    expect(
      codesOf(await call('POST', `${base()}/uniquelinks/DELIVERY`, { name: 'Poster' })),
    ).toEqual({ name: ['duplicate_unique_link'] });
    expect(codesOf(await call('POST', `${base()}/uniquelinks/PICKUP`, { name: ' ' }))).toEqual({
      name: ['required'],
    });
    expect(
      (await call('POST', `${base()}/uniquelinks/PICKUP`, { name: 'Poster' })).statusCode,
    ).toBe(201);
    const delivery = (await call('GET', `${base()}/uniquelinks/DELIVERY`)).json().results;
    expect(delivery.map((l: Json) => l.name)).toEqual(['Flyer', 'Instagram', 'Poster']);
    expect((await call('GET', `${base()}/uniquelinks/DINING`)).statusCode).toBe(422);
  });
});

describe('QR codes', () => {
  const qr = (ids: string[], qrColor?: string, path = 'serviceareas') =>
    call('POST', `${base()}/${path}/qrcodes`, { ids, ...(qrColor ? { qrColor } : {}) });

  it("makes one PNG for one table, carrying the table's storefront address", async () => {
    const [p3] = (await list('?search=P%203')).serviceAreas;
    const res = await qr([p3!.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="P 3.png"; filename*=UTF-8''P%203.png`,
    );
    expect(await decode(res.rawPayload)).toBe(
      storefrontAddress.serviceArea(ctx.config.storefrontUrl, 'al-bayt', p3!.id),
    );
    // #000000 by default.
    expect(await coloursOf(res.rawPayload)).toEqual(new Set(['255,255,255', '0,0,0']));
  });

  it('makes a zip of many in the chosen colour; every code decodes to its table', async () => {
    const { serviceAreas } = await list(`?search=P&pageSize=5`);
    const res = await qr(
      serviceAreas.map((a) => a.id),
      '#C2185B',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('filename="service-area-qr-codes.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      names(serviceAreas)
        .map((n) => `${n}.png`)
        .sort(),
    );
    for (const area of serviceAreas) {
      const png = files[`${area.title} ${area.value}.png`]!;
      expect(await decode(png)).toBe(
        storefrontAddress.serviceArea(ctx.config.storefrontUrl, 'al-bayt', area.id),
      );
    }
    // The dark modules are in the chosen colour.
    const first = files[`${serviceAreas[0]!.title} ${serviceAreas[0]!.value}.png`]!;
    expect(await coloursOf(first)).toEqual(new Set(['255,255,255', '194,24,91']));
  });

  it('encodes the custom domain when the branch has one', async () => {
    await ctx.database.owner
      .update(s.branches)
      .set({ customDomain: 'order.albayt.example' })
      .where(eq(s.branches.id, f.abdoun.id));
    try {
      const res = await qr([f.table('7')]);
      expect(await decode(res.rawPayload)).toBe(`https://order.albayt.example/t/${f.table('7')}`);
    } finally {
      await ctx.database.owner
        .update(s.branches)
        .set({ customDomain: null })
        .where(eq(s.branches.id, f.abdoun.id));
    }
  });

  it("refuses ids that are not the branch's, and a bad colour", async () => {
    const [theirs] = await ctx.database.owner
      .select()
      .from(s.serviceAreas)
      .where(eq(s.serviceAreas.tenantId, f.casa.id));
    expect((await qr([f.table('1'), theirs!.id])).statusCode).toBe(404);
    expect(codesOf(await qr([f.table('1')], 'red'))).toEqual({ qrColor: ['hex_color_invalid'] });
    expect(codesOf(await qr([]))).toEqual({ ids: ['min'] });
  });

  it("makes the links' QR codes with their addresses", async () => {
    const links = [
      ...(await call('GET', `${base()}/uniquelinks/DELIVERY`)).json().results,
      ...(await call('GET', `${base()}/uniquelinks/PICKUP`)).json().results,
    ] as { id: string; url: string; template: string; name: string }[];
    const res = await qr(
      links.map((l) => l.id),
      undefined,
      'uniquelinks',
    );
    expect(res.statusCode, res.body).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    for (const link of links) {
      const png = files[`${link.template.toLowerCase()} ${link.name}.png`]!;
      expect(await decode(png)).toBe(link.url);
    }
  });
});

describe('per-table payment mode', () => {
  const pm = (query = '') =>
    `/api/admin/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/settings/paymentmethods/DINING${query}`;
  const active = (res: { json(): { results: Area } }) =>
    res
      .json()
      .results.paymentMethods.filter((m) => m.active)
      .map((m) => m.paymentMethodType);
  const dineIn = (serviceAreaId: string, paymentMethodType: string) =>
    ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: {
        ...pickup([{ variantId: f.variant('Arabic coffee').variantId }]),
        checkoutTemplate: 'DINING',
        serviceAreaId,
        paymentMethodType,
      },
    });

  it("reads a table's methods as the branch's until it has its own", async () => {
    const res = await call('GET', pm(`?serviceAreaId=${f.table('3')}`), undefined, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.serviceAreaId).toBe(f.table('3'));
    expect(active(res)).toEqual(['CASH', 'CREDIT_CARD_OFFLINE', 'PAY_LATER']);
  });

  it("switches one table to 'Order & Pay' and the intake obeys it for that table only", async () => {
    const res = await call(
      'PUT',
      pm(),
      {
        serviceAreaId: f.table('3'),
        paymentMethods: [
          { paymentMethodType: 'CREDIT_CARD_ONLINE', active: true },
          { paymentMethodType: 'APPLE_PAY', active: true },
          { paymentMethodType: 'GOOGLE_PAY', active: true },
          { paymentMethodType: 'PAY_LATER', active: false },
          { paymentMethodType: 'CREDIT_CARD_OFFLINE', active: false },
        ],
      },
      staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(active(res)).toEqual(['CASH', 'CREDIT_CARD_ONLINE', 'APPLE_PAY', 'GOOGLE_PAY']);
    // The list shows the table's mode.
    const [t3] = (await list('?search=3&pageSize=5')).serviceAreas.filter(
      (a) => a.value === '3' && !a.title,
    );
    expect(t3!.paymentMethods.find((m) => m.paymentMethodType === 'PAY_LATER')!.active).toBe(false);

    expect(codesOf(await dineIn(f.table('3'), 'PAY_LATER'))).toEqual({
      paymentMethodType: ['payment_method_not_accepted'],
    });
    expect((await dineIn(f.table('4'), 'PAY_LATER')).statusCode).toBe(201);
    // The branch's own methods did not change.
    expect(active(await call('GET', pm()))).toEqual(['CASH', 'CREDIT_CARD_OFFLINE', 'PAY_LATER']);
  });

  it("switches it back to 'Open a Tab'", async () => {
    const res = await call(
      'PUT',
      pm(),
      {
        serviceAreaId: f.table('3'),
        paymentMethods: [
          { paymentMethodType: 'CREDIT_CARD_ONLINE', active: false },
          { paymentMethodType: 'APPLE_PAY', active: false },
          { paymentMethodType: 'GOOGLE_PAY', active: false },
          { paymentMethodType: 'PAY_LATER', active: true },
        ],
      },
      staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(active(res)).toEqual(['CASH', 'PAY_LATER']);
    expect((await dineIn(f.table('3'), 'PAY_LATER')).statusCode).toBe(201);
    // The storefront opened from that table's QR code offers the table's methods.
    const menu = async (query: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/public/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/menu?checkoutTemplate=DINING${query}`,
        })
      ).json().results.paymentMethods;
    expect(await menu(`&serviceAreaId=${f.table('3')}`)).toEqual(['CASH', 'PAY_LATER']);
    expect(await menu('')).toEqual(['CASH', 'CREDIT_CARD_OFFLINE', 'PAY_LATER']);
  });

  it('holds the rules, the template and the tenant', async () => {
    const put = (body: Json, headers = owner, template = 'DINING') =>
      call('PUT', pm().replace(/DINING$/, template), body, headers);
    const off = ['CASH', 'CREDIT_CARD_OFFLINE', 'PAY_LATER'].map((t) => ({
      paymentMethodType: t,
      active: false,
    }));
    expect(codesOf(await put({ serviceAreaId: f.table('2'), paymentMethods: off }))).toEqual({
      paymentMethods: ['atleast_one_paymentmethod_required'],
    });
    expect(
      codesOf(
        await put(
          {
            serviceAreaId: f.table('2'),
            paymentMethods: [{ paymentMethodType: 'CASH', active: true }],
          },
          owner,
          'DELIVERY',
        ),
      ),
    ).toEqual({ serviceAreaId: ['service_area_dining_only'] });
    const [theirs] = await ctx.database.owner
      .select()
      .from(s.serviceAreas)
      .where(and(eq(s.serviceAreas.tenantId, f.casa.id)));
    expect(
      (
        await put({
          serviceAreaId: theirs!.id,
          paymentMethods: [{ paymentMethodType: 'CASH', active: true }],
        })
      ).statusCode,
    ).toBe(404);
    // An order taker sets a table's mode but not the branch's own methods.
    expect(
      (await put({ paymentMethods: [{ paymentMethodType: 'CASH', active: true }] }, staff))
        .statusCode,
    ).toBe(403);
  });
});
