import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '@app/contracts';
import * as s from '../db/schema.ts';
import { tenants } from '../db/schema.ts';
import { switchTenantFilterOffForTests, tenantFiltersSwitchedOff } from '../db/tenant-scope.ts';
import {
  demoFixtures,
  insertPickupAdjustment,
  intakeUrl,
  pickup,
} from '../modules/tickets/test-fixtures.ts';
import {
  collectTenantSecrets,
  MATRIX_CASES,
  runAccessMatrix,
  runForeignRowsCheck,
  tenantDigests,
  tenantRows,
  tenantRowSecrets,
  type ForeignRowsInput,
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
    config: { hubrise: { baseUrl: hubrise.url, emulator: null } },
  });
  const [alBayt] = await ctx.database.owner
    .select()
    .from(tenants)
    .where(eq(tenants.slug, 'al-bayt'));
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
    tenantSecrets: await collectTenantSecrets(ctx.database.owner, alBayt.id),
  };
});

/** Rows in every kind of table for both tenants: tickets, prints, modifiers, adjustments. */
async function bothTenantsRows() {
  const owner = ctx.database.owner;
  const f = await demoFixtures(owner);
  for (const [tenant, branch] of [
    [f.alBayt, f.abdoun],
    [f.casa, f.madrid],
  ] as const) {
    const [variant] = await owner
      .select()
      .from(s.variants)
      .where(eq(s.variants.tenantId, tenant.id))
      .orderBy(s.variants.id)
      .limit(1);
    const order = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(tenant.id, branch.id),
      payload: pickup([{ variantId: variant!.id }]),
    });
    if (order.statusCode !== 201) throw new Error(`order: ${order.statusCode} ${order.body}`);
    const ticketId = (order.json() as { results: { id: string } }).results.id;
    const email = tenant.id === f.alBayt.id ? 'owner@demo.local' : 'owner@other.local';
    const print = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${tenant.id}/printing/url/html`,
      headers: bearer(await accessTokenFor(ctx, email)),
      payload: { cartTicketId: ticketId },
    });
    if (print.statusCode >= 300) throw new Error(`print: ${print.statusCode} ${print.body}`);
    const title = { fieldValue: 'Sauces', en: 'Sauces' };
    const [group] = await owner
      .insert(s.modifierGroups)
      .values({ tenantId: tenant.id, name: `Sauces ${tenant.slug}`, title })
      .returning();
    await owner
      .insert(s.modifierItems)
      .values({ tenantId: tenant.id, groupId: group!.id, title, price: '0.5' });
    await owner
      .insert(s.itemModifierGroups)
      .values({ tenantId: tenant.id, itemId: variant!.itemId, groupId: group!.id });
    await insertPickupAdjustment(
      owner,
      tenant.id,
      { name: `Late ${tenant.slug}`, adjustmentDirection: 'Decrease', amount: '10' },
      [variant!.id],
    );
  }
  return f;
}
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

describe("with the application's own tenant filter switched off", () => {
  let foreign: ForeignRowsInput;

  beforeAll(async () => {
    const f = await bothTenantsRows();
    foreign = {
      inject: input.inject,
      routes: ALL_ROUTES,
      tokens: input.tokens,
      own: await tenantRows(ctx.database.owner, f.alBayt.id),
      foreign: await tenantRows(ctx.database.owner, f.casa.id),
      foreignSecrets: await tenantRowSecrets(ctx.database.owner, f.casa.id),
    };
  });

  const filterOff = async <T>(work: () => Promise<T>) => {
    switchTenantFilterOffForTests(true);
    try {
      const out = await work();
      return { out, switchedOff: tenantFiltersSwitchedOff() };
    } finally {
      switchTenantFilterOffForTests(false);
    }
  };

  it('finds 0 foreign rows: row-level security alone keeps the other tenant out', async () => {
    const before = await tenantDigests(ctx.database.owner, foreign.foreign.tenantId);
    const { out: result, switchedOff } = await filterOff(() => runForeignRowsCheck(foreign));
    const after = await tenantDigests(ctx.database.owner, foreign.foreign.tenantId);
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
    console.log(
      `foreign rows with the tenant filter off: ${result.requests} requests over ${result.routes} routes ` +
        `(${result.succeeded} answered 2xx; ${switchedOff} tenant filters switched off in the SQL), ` +
        `${result.leaks.length} answers with a foreign row, ${changed.length} foreign tables changed`,
    );
    expect(switchedOff).toBeGreaterThan(100);
    expect(result.errors).toEqual([]);
    expect(result.leaks).toEqual([]);
    expect(changed).toEqual([]);
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(31);
  });

  // Last: it leaves the other tenant's rows changed.
  it('would find them without row-level security (the check can fail)', async () => {
    const tables = Object.keys(await tenantDigests(ctx.database.owner, foreign.foreign.tenantId));
    const before = await tenantDigests(ctx.database.owner, foreign.foreign.tenantId);
    for (const table of tables) {
      await ctx.database.owner.execute(
        sql`alter table ${sql.identifier(table)} disable row level security`,
      );
    }
    try {
      const { out: result } = await filterOff(() => runForeignRowsCheck(foreign));
      const after = await tenantDigests(ctx.database.owner, foreign.foreign.tenantId);
      const changed = tables.filter((t) => before[t] !== after[t]);
      console.log(
        `without row-level security: ${result.leaks.length} answers with a foreign row, ` +
          `foreign tables changed: ${changed.join(', ')}`,
      );
      expect(result.leaks.length).toBeGreaterThan(0);
      expect(changed.length).toBeGreaterThan(0);
    } finally {
      for (const table of tables) {
        await ctx.database.owner.execute(sql`select app_protect_tenant_table(${table}::regclass)`);
      }
    }
  });
});
