import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { Uuid } from '@app/contracts';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { seedDemoData } from '../src/db/seed.ts';
import * as s from '../src/db/schema.ts';
import { createTestDatabase, testConfig } from '../src/test/harness.ts';
import { accessTokenFor, baseUrlOf } from '../src/test/auth.ts';
import { abba, load, percentile, type Figure } from './harness.ts';

const SECTIONS = 300;
const ITEMS = 5000;

/** Fills the demo owner's tenant with a menu of 300 sections and 5,000 items (two variants each). */
async function generateMenu(
  db: Awaited<ReturnType<typeof createTestDatabase>>['db'],
  tenantId: string,
) {
  const [tax] = await db
    .select()
    .from(s.taxDefinitions)
    .where(eq(s.taxDefinitions.tenantId, tenantId));
  const t = (x: string) => ({ fieldValue: x, en: x, ar: `${x} ع`, es: `${x} es` });
  const mains = await db
    .insert(s.categories)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        tenantId,
        title: t(`Main ${i}`),
        position: 100 + i,
      })),
    )
    .returning({ id: s.categories.id });
  const subs = await db
    .insert(s.categories)
    .values(
      Array.from({ length: SECTIONS - 30 }, (_, i) => ({
        tenantId,
        parentId: mains[i % 30]!.id,
        title: t(`Section ${i}`),
        description: t('A generated section for the benchmark'),
        position: i,
      })),
    )
    .returning({ id: s.categories.id });
  for (let start = 0; start < ITEMS; start += 500) {
    const batch = await db
      .insert(s.items)
      .values(
        Array.from({ length: Math.min(500, ITEMS - start) }, (_, k) => ({
          tenantId,
          categoryId: subs[(start + k) % subs.length]!.id,
          title: t(`Item ${start + k}`),
          description: t(
            'Fresh, generated, and exactly as long as a real description tends to be.',
          ),
          images: [`/uploads/${tenantId}/item-${start + k}.jpg`],
          position: k,
        })),
      )
      .returning({ id: s.items.id });
    await db.insert(s.variants).values(
      batch.flatMap((it) => [
        { tenantId, itemId: it.id, title: t('Small'), price: '2.500', position: 0 },
        { tenantId, itemId: it.id, title: t('Large'), price: '3.750', position: 1 },
      ]),
    );
    if (tax)
      await db
        .insert(s.itemTaxes)
        .values(batch.map((it) => ({ tenantId, itemId: it.id, taxId: tax.id })));
  }
}

/** One GET read to its end as sent (fetch would decompress): its time and its bytes. */
function timedGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const expected = headers['accept-encoding'] ?? 'identity';
        if ((res.headers['content-encoding'] ?? 'identity') !== expected)
          reject(new Error(`answered ${res.headers['content-encoding'] ?? 'identity'}`));
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ ms: performance.now() - start, bytes }));
      })
      .on('error', reject);
  });
}

/** The tree's rows as plain SQL through the same driver, serialized: the floor of a rebuild. */
async function readRows(
  db: Awaited<ReturnType<typeof createTestDatabase>>['db'],
  tenantId: string,
) {
  const tables = [s.categories, s.items, s.variants, s.itemTaxes, s.categorySchedules];
  const results = await Promise.all(
    tables.map((t) => db.execute(sql`select * from ${t} where ${t.tenantId} = ${tenantId}`)),
  );
  return JSON.stringify(results).length;
}

/**
 * The catalogue tree warm (answered from the per-tenant cache), as plain JSON and as a
 * browser asks for it (brotli, compressed per answer), against the same body answered from
 * memory through the same server and guard; and cold (the first answer after a catalogue
 * change rebuilds the tree) against reading and serializing the same rows.
 */
