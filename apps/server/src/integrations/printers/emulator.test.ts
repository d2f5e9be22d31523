import { afterAll, beforeAll, expect, it } from 'vitest';
import { authAs, baseUrlOf } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { decodePng } from '../../test/printer-clients.ts';
import { demoFixtures, intakeUrl, pickup } from '../../modules/tickets/test-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: true, config: { printerEmulator: true } });
}, 120_000);
afterAll(() => ctx.close());

type Listing = {
  printers: { printerId: string; branch: string; prints: string[]; url?: string }[];
};

it("the demo's printers: one per Al Bayt branch, printing an accepted order, shown to this machine", async () => {
  const base = await baseUrlOf(ctx.app);
  const f = await demoFixtures(ctx.database.owner);
  const listing = async () =>
    (await (await fetch(`${base}/emulators/printers/prints.json`)).json()) as Listing;
  expect((await listing()).printers.map((p) => p.branch).sort()).toEqual(['Abdoun', 'Sweifieh']);
  // The poll URLs (the printers' secrets) stay on the server.
  expect(JSON.stringify(await listing())).not.toContain('/api/printers/');

  const manager = await authAs(ctx, 'manager@demo.local');
  const listed = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/printers`,
    headers: manager,
  });
  expect(listed.json().results).toEqual([
    expect.objectContaining({ name: 'Kitchen (emulated Star)', prints: ['kitchen', 'receipt'] }),
  ]);

  const order = await ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, f.abdoun.id),
    payload: pickup([{ variantId: f.variant('Hummus', 'Large').variantId }]),
  });
  const ticket = order.json().results as { id: string };
  await ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/tenants/${f.alBayt.id}/tickets/${ticket.id}`,
    headers: manager,
    payload: { status: 'InProgress', note: null },
  });
  const abdoun = async () => (await listing()).printers.find((p) => p.branch === 'Abdoun')!;
  await expect.poll(async () => (await abdoun()).prints.length, { timeout: 15_000 }).toBe(2);
  const printer = await abdoun();
  const png = await fetch(
    `${base}/emulators/printers/prints/${printer.printerId}/${printer.prints[0]}`,
  );
  expect(png.headers.get('content-type')).toBe('image/png');
  expect(decodePng(Buffer.from(await png.arrayBuffer())).width).toBe(576);
  const page = await (await fetch(`${base}/emulators/printers`)).text();
  expect(page).toContain('Abdoun');
  expect(page).toContain(`/emulators/printers/prints/${printer.printerId}/`);
  const jobs = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/tenants/${f.alBayt.id}/tickets/${ticket.id}/printjobs`,
    headers: manager,
  });
  expect(jobs.json().results.map((j: { state: string }) => j.state)).toEqual([
    'printed',
    'printed',
  ]);
}, 60_000);
