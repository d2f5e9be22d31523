import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { DOCUMENT_ONLY_HEADERS } from './spa.ts';

/**
 * The built admin app as a browser gets it: hashed assets cached for a year and compressed
 * (the build's .br/.gz files), index.html revalidated on every visit, no source maps.
 */
let ctx: TestContext;
const script = `export const greeting = ${JSON.stringify('marhaba '.repeat(2000))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-Bx9f3k2Q.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

/** A dist folder as `vite build` leaves it: the build step writes .br and .gz beside text files. */
function writeDist(page = html): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const files = {
    'index.html': page,
    'assets/index-Bx9f3k2Q.js': script,
    'assets/roboto-latin-400-normal-BqEyEoaF.woff2': 'wOF2 not text',
  };
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(dist, name);
    fs.writeFileSync(file, body);
    if (!name.endsWith('.woff2')) {
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
    }
  }
  // A map left in the served folder by mistake must still not reach the public.
  fs.writeFileSync(path.join(dist, 'assets/index-Bx9f3k2Q.js.map'), '{"version":3}');
  return dist;
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? zlib.gunzipSync(body).toString()
      : body.toString();

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

beforeAll(async () => {
  ctx = await createTestApp({ config: { adminDist: writeDist() } });
}, 60_000);
afterAll(async () => ctx.close());

describe('the built admin app', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
  ])(
    'sends a hashed script cached for a year and compressed to a client accepting %s',
    async (accepts, expected) => {
      const res = await get('/assets/index-Bx9f3k2Q.js', accepts);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(script.length / 10);
      expect(decode(expected, res.rawPayload)).toBe(script);
    },
  );

  it('sends the plain script, with the same caching, to a client accepting no compression', async () => {
    for (const accepts of [undefined, 'identity', 'deflate']) {
      const res = await get('/assets/index-Bx9f3k2Q.js', accepts);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.body).toBe(script);
    }
  });

  it('caches a hashed font for a year as it is (already compressed)', async () => {
    const res = await get('/assets/roboto-latin-400-normal-BqEyEoaF.woff2', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('wOF2 not text');
  });

  it('has index.html revalidated on every visit, at its own path and for client routes', async () => {
    for (const url of ['/', '/index.html', '/auth/loginlanding', '/admin/tickets/manage?x=1']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(decode('br', res.rawPayload), url).toBe(html);
    }
    const plain = await get('/auth/loginlanding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('keeps the document-only security headers on index.html, off the hashed files', async () => {
    const page = await get('/admin/tickets/manage', 'br');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=/);
    for (const url of [
      '/assets/index-Bx9f3k2Q.js',
      '/assets/roboto-latin-400-normal-BqEyEoaF.woff2',
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      for (const name of DOCUMENT_ONLY_HEADERS)
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      // What a script or font obeys stays.
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('never serves a source map, a compressed copy by its own name, or HTML for a missing asset', async () => {
    for (const url of [
      '/assets/index-Bx9f3k2Q.js.map',
      '/assets/index-Bx9f3k2Q.js.br',
      '/assets/index-Bx9f3k2Q.js.gz',
      '/assets/index-Gone1234.js',
      '/main.js.map',
    ]) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json().error.code, url).toBe('not_found');
    }
  });
});

describe('the built storefront beside the admin', () => {
  let both: TestContext;
  const storeHtml = `<!doctype html><html><head><script type="module" src="/store/assets/index-St0re123.js"></script></head><body><div id="root">store</div>${'<!-- pad -->'.repeat(90)}</body></html>`;
  beforeAll(async () => {
    both = await createTestApp({
      config: { adminDist: writeDist(), storefrontDist: writeDist(storeHtml) },
    });
  }, 60_000);
  afterAll(async () => both.close());
  const fetch = (url: string) =>
    both.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('answers its own index.html for its addresses (branch link, table QR), revalidated', async () => {
    for (const url of ['/store/', '/store/al-bayt/3f0c/pickup', '/store/al-bayt/t/9a1b?lang=ar']) {
      const res = await fetch(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode(res.headers['content-encoding'] as string, res.rawPayload), url).toBe(
        storeHtml,
      );
    }
    expect((await fetch('/store')).headers.location).toBe('/store/');
    // The admin's own routes still get the admin.
    expect(decode('br', (await fetch('/admin/tickets/manage')).rawPayload)).toBe(html);
  });

  it('caches its hashed assets for a year, compressed, and 404s a missing one', async () => {
    const res = await fetch('/store/assets/index-Bx9f3k2Q.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    for (const url of ['/store/assets/index-Gone1234.js', '/store/assets/index-Bx9f3k2Q.js.map']) {
      const missing = await fetch(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().error.code, url).toBe('not_found');
    }
  });
});