export async function benchCatalogTree(seconds: number): Promise<Figure[]> {
  const database = await createTestDatabase('');
  await seedDemoData(database.owner);
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  const [tenant] = await database.owner
    .select()
    .from(s.tenants)
    .where(eq(s.tenants.slug, 'al-bayt'));
  const tenantId = tenant!.id;
  await generateMenu(database.owner, tenantId);

  // The ceiling: the same server, the same guard, the same JSON body, answered from memory.
  let body = '';
  app.get(
    '/api/admin/tenants/:tenantId/bench/ceiling',
    {
      config: { access: { permission: 'ManageCatalog' } },
      schema: { hide: true, params: z.object({ tenantId: Uuid }) },
    },
    async (_req, reply) => reply.type('application/json').send(body),
  );
  await app.ready();
  const origin = await baseUrlOf(app);
  const token = await accessTokenFor({ app, config, database }, 'owner@demo.local');
  const headers = { authorization: `Bearer ${token}` };
  const plain = { ...headers, 'accept-encoding': 'identity' };
  const br = { ...headers, 'accept-encoding': 'br' };
  const base = `${origin}/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs`;
  const treeUrl = `${base}/tree`;
  const ceilingUrl = `${origin}/api/admin/tenants/${tenantId}/bench/ceiling`;
  const first = await fetch(treeUrl, { headers: plain });
  body = await first.text();
  const nodes = (body.match(/"type":"CATALOG_ITEM"/g) ?? []).length;
  // The demo menu's items are in the tree as well as the generated ones.
  if (first.status !== 200 || nodes < ITEMS)
    throw new Error(`tree answered ${first.status} with ${nodes} items`);
  const brBytes = (await timedGet(treeUrl, br)).bytes;
  console.log(
    `  tree body ${(body.length / 1024).toFixed(0)} KiB, ${(brBytes / 1024).toFixed(0)} KiB in brotli, ${nodes} items`,
  );

  await load(treeUrl, headers, 1); // warm-up
  const [ceiling, tree] = await abba(
    seconds,
    (t) => load(ceilingUrl, headers, t),
    (t) => load(treeUrl, headers, t),
  );
  // In brotli each answer costs its compression: one at a time, the tree and the same body
  // from memory in turns.
  const treeBr: number[] = [];
  const ceilingBr: number[] = [];
  const brUntil = performance.now() + seconds * 1000;
  while (treeBr.length < 5 || (performance.now() < brUntil && treeBr.length < 100)) {
    treeBr.push((await timedGet(treeUrl, br)).ms);
    ceilingBr.push((await timedGet(ceilingUrl, br)).ms);
  }
  treeBr.sort((a, b) => a - b);
  ceilingBr.sort((a, b) => a - b);
  for (const r of [ceiling, tree])
    if (r.errors + r.non2xx > 0) throw new Error('requests failed during the benchmark');

  // Cold: hide or show an item through the API (a catalogue change), then time the next tree.
  const [item] = await database.owner
    .select({ id: s.items.id })
    .from(s.items)
    .where(eq(s.items.tenantId, tenantId))
    .limit(1);
  const cold: number[] = [];
  const rows: number[] = [];
  const warm: number[] = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; cold.length < 5 || (performance.now() < until && cold.length < 100); i++) {
    const change = await fetch(`${base}/catalogitems/${item!.id}/availability`, {
      method: 'PUT',
      headers: { ...plain, 'content-type': 'application/json' },
      body: JSON.stringify({ active: i % 2 === 1, outOfStock: false }),
    });
    if (change.status !== 200) throw new Error(`availability answered ${change.status}`);
    await change.arrayBuffer();
    let start = performance.now();
    const res = await fetch(treeUrl, { headers: plain });
    const text = await res.text();
    cold.push(performance.now() - start);
    if (res.status !== 200 || text.length < body.length / 2) throw new Error('cold tree failed');
    start = performance.now();
    await (await fetch(treeUrl, { headers: plain })).text();
    warm.push(performance.now() - start);
    start = performance.now();
    await readRows(database.owner, tenantId);
    rows.push(performance.now() - start);
  }
  await app.close();
  await database.dispose();
  cold.sort((a, b) => a - b);
  rows.sort((a, b) => a - b);
  warm.sort((a, b) => a - b);

  const memory = (value: number) => ({ value, label: 'same body from memory' });
  return [
    {
      name: 'warm tree requests/s',
      value: tree.rps,
      unit: 'req/s',
      ceiling: memory(ceiling.rps),
      target: '≥ 0.5× memory',
      ok: tree.rps >= 0.5 * ceiling.rps,
    },
    { name: 'warm tree p99', value: tree.p99, unit: 'ms', ceiling: memory(ceiling.p99) },
    {
      name: `warm tree p50, brotli, one at a time (${treeBr.length})`,
      value: percentile(treeBr, 50),
      unit: 'ms',
      ceiling: { value: percentile(ceilingBr, 50), label: 'same body from memory, brotli' },
    },
    {
      name: `cold tree p50 (${cold.length} changes)`,
      value: percentile(cold, 50),
      unit: 'ms',
      ceiling: { value: percentile(rows, 50), label: 'reading + serializing its rows' },
    },
    {
      name: 'cold tree p50',
      value: percentile(cold, 50),
      unit: 'ms',
      ceiling: { value: percentile(warm, 50), label: 'the next answer, warm' },
    },
    {
      name: 'cold tree slowest',
      value: cold[cold.length - 1]!,
      unit: 'ms',
      ceiling: { value: rows[rows.length - 1]!, label: 'slowest read of its rows' },
    },
  ];
}
