import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '@app/contracts';
import { tenants } from '../db/schema.ts';
import {
  collectTenantSecrets,
  MATRIX_CASES,
  runAccessMatrix,
  type MatrixInput,
} from '../test/access-matrix.ts';
import { accessTokenFor, bearer, forgeToken } from '../test/auth.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { HUBRISE_EMULATOR_TOKEN, startHubriseEmulator } from '../integrations/hubrise/emulator.ts';

// Every /api/admin route the app registers, from its own registry: routes added by later
// modules are covered here with no new test code.
let ctx: TestContext;
let input: MatrixInput;
let hubrise: Awaited<ReturnType<typeof startHubriseEmulator>>;

beforeAll(async () => {
  // The demo tenant's HubRise catalog answers through the emulator, as in the demo.
  hubrise = await startHubriseEmulator({ accessToken: HUBRISE_EMULATOR_TOKEN });
  ctx = await createTestApp({
    seed: true,
    config: { hubrise: { baseUrl: hubrise.url, emulator: false } },
  });
  const [alBayt] = await ctx.database.db.select().from(tenants).where(eq(tenants.slug, 'al-bayt'));
  if (!alBayt) throw new Error('demo tenant missing');
  const token = (email: string) => accessTokenFor(ctx, email);
  input = {
    inject: (opts) => ctx.app.inject(opts),
    routes: ctx.app.adminRoutes,
    tenantId: alBayt.id,
    tokens: {
      owner: await token('owner@demo.local'),
      manager: await token('manager@demo.local'),
      staff: await token('staff@demo.local'),
      superAdmin: await token('admin@demo.local'),
    },
    outsiderToken: await token('owner@other.local'),
    badTokens: {
      'foreign key': await forgeToken(ctx, 'foreign-key'),
      unsigned: await forgeToken(ctx, 'unsigned'),
      expired: await forgeToken(ctx, 'expired'),
      'wrong audience': await forgeToken(ctx, 'wrong-audience'),
      'wrong issuer': await forgeToken(ctx, 'wrong-issuer'),
      'wrong token type': await forgeToken(ctx, 'wrong-type'),
    },
    tenantSecrets: await collectTenantSecrets(ctx.database.db, alBayt.id),
  };
});
afterAll(async () => {
  await ctx.close();
  await hubrise.close();
});

describe('access matrix over every admin route', () => {
  it('finds no way in', async () => {
    const routes = ctx.app.adminRoutes;
    const result = await runAccessMatrix(input);
    console.log(
      `access matrix: ${routes.length} admin routes × ${MATRIX_CASES.length} cases = ${result.pairs} route × case pairs (${result.requests} requests), ${result.failures.length} failures`,
    );
    expect(result.failures).toEqual([]);
    expect(result.pairs).toBeGreaterThan(0);
    expect(result.pairs).toBe(routes.length * MATRIX_CASES.length);
  });

  it('uses forged tokens that fail for their one defect only', async () => {
    // Same key, claims and user as the bad ones: accepted, so each bad one fails for its defect.
    const valid = await forgeToken(ctx, 'valid');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users/me',
      headers: bearer(valid),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.email).toBe('owner@demo.local');
  });

  it('serves exactly the routes of the contracts, each with its access', () => {
    for (const route of ALL_ROUTES) {
      expect(ctx.app.hasRoute({ method: route.method, url: route.path }), route.path).toBe(true);
    }
    const key = (method: string, path: string) => `${method} ${path}`;
    const defined = new Map(
      ALL_ROUTES.filter((r) => r.path.startsWith('/api/admin/')).map((r) => [
        key(r.method, r.path),
        r.access,
      ]),
    );
    const served = new Map(ctx.app.adminRoutes.map((r) => [key(r.method, r.url), r.access]));
    expect(served).toEqual(defined);
  });

  it('registers the admin routes of this issue with their policies', () => {
    const byKey = new Map(ctx.app.adminRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(byKey.get('GET /api/admin/users/tenants')).toEqual({ signedIn: true });
    expect(byKey.get('GET /api/admin/tenants/')).toEqual({ signedIn: true });
    expect(byKey.get('GET /api/admin/tenants/all')).toEqual({ permission: 'TenantsList' });
    expect([...byKey.keys()].some((k) => k.startsWith('HEAD '))).toBe(false);
  });
});
