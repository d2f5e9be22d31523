import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ALL_ROUTES, DispatchIntegrationType, type RouteDef } from '@app/contracts';
import { APP_VERSION } from './version.ts';
import type { DispatchConfig } from './config.ts';
import { EMULATED_PROVIDERS, startDispatchEmulator } from './integrations/dispatch/emulator.ts';
import { HUBRISE_EMULATOR_TOKEN, startHubriseEmulator } from './integrations/hubrise/emulator.ts';
import * as s from './db/schema.ts';
import { accessTokenFor, bearer, forgeToken, OidcTestClient } from './test/auth.ts';
import {
  commitSeed,
  contractViolation,
  injectOptions,
  requestArbitrary,
  tinyBmp,
  type CallerHeaders,
  type FuzzWorld,
  type ImageSamples,
} from './test/fuzz.ts';
import { createTestApp, type TestContext } from './test/harness.ts';
import { demoFixtures, intakeUrl, pickup } from './modules/tickets/test-fixtures.ts';
import type { ArbitraryHint } from './test/zod-arbitrary.ts';

/**
 * Schema-driven fuzz of every route of the contracts (issue 10): requests generated from each
 * route's zod schemas, shaped as the contract says or hostile in one part, sent by every kind of
 * caller to the real app on a real database. Every answer must keep the contract: no 5xx, a
 * success body in the route's documented schema, every 4xx in the error envelope.
 * FUZZ_RUNS=2000 for a deep run (requests per route); FUZZ_SEED to choose the seed (printed).
 */
const RUNS = Number(process.env.FUZZ_RUNS) || 60;
// Without FUZZ_SEED, the checked-out commit's seed (commitSeed).
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : commitSeed();

let ctx: TestContext;
let callers: CallerHeaders;
let images: ImageSamples;
const uploaded: { own: string[]; foreign: string[] } = { own: [], foreign: [] };
const stats = new Map<string, Map<number, number>>();

/** Ids of one kind: the home tenant's, and every tenant's. */
type Pool = { home: string[]; all: string[] };

/** Ids of the demo world, read again before each route so ids made by earlier routes count. */
async function pools() {
  const db = ctx.database.owner;
  const tenants = await db.select({ id: s.tenants.id, slug: s.tenants.slug }).from(s.tenants);
  const home = tenants.find((t) => t.slug === 'al-bayt')!.id;
  const ids = async (table: PgTable & { id: PgColumn; tenantId: PgColumn }): Promise<Pool> => {
    const rows = await db.select({ id: table.id, tenantId: table.tenantId }).from(table);
    return {
      home: rows.filter((r) => r.tenantId === home).map((r) => String(r.id)),
      all: rows.map((r) => String(r.id)),
    };
  };
  return {
    home,
    tenants: tenants.map((t) => t.id),
    slugs: tenants.map((t) => t.slug),
    branches: await ids(s.branches),
    categories: await ids(s.categories),
    items: await ids(s.items),
    variants: await ids(s.variants),
    taxes: await ids(s.taxDefinitions),
    modifierGroups: await ids(s.modifierGroups),
    modifierItems: await ids(s.modifierItems),
    priceAdjustments: await ids(s.priceAdjustments),
    deliveryZones: await ids(s.deliveryZones),
    serviceAreas: await ids(s.serviceAreas),
    uniqueLinks: await ids(s.uniqueLinks),
    tickets: await ids(s.tickets),
    prints: await ids(s.ticketPrints),
  };
}
type Pools = Awaited<ReturnType<typeof pools>>;

const pick = (list: readonly string[]) => (list.length > 0 ? fc.constantFrom(...list) : undefined);

/** Mostly the home tenant's ids (the callers' own), sometimes any tenant's. */
const pickFrom = (pool: Pool) =>
  pool.all.length === 0
    ? undefined
    : pool.home.length === 0
      ? fc.constantFrom(...pool.all)
      : fc.oneof(
          { arbitrary: fc.constantFrom(...pool.home), weight: 4 },
          { arbitrary: fc.constantFrom(...pool.all), weight: 1 },
        );
const merge = (a: Pool, b: Pool): Pool => ({
  home: [...a.home, ...b.home],
  all: [...a.all, ...b.all],
});
const NONE: Pool = { home: [], all: [] };

/** Wall-clock times from one to three hours ahead, as a storefront sends them. */
const soon = () =>
  [60, 90, 180].map((m) => new Date(Date.now() + m * 60_000).toISOString().slice(0, 16));

