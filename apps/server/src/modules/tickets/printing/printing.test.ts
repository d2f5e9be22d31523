import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authAs, baseUrlOf } from '../../../test/auth.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import {
  CloudPrntPrinter,
  decodePng,
  EpsonSdpPrinter,
  type DecodedPng,
} from '../../../test/printer-clients.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../test-fixtures.ts';
import { drawDocument, isBlack, pngOf, type Raster } from './raster.ts';
import { drawTicket } from './printing.service.ts';
import { printers } from './printing.table.ts';
import { sampleTicket } from './sample-ticket.ts';

/**
 * Issue 37: printers that poll over HTTP. The printers here are clients written from Star's
 * CloudPRNT and Epson's Server Direct Print documents (src/test/printer-clients.ts).
 */
let ctx: TestContext;
let f: DemoFixtures;
let base: string;
let staff: Record<string, string>;
let manager: Record<string, string>;
let outsider: Record<string, string>;
// The server's clock runs `skew` ms ahead of the test's: a printer's silence, a job's wait.
let skew = 0;
const OUT = path.resolve('.tmp/test-output/printing');

beforeAll(async () => {
  ctx = await createTestApp({ seed: true, clock: () => new Date(Date.now() + skew) });
  f = await demoFixtures(ctx.database.owner);
  base = await baseUrlOf(ctx.app);
  staff = await authAs(ctx, 'staff@demo.local');
  manager = await authAs(ctx, 'manager@demo.local');
  outsider = await authAs(ctx, 'owner@other.local');
  fs.mkdirSync(OUT, { recursive: true });
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => {
  skew = 0;
});
// Each test's printers go, passed or failed: none prints the next test's orders.
afterEach(async () => {
  await ctx.database.owner.delete(printers);
});

type Json = Record<string, unknown>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Json,
  payload?: Json,
) => ctx.app.inject({ method, url, headers: headers as Record<string, string>, payload });
const tenant = () => `/api/admin/tenants/${f.alBayt.id}`;
const printersOf = (branchId: string) => `${tenant()}/branches/${branchId}/printers`;

