import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { accessTokenFor, bearer } from '../test/auth.ts';
import {
  demoFixtures,
  intakeUrl,
  pickup,
  type DemoFixtures,
} from '../modules/tickets/test-fixtures.ts';

/**
 * Text PostgreSQL cannot store (a NUL character, an unpaired UTF-16 surrogate) is refused by the
 * contracts' text type wherever a client sends a string: 422 `invalid_text`, never a 5xx.
 */
let ctx: TestContext;
let f: DemoFixtures;
let owner: Record<string, string>;
let catalog: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  owner = bearer(await accessTokenFor(ctx, 'owner@demo.local'));
  catalog = `/api/admin/tenants/${f.alBayt.id}/branches/defaultBranch/productcatalogs`;
}, 120_000);
afterAll(() => ctx.close());

const UNSTORABLE = {
  nul: 'Ra\u0000na',
  'lone high surrogate': 'Ra\ud800na',
  'lone low surrogate': 'Ra\udc00na',
};

type Answer = { statusCode: number; json(): unknown; body: string };
const fieldCodes = (res: Answer): Record<string, string[]> => {
  expect(res.statusCode, res.body).toBe(422);
  const { errors } = res.json() as { errors: { field: string; codes: string[] }[] };
  return Object.fromEntries(errors.map((e) => [e.field, e.codes]));
};

describe.each(Object.entries(UNSTORABLE))('a string with a %s', (_name, bad) => {
  it('is refused in the public intake body: names, instructions, address, special request', async () => {
    const line = f.variant('Mint tea');
    const body = {
      ...pickup([{ variantId: line.variantId }]),
      firstName: bad,
      lastName: bad,
      customerCheckoutSpecialInstructions: bad,
      cartItems: [{ variantId: line.variantId, quantity: 1, specialRequest: bad }],
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: body,
    });
    expect(fieldCodes(res)).toMatchObject({
      firstName: ['invalid_text'],
      lastName: ['invalid_text'],
      customerCheckoutSpecialInstructions: ['invalid_text'],
      'cartItems.0.specialRequest': ['invalid_text'],
    });
    const delivery = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: {
        ...pickup([{ variantId: line.variantId }]),
        checkoutTemplate: 'DELIVERY',
        deliveryZoneId: f.zone(f.alBayt.id, 'Abdoun'),
        phoneNumber: '+962791234567',
        shippingAddress: { address1: bad, building: bad, manualDirections: bad },
      },
    });
    expect(fieldCodes(delivery)).toMatchObject({
      'shippingAddress.address1': ['invalid_text'],
      'shippingAddress.building': ['invalid_text'],
      'shippingAddress.manualDirections': ['invalid_text'],
    });
  });

  it('is refused in a section title, in any of its languages', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${catalog}/categories`,
      headers: owner,
      payload: { localizedTitle: { fieldValue: bad, en: 'Fine', ar: bad } },
    });
    expect(fieldCodes(res)).toEqual({
      'localizedTitle.fieldValue': ['invalid_text'],
      'localizedTitle.ar': ['invalid_text'],
    });
  });

  it("is refused in an item's image url and a modifier group's name", async () => {
    const item = await ctx.app.inject({
      method: 'POST',
      url: `${catalog}/catalogitems`,
      headers: owner,
      payload: {
        categories: [f.section('Breakfast')],
        localizedTitle: { fieldValue: 'Pictured' },
        variants: [{ price: 1, localizedTitle: { fieldValue: '' } }],
        images: [`/uploads/${f.alBayt.id}/${bad}.jpg`],
      },
    });
    expect(fieldCodes(item)).toEqual({ 'images.0': ['invalid_text'] });
    const group = await ctx.app.inject({
      method: 'POST',
      url: `${catalog}/modifiergroups/`,
      headers: owner,
      payload: {
        name: bad,
        localizedTitle: { fieldValue: 'Sauces', es: bad },
        minQuantity: 0,
        maxQuantity: 1,
      },
    });
    expect(fieldCodes(group)).toEqual({
      name: ['invalid_text'],
      'localizedTitle.es': ['invalid_text'],
    });
  });

  it('is refused as a discount amount, where the rules between fields read it too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${f.alBayt.id}/branches/b1/marketing/discounts`,
      headers: owner,
      payload: {
        discountName: { fieldValue: 'Ten off' },
        discountCode: 'TENOFF',
        discountApplication: 'HIDDEN_CODE',
        discountType: 'PERCENTAGE',
        discountValue: bad,
        minOrderValue: 0,
        maximumDiscountValue: bad,
        checkoutTemplates: ['DELIVERY'],
      },
    });
    expect(fieldCodes(res)).toEqual({
      discountValue: ['invalid_text'],
      maximumDiscountValue: ['invalid_text'],
    });
  });

  it("is refused in the business name and a branch's name, in any of their languages", async () => {
    const tenant = `/api/admin/tenants/${f.alBayt.id}`;
    const name = await ctx.app.inject({
      method: 'PUT',
      url: `${tenant}/settings/name`,
      headers: owner,
      payload: { localizedName: { fieldValue: bad, ar: bad } },
    });
    expect(fieldCodes(name)).toEqual({
      'localizedName.fieldValue': ['invalid_text'],
      'localizedName.ar': ['invalid_text'],
    });
    const branch = await ctx.app.inject({
      method: 'PUT',
      url: `${tenant}/branches/${f.abdoun.id}/settings/profile`,
      headers: owner,
      payload: {
        branchId: f.abdoun.id,
        branchName: { fieldValue: 'Abdoun', es: bad },
        phoneNumber: '+962791234567',
      },
    });
    expect(fieldCodes(branch)).toEqual({ 'branchName.es': ['invalid_text'] });
  });
});

