import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { seedDemoData } from '../src/db/seed.ts';
import * as s from '../src/db/schema.ts';
import { qrPng } from '../src/modules/service-areas/qr-codes.ts';
import { createTestDatabase, testConfig } from '../src/test/harness.ts';
import { accessTokenFor, baseUrlOf } from '../src/test/auth.ts';
import { abba, load, type Figure } from './harness.ts';

const TABLES = 2000;

/**
 * A branch with 2,000 tables: one page of 50 sorted by section (server paging), against the
 * sections list through the same guard; and the zip of all 2,000 QR codes streamed, its time
 * against making the same PNGs alone, its memory against the size of the zip.
 */
export async function benchServiceAreas(seconds: number): Promise<Figure[]> {
  const database = await createTestDatabase('');
  await seedDemoData(database.owner);
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const [tenant] = await database.owner
    .select()
    .from(s.tenants)
    .where(eq(s.tenants.slug, 'al-bayt'));
  const tenantId = tenant!.id;
  const [branch] = await database.owner
    .select()
    .from(s.branches)
    .where(and(eq(s.branches.tenantId, tenantId)));
  const origin = await baseUrlOf(app);
  const token = await accessTokenFor({ app, config, database }, 'owner@demo.local');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const base = `${origin}/api/admin/tenants/${tenantId}/branches/${branch!.id}/serviceareamanagement`;
  const existing = await database.owner
    .select({ id: s.serviceAreas.id })
    .from(s.serviceAreas)
    .where(eq(s.serviceAreas.branchId, branch!.id));
  // The range call makes at most 1,000 at once: two prefixes of 1,000 (less the demo's own).
  for (const [title, count] of [
    ['A', 1000],
    ['B', TABLES - 1000 - existing.length],
  ] as const) {
    const res = await fetch(`${base}/serviceareas`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title, rangeStart: 1, rangeEnd: count }),
    });
    if (res.status !== 201) throw new Error(`range answered ${res.status}`);
  }
  const ids = (
    await database.owner
      .select({ id: s.serviceAreas.id })
      .from(s.serviceAreas)
      .where(eq(s.serviceAreas.branchId, branch!.id))
  ).map((r) => r.id);
  if (ids.length !== TABLES) throw new Error(`${ids.length} tables, not ${TABLES}`);

  const pageUrl = `${base}/serviceareas?pageSize=50&page=20&sort=section&direction=desc`;
  const sectionsUrl = `${base}/sections`;
  await load(pageUrl, headers, 1);
  const [sections, page] = await abba(
    seconds,
    (t) => load(sectionsUrl, headers, t),
    (t) => load(pageUrl, headers, t),
  );

  // The ceiling of the zip: the same 2,000 PNGs made one after another, nothing else.
  const pngStart = performance.now();
  let pngBytes = 0;
  for (const id of ids)
    pngBytes += (await qrPng(`https://store.example/al-bayt/t/${id}`, '#c2185b')).length;
  const pngSeconds = (performance.now() - pngStart) / 1000;

  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const zipStart = performance.now();
  const res = await fetch(`${base}/serviceareas/qrcodes`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ids, qrColor: '#c2185b' }),
  });
  if (res.status !== 200 || !res.body) throw new Error(`zip answered ${res.status}`);
  let zipBytes = 0;
  let firstByte = NaN;
  for await (const chunk of res.body) {
    if (Number.isNaN(firstByte)) firstByte = performance.now() - zipStart;
    zipBytes += (chunk as Uint8Array).length;
  }
  const zipSeconds = (performance.now() - zipStart) / 1000;
  clearInterval(sampler);
  await app.close();
  await database.dispose();
  const mb = (b: number) => b / 1e6;
  console.log(
    `  ${TABLES} tables; zip ${mb(zipBytes).toFixed(1)} MB (PNGs ${mb(pngBytes).toFixed(1)} MB), first byte after ${firstByte.toFixed(0)} ms`,
  );
  return [
    {
      name: 'page of 50 of 2,000 tables, requests/s',
      value: page.rps,
      unit: 'req/s',
      ceiling: { value: sections.rps, label: 'sections list, same guard' },
    },
    {
      name: 'page of 50 of 2,000 tables, p99',
      value: page.p99,
      unit: 'ms',
      ceiling: { value: sections.p99, label: 'sections list, same guard' },
    },
    {
      name: 'zip of 2,000 QR codes, streamed',
      value: zipSeconds,
      unit: 's',
      ceiling: { value: pngSeconds, label: 'the same PNGs made alone' },
    },
    {
      name: 'memory growth while streaming the zip',
      value: mb(peak - rss0),
      unit: 'MB',
      ceiling: { value: mb(zipBytes), label: 'size of the zip' },
    },
  ];
}
