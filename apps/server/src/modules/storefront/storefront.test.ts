import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

let ctx: TestContext;
let f: DemoFixtures;
let staff: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  staff = await authAs(ctx, 'staff@demo.local');
}, 120_000);
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const areaUrl = (slug: string, id: string) => `/api/public/storefronts/${slug}/service-areas/${id}`;
const ticketUrl = (tenantId: string, id: string) => `/api/public/tenants/${tenantId}/tickets/${id}`;

async function placeOrder() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, f.abdoun.id),
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      ...pickup([{ variantId: f.variant('Hummus', 'Large').variantId }]),
      phoneNumber: '+962790000111',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results as { id: string; ticketNumber: number };
}

describe('a table QR code resolved', () => {
  it('answers the table’s branch and template within the storefront’s tenant', async () => {
    const res = await get(areaUrl('al-bayt', f.table('5')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual({
      id: f.table('5'),
      tenantId: f.alBayt.id,
      branchId: f.abdoun.id,
      value: '5',
      title: null,
      template: 'DINING',
      enabled: true,
    });
  });

  it('finds no table of another tenant through this storefront (404 envelope)', async () => {
    const res = await get(areaUrl('casa-verde', f.table('5')));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(res.body).not.toContain(f.abdoun.id);
    expect((await get(areaUrl('no-such-shop', f.table('5')))).statusCode).toBe(404);
  });

  it('refuses an id that is not a UUID with a field code (422)', async () => {
    const res = await get(areaUrl('al-bayt', '5'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ field: 'serviceAreaId', codes: expect.any(Array) }),
    ]);
  });
});

describe('an order’s public status', () => {
  it('follows the ticket as staff accept it, without the customer’s personal details', async () => {
    const placed = await placeOrder();
    const first = await get(ticketUrl(f.alBayt.id, placed.id));
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json().results;
    expect(body).toMatchObject({
      id: placed.id,
      ticketNumber: placed.ticketNumber,
      status: 'UnVerified',
      checkoutTemplate: 'PICKUP',
      paymentMethodType: 'CASH',
    });
    expect(body.cartData.cartItems[0].localizedTitle.en).toBe('Hummus');
    expect(first.body).not.toContain('Rana');
    expect(first.body).not.toContain('962790000111');

    const accept = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${placed.id}`,
      headers: staff,
      payload: { status: 'InProgress', fromStatus: 'UnVerified' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const after = await get(ticketUrl(f.alBayt.id, placed.id));
    expect(after.json().results.status).toBe('InProgress');
  });

  it('answers 304 to a poll with the current ETag, and the new status once it changed', async () => {
    const placed = await placeOrder();
    const first = await get(ticketUrl(f.alBayt.id, placed.id));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const same = await get(ticketUrl(f.alBayt.id, placed.id), { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    const reject = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${placed.id}`,
      headers: staff,
      payload: { status: 'Cancelled', fromStatus: 'UnVerified', reason: 'OUT_OF_STOCK' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const changed = await get(ticketUrl(f.alBayt.id, placed.id), { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().results).toMatchObject({
      status: 'Cancelled',
      cancellationReason: 'OUT_OF_STOCK',
    });
  });

  it('hides a ticket from another tenant’s path, and never answers by the printed number', async () => {
    const placed = await placeOrder();
    const other = await get(ticketUrl(f.casa.id, placed.id));
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('not_found');
    const byNumber = await get(ticketUrl(f.alBayt.id, String(placed.ticketNumber)));
    expect(byNumber.statusCode).toBe(422);
    expect(byNumber.json().errors[0].field).toBe('ticketId');
  });
});

describe('the storefront and menu reads', () => {
  it('revalidate with an ETag', async () => {
    const url = `/api/public/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/menu?checkoutTemplate=PICKUP`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const store = await get('/api/public/storefronts/al-bayt');
    expect(
      (
        await get('/api/public/storefronts/al-bayt', {
          'if-none-match': String(store.headers.etag),
        })
      ).statusCode,
    ).toBe(304);
  });
});

describe('public read rate limit', () => {
  it('answers 429 in the error envelope with Retry-After past the limit per address', async () => {
    const limited = await createTestApp({
      seed: true,
      config: { publicReadRateLimit: { max: 3, windowMs: 60_000 } },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await limited.app.inject({ method: 'GET', url: '/api/public/storefronts/al-bayt' }))
            .statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429]);
      const refused = await limited.app.inject({
        method: 'GET',
        url: '/api/public/storefronts/al-bayt',
      });
      expect(refused.json().error.code).toBe('too_many_requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('the admin’s storefront preview', () => {
  const url = (tenantId: string) => `/api/admin/tenants/${tenantId}/storefront/preview`;

  it('opens each branch on its first template of delivery, dining, pickup, menu, in preview mode', async () => {
    for (const email of ['owner@demo.local', 'manager@demo.local']) {
      const res = await get(url(f.alBayt.id), await authAs(ctx, email));
      expect(res.statusCode, res.body).toBe(200);
      const abdoun = res
        .json()
        .results.find((b: { branchId: string }) => b.branchId === f.abdoun.id);
      expect(abdoun.url).toBe(
        `${ctx.config.storefrontUrl}/al-bayt/${f.abdoun.id}/delivery?preview=1`,
      );
    }
  });

  it('is not for the order taker, nor for another tenant', async () => {
    expect((await get(url(f.alBayt.id), staff)).statusCode).toBe(403);
    const outsider = await authAs(ctx, 'owner@other.local');
    const res = await get(url(f.alBayt.id), outsider);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain(f.abdoun.id);
  });
});