/** Adds a printer as a manager; the printer is given its poll URL at this server's address. */
async function addPrinter(body: Json, branchId = f.abdoun.id) {
  const res = await call('POST', printersOf(branchId), manager, {
    name: 'Kitchen',
    protocol: 'cloudprnt',
    paperWidthMm: 80,
    prints: ['kitchen'],
    autoPrintOnAccept: true,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, pollUrl } = res.json().results as { id: string; pollUrl: string };
  return { id, url: `${base}${new URL(pollUrl).pathname}` };
}
const removePrinter = (id: string, branchId = f.abdoun.id) =>
  call('DELETE', `${printersOf(branchId)}/${id}`, manager);

async function newOrder(branchId = f.abdoun.id) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, branchId),
    payload: pickup([{ variantId: f.variant('Hummus', 'Large').variantId, quantity: 2 }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results as { id: string; ticketNumber: number };
}
const accept = (id: string) =>
  call('PUT', `${tenant()}/tickets/${id}`, staff, { status: 'InProgress', note: null });
const jobsOf = async (ticketId: string) =>
  (await call('GET', `${tenant()}/tickets/${ticketId}/printjobs`, staff)).json().results as {
    id: string;
    kind: string;
    copy: boolean;
    state: string;
    reason: string | null;
    printerId: string;
  }[];

/** The share of black dots in rows [from, to): a COPY banner is a black band. */
const inkIn = (png: DecodedPng, from: number, to: number) => {
  let black = 0;
  for (let y = from; y < to; y++) for (let x = 0; x < png.width; x++) if (png.black(x, y)) black++;
  return black / ((to - from) * png.width);
};

describe('printers of a branch', () => {
  it('are added and removed by managers and owners, seen by staff, never by another tenant', async () => {
    const taker = await call('POST', printersOf(f.abdoun.id), staff, {
      name: 'Bar',
      protocol: 'cloudprnt',
      paperWidthMm: 58,
      prints: ['receipt'],
    });
    expect(taker.statusCode).toBe(403);
    const { id, url } = await addPrinter({ name: 'Bar', paperWidthMm: 58, prints: ['receipt'] });
    // The poll URL carries a secret of its own: the printer's id alone opens nothing.
    expect(url).toMatch(new RegExp(`/api/printers/${id}/[A-Za-z0-9_-]{32}$`));
    const listed = await call('GET', printersOf(f.abdoun.id), staff);
    expect(listed.statusCode).toBe(200);
    const bar = listed.json().results.find((p: { id: string }) => p.id === id);
    expect(bar).toMatchObject({
      name: 'Bar',
      state: 'never_seen',
      waitingJobs: 0,
      paperWidthMm: 58,
    });
    expect(JSON.stringify(listed.json())).not.toContain(url.split('/').at(-1));
    // Another tenant's owner: no such tenant of theirs.
    expect((await call('GET', printersOf(f.abdoun.id), outsider)).statusCode).toBe(404);
    const bad = await call('POST', printersOf(f.abdoun.id), manager, {
      name: 'X',
      protocol: 'ipp',
      paperWidthMm: 70,
      prints: [],
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['paperWidthMm', 'prints', 'protocol']);
    expect((await removePrinter(id)).statusCode).toBe(200);
    // Removed: its URL answers nothing.
    expect((await fetch(url, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('answers 404 to a wrong secret', async () => {
    const { id, url } = await addPrinter({});
    const wrong = url.replace(/[^/]+$/, 'x'.repeat(32));
    expect((await fetch(wrong, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(`${base}/api/printers/${id}`, { method: 'POST' })).status).toBe(404);
    await removePrinter(id);
  });
});

describe('Star CloudPRNT', () => {
  it('prints the accepted order once: poll, fetch the PNG at 576 dots, confirm, nothing more', async () => {
    const { id, url } = await addPrinter({ prints: ['kitchen', 'receipt'] });
    const printer = new CloudPrntPrinter(url);
    expect(await printer.poll()).toEqual({ jobReady: false });
    const order = await newOrder();
    // Not accepted yet: nothing to print.
    expect((await printer.poll()).jobReady).toBe(false);
    expect((await accept(order.id)).statusCode).toBe(200);

    const offered = await printer.poll();
    expect(offered).toMatchObject({ jobReady: true, mediaTypes: ['image/png'] });
    const job = await printer.fetchJob(offered.jobToken!);
    expect(job.status).toBe(200);
    expect(job.type).toBe('image/png');
    const png = decodePng(job.body);
    expect(png).toMatchObject({ width: 576, bitDepth: 1, colorType: 0 });
    // The kitchen's ticket comes first.
    expect((await jobsOf(order.id)).find((j) => j.id === offered.jobToken)?.kind).toBe('kitchen');
    expect(png.height).toBeGreaterThan(200);
    // Printed ink, and no COPY band on the first print.
    expect(inkIn(png, 0, png.height)).toBeGreaterThan(0.01);
    expect(inkIn(png, 0, 12)).toBeLessThan(0.2);
    expect((await jobsOf(order.id)).find((j) => j.id === offered.jobToken)?.state).toBe('printing');
    expect(await printer.confirm(offered.jobToken!)).toBe(200);

    // The receipt, then nothing.
    expect(await printer.cycle()).not.toBeNull();
    expect((await printer.poll()).jobReady).toBe(false);
    const jobs = await jobsOf(order.id);
    expect(jobs.map((j) => [j.kind, j.state, j.copy]).sort()).toEqual([
      ['kitchen', 'printed', false],
      ['receipt', 'printed', false],
    ]);
    await removePrinter(id);
  });

  it('prints a raced double accept once', async () => {
    const { id, url } = await addPrinter({});
    const order = await newOrder();
    const answers = await Promise.all([accept(order.id), accept(order.id), accept(order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const printer = new CloudPrntPrinter(url);
    expect(await printer.cycle()).not.toBeNull();
    expect(await printer.cycle()).toBeNull();
    expect(await jobsOf(order.id)).toHaveLength(1);
    await removePrinter(id);
  });

  it('marks a reprint COPY, and offers again as COPY a job its printer never confirmed', async () => {
    const { id, url } = await addPrinter({});
    const order = await newOrder();
    await accept(order.id);
    const printer = new CloudPrntPrinter(url);
    const first = await printer.cycle();
    expect(first).not.toBeNull();

    const again = await call('POST', `${tenant()}/tickets/${order.id}/printjobs`, staff, {
      kind: 'kitchen',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().results).toEqual([
      expect.objectContaining({ copy: true, state: 'queued' }),
    ]);
    const copy = await printer.cycle();
    // A black band across the top: COPY.
    expect(inkIn(copy!, 16, 36)).toBeGreaterThan(0.6);
    expect(inkIn(first!, 16, 36)).toBeLessThan(0.2);

    // Taken, never confirmed (the printer lost power): offered again after the timeout, COPY.
    await call('POST', `${tenant()}/tickets/${order.id}/printjobs`, staff, { kind: 'kitchen' });
    const lost = await printer.poll();
    await printer.fetchJob(lost.jobToken!);
    expect((await printer.poll()).jobReady).toBe(false);
    skew = 100_000;
    const reoffered = await printer.poll();
    expect(reoffered.jobToken).toBe(lost.jobToken);
    const png = decodePng((await printer.fetchJob(reoffered.jobToken!)).body);
    expect(inkIn(png, 16, 36)).toBeGreaterThan(0.6);
    await printer.confirm(reoffered.jobToken!);
    expect((await jobsOf(order.id)).every((j) => j.state === 'printed')).toBe(true);

    // A reprint with no printer for the kind is refused plainly.
    const none = await call('POST', `${tenant()}/tickets/${order.id}/printjobs`, staff, {
      kind: 'receipt',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual([{ field: 'printerId', codes: ['no_printer'] }]);
    await removePrinter(id);
  });

  it('shows the printer’s state: cover open, paper out, a failed job’s reason, offline after 60 s', async () => {
    const { id, url } = await addPrinter({});
    const printer = new CloudPrntPrinter(url);
    const stateNow = async () =>
      (await call('GET', printersOf(f.abdoun.id), staff))
        .json()
        .results.find((p: { id: string }) => p.id === id) as {
        state: string;
        stateDetail: string | null;
        waitingJobs: number;
      };
    await printer.poll({ statusCode: '200%20OK', status: '23860000000000000000' });
    expect((await stateNow()).state).toBe('online');
    // ASB byte 3 bit 5: the cover is open.
    await printer.poll({ statusCode: '420%20Cover%20Open', status: '23862000000000000000' });
    expect(await stateNow()).toMatchObject({ state: 'cover_open', stateDetail: '420 Cover Open' });
    // ASB byte 6 bit 3: the paper ran out.
    await printer.poll({ statusCode: '410%20Out%20of%20Paper', status: '23860000000800000000' });
    expect((await stateNow()).state).toBe('paper_out');

    const order = await newOrder();
    await accept(order.id);
    expect((await stateNow()).waitingJobs).toBe(1);
    const offered = await printer.poll();
    await printer.fetchJob(offered.jobToken!);
    await printer.confirm(offered.jobToken!, '410 Out of paper');
    expect(await jobsOf(order.id)).toEqual([
      expect.objectContaining({ state: 'failed', reason: '410 Out of paper' }),
    ]);
    skew = 61_000;
    expect((await stateNow()).state).toBe('offline');
    await removePrinter(id);
  });
});

describe('a hostile printer or stranger at a poll URL', () => {
  it('gets 404 for made-up tokens and keeps NUL and huge words out of the state', async () => {
    const { id, url } = await addPrinter({});
    const printer = new CloudPrntPrinter(url);
    expect((await printer.fetchJob('not-a-uuid')).status).toBe(404);
    expect((await printer.fetchJob(crypto.randomUUID())).status).toBe(404);
    expect(await printer.confirm('not-a-uuid', '200 OK')).toBe(200);
    await printer.poll({ statusCode: `500%00${'x'.repeat(5000)}`, status: 'zz' });
    const listed = (await call('GET', printersOf(f.abdoun.id), staff)).json().results;
    const row = listed.find((p: { id: string }) => p.id === id);
    expect(row.state).toBe('error');
    expect(row.stateDetail).not.toContain('\u0000');
    expect(row.stateDetail.length).toBeLessThanOrEqual(120);
    const epson = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ConnectionType: 'SetResponse',
        ResponseFile: `<ePOSPrint><printjobid>x\u0000</printjobid><response success="false" code="${'E\u0000'.repeat(500)}" status="1"/></ePOSPrint>`,
      }).toString(),
    });
    expect(epson.status).toBe(200);
    const long = `${url}${'a'.repeat(3000)}`;
    // A made-up secret of any length opens nothing (past the URL limit, 414 first).
    expect([404, 414]).toContain((await fetch(long, { method: 'POST', body: '{}' })).status);
  });
});

describe('Epson Server Direct Print', () => {
  it('answers ePOS-Print XML with the image at 384 dots, takes the result, then has nothing', async () => {
    const { id, url } = await addPrinter({
      protocol: 'epson-sdp',
      paperWidthMm: 58,
      prints: ['receipt'],
    });
    const printer = new EpsonSdpPrinter(url);
    expect(await printer.getRequest()).toBeNull();
    const order = await newOrder();
    await accept(order.id);
    const job = await printer.getRequest();
    expect(job).toMatchObject({ width: 384, cut: true });
    expect(job!.raster).toHaveLength((384 / 8) * job!.height);
    expect(job!.raster.some((b) => b !== 0)).toBe(true);
    expect(await printer.setResponse(job!.jobId, true)).toBe(200);
    expect(await printer.getRequest()).toBeNull();
    expect(await jobsOf(order.id)).toEqual([expect.objectContaining({ state: 'printed' })]);

    // A failed print: the printer's code is the job's reason; its status bits its state.
    await call('POST', `${tenant()}/tickets/${order.id}/printjobs`, staff, { kind: 'receipt' });
    const copy = await printer.getRequest();
    // ASB_RECEIPT_END: out of paper.
    await printer.setResponse(copy!.jobId, false, 'EPTR_REC_EMPTY', 0x80000 | 0x1000000);
    const jobs = await jobsOf(order.id);
    expect(jobs[0]).toMatchObject({ state: 'failed', reason: 'EPTR_REC_EMPTY', copy: true });
    const listed = (await call('GET', printersOf(f.abdoun.id), staff)).json().results;
    expect(listed.find((p: { id: string }) => p.id === id).state).toBe('paper_out');
    await removePrinter(id);
  });
});

describe('the printed ticket', () => {
  const save = (name: string, r: Raster) => fs.writeFileSync(path.join(OUT, name), pngOf(r));
  /** The leftmost and rightmost black columns in rows [from, to). */
  const inkColumns = (r: Raster, from: number, to: number) => {
    let left = r.width;
    let right = -1;
    for (let y = from; y < to; y++)
      for (let x = 0; x < r.width; x++)
        if (isBlack(r, x, y)) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
    return { left, right };
  };

  it('draws receipts and kitchen tickets in English and Arabic at both widths (saved to look at)', () => {
    for (const lang of ['en', 'ar'] as const)
      for (const kind of ['receipt', 'kitchen'] as const)
        for (const width of [576, 384]) {
          const r = drawTicket(sampleTicket, kind, {
            lang,
            timeZone: 'Asia/Amman',
            copy: false,
            width,
          });
          expect(r.width).toBe(width);
          save(`${kind}-${lang}-${width}.png`, r);
        }
    expect(fs.readdirSync(OUT).filter((n) => n.endsWith('.png')).length).toBeGreaterThanOrEqual(8);
  });

  it('sets Arabic right to left, its letters joined', () => {
    const line = (text: string, lang: 'en' | 'ar') =>
      drawDocument([{ kind: 'field', label: text, value: '' }], { width: 576, lang });
    const arabic = line('مطبخ البيت', 'ar');
    const english = line('Al Bayt', 'en');
    const ar = inkColumns(arabic, 0, arabic.height);
    const en = inkColumns(english, 0, english.height);
    // Arabic starts at the right margin, English at the left one.
    expect(576 - ar.right).toBeLessThan(20);
    expect(ar.left).toBeGreaterThan(250);
    expect(en.left).toBeLessThan(20);
    // Joined letters take less room than the same letters kept apart (zero-width non-joiners).
    const joined = inkColumns(line('مطبخ', 'ar'), 0, arabic.height);
    const apart = inkColumns(line('م\u200cط\u200cب\u200cخ', 'ar'), 0, arabic.height);
    expect(joined.right - joined.left).toBeLessThan(apart.right - apart.left);
  });
});
