import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../version.ts';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

let ctx: TestContext;
let headers: Record<string, string>;
let f: DemoFixtures;
beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  headers = await authAs(ctx, 'staff@demo.local');
  f = await demoFixtures(ctx.database.owner);
});
afterAll(() => ctx.close());

describe('health and readiness', () => {
  it('answers /healthz', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready while the database answers, with a request id and security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'up' });
    expect(res.headers['x-request-id']).toMatch(/[\w-]{8,}/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets pages open sockets to this server only, not to any ws: or wss: host', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    const connect = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src')
      ?.slice(1);
    expect(connect).toEqual(expect.arrayContaining(["'self'", 'ws://localhost:8080']));
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
  });

  it("gives the API's JSON the short policy of an answer never shown as a page", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/auth-config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    for (const header of ['x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(res.headers[header], header).toBeUndefined();
    }
    // The same configuration until a restart: a browser may keep it for five minutes.
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it("gives the provider's discovery the same short policy, and lets it be cached", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    // Its sign-in pages are documents and keep the full policy.
    const page = await ctx.app.inject({ method: 'GET', url: '/oidc/interaction/nothing' });
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('echoes a well-formed request id from the caller', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('abc-12345678');
  });
});

describe('heartbeat', () => {
  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/heartbeat/update?v=1' });
    expect(res.statusCode).toBe(401);
  });

  it('asks an older client to refresh and leaves the current one alone', async () => {
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/heartbeat/update?v=10.1.1',
      headers,
    });
    expect(old.json()).toEqual({ results: { refresh: true, version: APP_VERSION } });
    const same = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/heartbeat/update?v=${APP_VERSION}`,
      headers,
    });
    expect(same.json().results.refresh).toBe(false);
  });

  it('answers 422 with field codes for a malformed query', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/heartbeat/update?v=${'9'.repeat(41)}`,
      headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: [{ field: 'v', codes: ['max'] }] });
  });
});

