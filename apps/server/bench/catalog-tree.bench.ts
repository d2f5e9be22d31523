import { eq } from 'drizzle-orm';
import { Uuid } from '@app/contracts';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { seedDemoData } from '../src/db/seed.ts';
import * as s from '../src/db/schema.ts';
import { createTestDatabase, testConfig } from '../src/test/harness.ts';
import { accessTokenFor, baseUrlOf } from '../src/test/auth.ts';
import { load, type Figure } from './harness.ts';

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

export async function benchCatalogTree(seconds: number): Promise<Figure[]> {
  const database = await createTestDatabase();
  await seedDemoData(database.db);
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  const [tenant] = await database.db.select().from(s.tenants).where(eq(s.tenants.slug, 'al-bayt'));
  const tenantId = tenant!.id;
  await generateMenu(database.db, tenantId);

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
  const treeUrl = `${origin}/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs/tree`;
  const first = await fetch(treeUrl, { headers });
  body = await first.text();
  const nodes = (body.match(/"type":"CATALOG_ITEM"/g) ?? []).length;
  // The demo menu's items are in the tree as well as the generated ones.
  if (first.status !== 200 || nodes < ITEMS)
    throw new Error(`tree answered ${first.status} with ${nodes} items`);
  console.log(`  tree body ${(body.length / 1024).toFixed(0)} KiB, ${nodes} items`);

  await load(treeUrl, headers, 1); // warm-up
  const ceiling = await load(
    `${origin}/api/admin/tenants/${tenantId}/bench/ceiling`,
    headers,
    seconds,
  );
  const tree = await load(treeUrl, headers, seconds);
  await app.close();
  await database.dispose();
  if (tree.errors + tree.non2xx + ceiling.errors + ceiling.non2xx > 0)
    throw new Error('requests failed during the benchmark');
  return [
    {
      name: 'catalog tree requests/s',
      value: tree.rps,
      unit: 'req/s',
      ceiling: ceiling.rps,
      target: '≥ 0.5 of ceiling',
      ok: tree.rps >= 0.5 * ceiling.rps,
    },
    { name: 'catalog tree p99 latency', value: tree.p99, unit: 'ms', ceiling: ceiling.p99 },
  ];
}