/** Known values by field name, so valid-shaped requests reach rows that exist. */
function hintFor(p: Pools): (route: RouteDef) => ArbitraryHint {
  const byPathId = (route: RouteDef) =>
    route.path.includes('/price-adjustments/')
      ? p.priceAdjustments
      : route.path.includes('/categories/')
        ? p.categories
        : route.path.includes('/catalogitems/')
          ? p.items
          : route.path.includes('/modifiergroups/')
            ? p.modifierGroups
            : NONE;
  return (route) => (path, kind) => {
    const names = path.filter((k): k is string => typeof k === 'string');
    const name = names.at(-1) ?? '';
    const parent = names.at(-2) ?? '';
    if (kind === 'uuid') {
      if (name === 'tenantId' || name === 'ticketTenantId') {
        return fc.oneof({ arbitrary: fc.constant(p.home), weight: 6 }, pick(p.tenants)!);
      }
      const pool =
        {
          branchId: p.branches,
          excludedBranches: p.branches,
          ticketId: p.tickets,
          cartTicketId: p.tickets,
          printId: p.prints,
          variantId: p.variants,
          SelectedVariantsIds: p.variants,
          removedVariantId: p.variants,
          modifierItemId: p.modifierItems,
          modifierGroupIds: p.modifierGroups,
          categories: p.categories,
          categoryId: p.categories,
          parentId: p.categories,
          nodeId: p.categories,
          taxes: p.taxes,
          deliveryZoneId: p.deliveryZones,
          serviceAreaId: p.serviceAreas,
          linkId: p.uniqueLinks,
          uniqueLinkId: p.uniqueLinks,
        }[name] ??
        (name === 'id'
          ? parent === 'variants'
            ? p.variants
            : parent === 'modifierItems'
              ? p.modifierItems
              : path.length === 2
                ? merge(p.categories, p.items)
                : byPathId(route)
          : undefined);
      return pool ? pickFrom(pool) : undefined;
    }
    switch (name) {
      case 'slug':
        return pick(p.slugs);
      case 'adminLanguage':
        return fc.constantFrom('en', 'ar', 'es', 'fr');
      case 'preferredTenantId':
        return fc.constantFrom(...p.tenants, 'notset');
      case 'images':
        return fc.oneof(
          { arbitrary: fc.constantFrom(...uploaded.own), weight: 4 },
          fc.constantFrom(...uploaded.foreign, '/uploads/x/../../etc/passwd'),
        );
      case 'preferredFulfillmentLocalDateTime':
        return fc.constantFrom(...soon());
      case 'phoneNumber':
        return fc.constantFrom('+962791234567', '079 123 4567', '+1 (555) 010-9999');
      case 'price':
      case 'amount':
        return fc.constantFrom('0', '1', '2.5', '10.125', '15', '99999.999', ' 3.5 ');
      case 'v':
        return fc.constantFrom(APP_VERSION, '0.0.1', '999.0.0');
      default:
        return undefined;
    }
  };
}

async function upload(email: string, tenantId: string): Promise<string> {
  const boundary = 'b0undary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    images.png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${tenantId}/ImagesHandler/images`,
    headers: {
      ...bearer(await accessTokenFor(ctx, email)),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { results: { url: string } }).results.url;
}

let signedInAt = 0;

/** Every caller's Authorization, through the real sign-in: again when tokens near their expiry. */
async function signIn() {
  const token = async (email: string) =>
    `Bearer ${(await (await OidcTestClient.for(ctx)).signIn(email)).accessToken}`;
  callers = {
    owner: await token('owner@demo.local'),
    manager: await token('manager@demo.local'),
    staff: await token('staff@demo.local'),
    superAdmin: await token('admin@demo.local'),
    outsider: await token('owner@other.local'),
    expired: `Bearer ${await forgeToken(ctx, 'expired')}`,
    unsigned: `Bearer ${await forgeToken(ctx, 'unsigned')}`,
    garbage: 'Bearer not-a-token',
  };
  signedInAt = Date.now();
}

let dispatchEmulator: Awaited<ReturnType<typeof startDispatchEmulator>>;
let hubriseEmulator: Awaited<ReturnType<typeof startHubriseEmulator>>;