describe('openapi', () => {
  it('publishes the document and the docs page', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/readyz', '/api/admin/heartbeat/update']),
    );
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('unknown routes', () => {
  it('answer 404 in the error envelope for the API', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('readiness without a database', () => {
  it('fails /readyz once the database is gone', async () => {
    const local = await createTestApp();
    await local.database.close();
    const res = await local.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
    await local.app.close();
    await local.database.dispose().catch(() => undefined);
  });
});

const as = async (email: string) => authAs(ctx, email);
const call = async (
  email: string,
  method: 'GET' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: await as(email), payload });

describe('super admin: the tenants list', () => {
  it('lists every tenant with its state, owners, branches and members', async () => {
    const res = await call('admin@demo.local', 'GET', '/api/admin/tenants/all');
    expect(res.statusCode).toBe(200);
    const alBayt = res.json().results.find((t: { slug: string }) => t.slug === 'al-bayt');
    expect(alBayt).toMatchObject({
      tenantId: f.alBayt.id,
      active: true,
      branchCount: 2,
      // Owner, manager, staff and the demo's manager of both tenants.
      memberCount: 4,
      ownerEmails: ['owner@demo.local'],
      country: null,
      trialEndsAt: null,
    });
  });

  it.each([
    ['casa', ['casa-verde']],
    ['KITCHEN', ['al-bayt']],
    // The Arabic name of Al Bayt Kitchen.
    ['مطبخ', ['al-bayt']],
    ['owner@other', ['casa-verde']],
    ['%', []],
    ['nothing-like-this', []],
  ])('searches names in every language, addresses and owners: %s', async (search, slugs) => {
    const res = await call(
      'admin@demo.local',
      'GET',
      `/api/admin/tenants/all?search=${encodeURIComponent(search)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((t: { slug: string }) => t.slug)).toEqual(slugs);
  });

  it('opens one tenant with its branches, members and waiting tickets', async () => {
    const res = await call('admin@demo.local', 'GET', `/api/admin/platform/tenants/${f.casa.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({
      slug: 'casa-verde',
      branches: [{ branchName: { en: 'Madrid Centro' }, timeZone: 'Europe/Madrid' }],
      members: expect.arrayContaining([
        {
          email: 'owner@other.local',
          name: 'Lucía Romero',
          role: 'StoreOwner',
          emailVerified: true,
        },
      ]),
    });
    const unknown = await call(
      'admin@demo.local',
      'GET',
      '/api/admin/platform/tenants/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it.each(['owner@demo.local', 'manager@demo.local', 'staff@demo.local'])(
    'refuses %s every platform call',
    async (email) => {
      for (const [method, url] of [
        ['GET', `/api/admin/platform/tenants/${f.alBayt.id}`],
        ['PUT', `/api/admin/platform/tenants/${f.alBayt.id}/status`],
        ['GET', '/api/admin/tenants/unverifiedtickets'],
      ] as const) {
        const res = await call(
          email,
          method,
          url,
          method === 'PUT' ? { active: false } : undefined,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const [tenant] = await ctx.database.owner
        .select()
        .from(s.tenants)
        .where(eq(s.tenants.id, f.alBayt.id));
      expect(tenant?.active).toBe(true);
    },
  );

  it('answers 422 for a status body that is not a boolean', async () => {
    const res = await call(
      'admin@demo.local',
      'PUT',
      `/api/admin/platform/tenants/${f.casa.id}/status`,
      {
        active: 'no',
      },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'active' });
  });
});

describe('a deactivated tenant', () => {
  const status = (active: boolean) =>
    call('admin@demo.local', 'PUT', `/api/admin/platform/tenants/${f.casa.id}/status`, { active });
  const storefront = () =>
    ctx.app.inject({ method: 'GET', url: '/api/public/storefronts/casa-verde' });
  const menu = () =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${f.casa.id}/branches/${f.madrid.id}/menu?checkoutTemplate=PICKUP`,
    });

  it('refuses its staff and hides its storefront until it is activated again', async () => {
    expect((await storefront()).statusCode).toBe(200);
    const off = await status(false);
    expect(off.statusCode).toBe(200);
    expect(off.json().results).toMatchObject({ slug: 'casa-verde', active: false });

    // Staff: the profile and every tenant call say 403 tenant_inactive (the unauthorized page).
    const profile = await call('owner@other.local', 'GET', '/api/admin/tenants/');
    expect(profile.statusCode).toBe(403);
    expect(profile.json().error.code).toBe('tenant_inactive');
    const statuses = await call(
      'owner@other.local',
      'GET',
      `/api/admin/tenants/${f.casa.id}/status`,
    );
    expect(statuses.statusCode).toBe(403);
    expect(statuses.json().error.code).toBe('tenant_inactive');
    const live = await call('owner@other.local', 'GET', '/api/admin/tenants/tickets');
    expect(live.statusCode).toBe(403);
    expect(live.json().error.code).toBe('tenant_inactive');
    const mine = await call('owner@other.local', 'GET', '/api/admin/users/tenants');
    expect(mine.json()).toEqual({ results: [] });
    // Another tenant's staff are not touched.
    expect((await call('owner@demo.local', 'GET', '/api/admin/tenants/')).statusCode).toBe(200);

    // Customers: no storefront, no menu, no orders.
    expect((await storefront()).statusCode).toBe(404);
    expect((await menu()).statusCode).toBe(404);
    const order = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.casa.id, f.madrid.id),
      payload: pickup([{ variantId: f.variant('Patatas bravas').variantId }]),
    });
    expect(order.statusCode).toBe(404);

    // The super admin still sees and opens it.
    const listed = await call('admin@demo.local', 'GET', '/api/admin/tenants/all?search=casa');
    expect(listed.json().results[0]).toMatchObject({ active: false });

    const on = await status(true);
    expect(on.json().results.active).toBe(true);
    expect((await call('owner@other.local', 'GET', '/api/admin/tenants/')).statusCode).toBe(200);
    expect((await storefront()).statusCode).toBe(200);
    expect((await menu()).statusCode).toBe(200);
  });
});

describe('super admin: unverified tickets across tenants', () => {
  const list = (query = '') =>
    call('admin@demo.local', 'GET', `/api/admin/tenants/unverifiedtickets${query}`);
  const placeAt = async (
    tenantId: string,
    branchId: string,
    variantId: string,
    minutesAgo: number,
  ) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(tenantId, branchId),
      payload: pickup([{ variantId }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().results.id as string;
    await ctx.database.owner
      .update(s.tickets)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutesAgo})` })
      .where(eq(s.tickets.id, id));
    return id;
  };

  it('lists tickets left unaccepted longer than the setting, oldest first, from every tenant', async () => {
    const old = await placeAt(f.alBayt.id, f.abdoun.id, f.variant('Hummus', 'Large').variantId, 45);
    const older = await placeAt(f.casa.id, f.madrid.id, f.variant('Patatas bravas').variantId, 90);
    const fresh = await placeAt(
      f.alBayt.id,
      f.abdoun.id,
      f.variant('Hummus', 'Large').variantId,
      2,
    );
    const accepted = await placeAt(
      f.alBayt.id,
      f.abdoun.id,
      f.variant('Hummus', 'Large').variantId,
      60,
    );
    await ctx.database.owner
      .update(s.tickets)
      .set({ status: 'InProgress' })
      .where(eq(s.tickets.id, accepted));

    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json().results;
    // UNVERIFIED_TICKET_MINUTES, 10 by default.
    expect(body.olderThanMinutes).toBe(10);
    const ids = body.tickets.map((t: { ticketId: string }) => t.ticketId);
    expect(ids).toEqual([older, old]);
    expect(body.total).toBe(2);
    expect(body.tickets[0]).toMatchObject({
      tenantSlug: 'casa-verde',
      branchName: { en: 'Madrid Centro' },
      checkoutTemplate: 'PICKUP',
      currency: 'EUR',
    });
    expect(body.tickets[0].minutesWaiting).toBeGreaterThanOrEqual(89);
    expect(ids).not.toContain(fresh);

    const wider = (await list('?olderThanMinutes=1')).json().results;
    expect(wider.tickets.map((t: { ticketId: string }) => t.ticketId)).toContain(fresh);
    const narrower = (await list('?olderThanMinutes=60')).json().results;
    expect(narrower.tickets.map((t: { ticketId: string }) => t.ticketId)).toEqual([older]);
  });

  it('answers 422 for a threshold out of range', async () => {
    const res = await list('?olderThanMinutes=0');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'olderThanMinutes', codes: ['min'] });
  });

  it('lets the super admin read such a ticket, and nothing else of the tenant', async () => {
    const id = await placeAt(f.alBayt.id, f.abdoun.id, f.variant('Hummus', 'Large').variantId, 30);
    const read = await call(
      'admin@demo.local',
      'GET',
      `/api/admin/tenants/${f.alBayt.id}/tickets/${id}`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().results).toMatchObject({ id, status: 'UnVerified' });
    const act = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${id}`,
      headers: await as('admin@demo.local'),
      payload: { status: 'InProgress' },
    });
    expect(act.statusCode).toBe(403);
  });
});
