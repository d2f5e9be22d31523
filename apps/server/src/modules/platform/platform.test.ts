import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../version.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  headers = await authAs(ctx, 'staff@demo.local');
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
