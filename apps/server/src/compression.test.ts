import zlib from 'node:zlib';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKETS_HUB_PATH } from './realtime/hub.ts';
import {
  demoFixtures,
  intakeUrl,
  pickup,
  type DemoFixtures,
} from './modules/tickets/test-fixtures.ts';
import { accessTokenFor, baseUrlOf, bearer } from './test/auth.ts';
import { createTestApp, type TestContext } from './test/harness.ts';

/** JSON answers above 1 KiB go out in brotli or gzip to clients that ask for it, and only then. */
let ctx: TestContext;
let f: DemoFixtures;
let treeUrl: string;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  treeUrl = `/api/admin/tenants/${f.alBayt.id}/branches/defaultBranch/productcatalogs/tree`;
  headers = bearer(await accessTokenFor(ctx, 'owner@demo.local'));
}, 120_000);
afterAll(async () => ctx.close());

const tree = (acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: treeUrl,
    headers: acceptEncoding ? { ...headers, 'accept-encoding': acceptEncoding } : headers,
  });

describe('compressed JSON answers', () => {
  it('sends the catalogue tree compressed to a client accepting br or gzip, the same JSON', async () => {
    const plain = await tree();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4096);
    const expected = plain.json();

    for (const [accepts, encoding, decode] of [
      ['br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
    ] as const) {
      const res = await tree(accepts);
      expect(res.statusCode, accepts).toBe(200);
      expect(res.headers['content-encoding'], accepts).toBe(encoding);
      expect(res.headers['content-type'], accepts).toMatch(/^application\/json/);
      expect(String(res.headers.vary), accepts).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, accepts).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(res.rawPayload).toString()), accepts).toEqual(expected);
    }
  });

  it('sends the tree as it is to a client that accepts no compression', async () => {
    for (const accepts of ['identity', 'deflate']) {
      const res = await tree(accepts);
      expect(res.statusCode, accepts).toBe(200);
      expect(res.headers['content-encoding'], accepts).toBeUndefined();
      expect(res.json().results.type, accepts).toBe('CATALOG');
    }
  });

  it('leaves an answer under 1 KiB as it is', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(1024);
  });

  it('keeps the realtime hub working for a browser that announces compression', async () => {
    const origin = await baseUrlOf(ctx.app);
    const token = await accessTokenFor(ctx, 'staff@demo.local');
    const ws = new WebSocket(
      `${origin.replace(/^http/, 'ws')}${TICKETS_HUB_PATH}?access_token=${token}`,
      { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
        ws.once('error', reject);
      });
      const event = new Promise<{ event: string; data: { ticketId: string } }>((resolve) =>
        ws.on('message', (raw) => resolve(JSON.parse(String(raw)))),
      );
      const placed = await ctx.app.inject({
        method: 'POST',
        url: intakeUrl(f.alBayt.id, f.abdoun.id),
        headers: { 'accept-encoding': 'gzip, br' },
        payload: pickup([{ variantId: f.variant('Mint tea').variantId }]),
      });
      expect(placed.statusCode).toBe(201);
      const ticket = JSON.parse(
        placed.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(placed.rawPayload).toString()
          : placed.body,
      ).results as { id: string };
      expect(await event).toMatchObject({ event: 'ticketsUpdate', data: { ticketId: ticket.id } });
    } finally {
      ws.terminate();
    }
  });
});