describe('a number past an integer column', () => {
  it('is refused as a section position, a move index and a variant position', async () => {
    const big = 2 ** 31;
    const positions = await ctx.app.inject({
      method: 'PUT',
      url: `${catalog}/position`,
      headers: owner,
      payload: [{ id: f.section('Breakfast'), position: big }],
    });
    expect(fieldCodes(positions)).toEqual({ '0.position': ['max'] });
    const move = await ctx.app.inject({
      method: 'PUT',
      url: `${catalog}/move`,
      headers: owner,
      payload: {
        nodeId: f.section('Breakfast'),
        nodeType: 'category',
        newIndex: big,
        parentId: null,
      },
    });
    expect(fieldCodes(move)).toEqual({ newIndex: ['max'] });
    const item = await ctx.app.inject({
      method: 'POST',
      url: `${catalog}/catalogitems`,
      headers: owner,
      payload: {
        categories: [f.section('Breakfast')],
        localizedTitle: { fieldValue: 'Far away' },
        position: big,
        variants: [{ price: 1, localizedTitle: { fieldValue: '' }, position: big }],
      },
    });
    expect(fieldCodes(item)).toEqual({ position: ['max'], 'variants.0.position': ['max'] });
  });
});

/** Paths and query strings are percent-encoded UTF-8: NUL arrives as %00, a surrogate cannot. */
describe('in a path or a query string', () => {
  it('a NUL is refused as the storefront slug and in a query string', async () => {
    const slug = await ctx.app.inject({ method: 'GET', url: '/api/public/storefronts/al%00bayt' });
    expect(fieldCodes(slug)).toEqual({ slug: ['invalid_text'] });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/?preferredTenantId=%00',
      headers: owner,
    });
    expect(fieldCodes(profile)).toEqual({ preferredTenantId: ['invalid_text'] });
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.alBayt.id}/printing/url/html/${f.alBayt.id}/e%00n`,
      headers: owner,
    });
    expect(fieldCodes(receipt)).toEqual({ adminLanguage: ['invalid_text'] });
  });

  it('a surrogate encoded on its own (not UTF-8) is a client error, never a 5xx', async () => {
    for (const url of [
      '/api/public/storefronts/%ED%A0%80',
      '/api/admin/tenants/?preferredTenantId=%ED%A0%80',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: owner });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