beforeAll(async () => {
  // The driver dispatch providers answer through their emulator, as in the demo.
  dispatchEmulator = await startDispatchEmulator({ apiKey: 'k', stepMs: 1000 });
  const providers: DispatchConfig['providers'] = {};
  for (const type of DispatchIntegrationType.options) {
    providers[type] = {
      baseUrl: `${dispatchEmulator.url}/${EMULATED_PROVIDERS[type].path}`,
      apiKey: 'k',
      supportPhoneNumber: null,
    };
  }
  // So does HubRise, for the demo tenant's POS mapping.
  hubriseEmulator = await startHubriseEmulator({ accessToken: HUBRISE_EMULATOR_TOKEN });
  ctx = await createTestApp({
    seed: true,
    config: {
      dispatch: { providers, emulator: null },
      hubrise: { baseUrl: hubriseEmulator.url, emulator: null },
    },
  });
  await signIn();
  const pixels = { width: 8, height: 6, channels: 3 as const, background: '#c03' };
  images = {
    png: await sharp({ create: pixels }).png().toBuffer(),
    jpeg: await sharp({ create: pixels }).jpeg().toBuffer(),
    bmp: tinyBmp(),
  };
  // Tickets to read, move and print: a few orders placed the way a storefront does.
  const f = await demoFixtures(ctx.database.owner);
  for (let i = 0; i < 4; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: pickup([{ variantId: f.variant('Hummus', 'Large').variantId }]),
    });
    if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  }
  const owner = bearer(await accessTokenFor(ctx, 'owner@demo.local'));
  for (const name of ['Happy hour', 'Late night']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${f.alBayt.id}/branches/defaultBranch/productcatalogs/price-adjustments`,
      headers: owner,
      payload: {
        name,
        adjustmentType: 'Percentage',
        adjustmentDirection: 'Decrease',
        amount: '10',
        checkoutTemplates: ['PICKUP'],
        priority: 1,
      },
    });
    if (res.statusCode !== 201) throw new Error(`price adjustment: ${res.statusCode} ${res.body}`);
  }
  const p = await pools();
  uploaded.own.push(await upload('owner@demo.local', p.home));
  const other = p.tenants.find((t) => t !== p.home)!;
  uploaded.foreign.push(await upload('owner@other.local', other));
}, 120_000);

afterAll(async () => {
  let total = 0;
  const byClass = new Map<string, number>();
  const byStatus = new Map<number, number>();
  for (const counts of stats.values()) {
    for (const [status, n] of counts) {
      total += n;
      const cls = `${String(status)[0]}xx`;
      byClass.set(cls, (byClass.get(cls) ?? 0) + n);
      byStatus.set(status, (byStatus.get(status) ?? 0) + n);
    }
  }
  const list = (m: Map<string | number, number>) =>
    [...m]
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
  // Where valid-shaped requests never got through, the fuzz stayed at the door.
  const neverPassed = [...stats]
    .filter(([, counts]) => ![...counts.keys()].some((status) => status < 300))
    .map(([name]) => name);
  console.info(
    [
      `fuzz: ${total} requests over ${stats.size} routes (${RUNS} per route${SEED !== undefined ? `, seed ${SEED}` : ''}); ${list(byClass)}`,
      `  by status: ${list(byStatus)}`,
      `  routes with no success: ${neverPassed.length ? neverPassed.join(', ') : 'none'}`,
      // A deep run shows what each route answered.
      ...(process.env.FUZZ_RUNS
        ? [...stats].map(([name, counts]) => `  ${name}  ${list(counts)}`)
        : []),
    ].join('\n'),
  );
  await ctx?.close();
  await dispatchEmulator?.close();
  await hubriseEmulator?.close();
});

describe(`every route of the contracts, fuzzed (${RUNS} requests each)`, () => {
  it.each(ALL_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s keeps its contract',
    async (name, route) => {
      // Access tokens live 10 minutes; a deep run outlasts them.
      if (Date.now() - signedInAt > 5 * 60_000) await signIn();
      const world: FuzzWorld = { hint: hintFor(await pools()), images };
      const counts = new Map<number, number>();
      stats.set(name, counts);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route, world), async (request) => {
          const res = await ctx.app.inject(injectOptions(request, callers));
          counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
          const violation = contractViolation(route, res);
          if (violation) {
            throw new Error(
              `${violation}\n  ${request.method} ${request.url.slice(0, 300)} as ${request.caller} (${request.kind})\n  → ${res.body.slice(0, 500)}`,
            );
          }
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
    },
    120_000,
  );
});
