import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '@app/contracts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { accessTokenFor, baseUrlOf, bearer } from '../../test/auth.ts';
import * as s from '../../db/schema.ts';
import { demoTenantIds } from '../../test/demo-tenants.ts';
import { writeBmpHeaders } from '../../test/bmp-build.ts';

let ctx: TestContext;
let tenantId: string;
let otherTenantId: string;
let owner: Record<string, string>;
let otherOwner: Record<string, string>;
let sectionId: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  ({ alBayt: tenantId, casaVerde: otherTenantId } = await demoTenantIds(ctx.database.owner));
  owner = bearer(await accessTokenFor(ctx, 'owner@demo.local'));
  otherOwner = bearer(await accessTokenFor(ctx, 'owner@other.local'));
  const sections = await ctx.database.owner.select().from(s.categories);
  sectionId = sections.find((c) => c.tenantId === tenantId)!.id;
}, 120_000);
afterAll(() => ctx.close());

const uploadsDir = () => {
  const dir = path.join(ctx.config.dataDir, 'uploads');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

function upload(bytes: Buffer, filename: string, as = { tenant: () => tenantId, headers: owner }) {
  const boundary = '----images-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/tenants/${as.tenant()}/ImagesHandler/images`,
    headers: { ...as.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

type Uploaded = { url: string; contentType: string; width: number; height: number; bytes: number };
async function uploaded(bytes: Buffer, filename: string, as?: Parameters<typeof upload>[2]) {
  const res = await upload(bytes, filename, as);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results as Uploaded;
}

async function served(url: string): Promise<Buffer> {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/**
 * An uncompressed BMP: 24-bit BI_RGB rows bottom-up, or 32-bit BI_BITFIELDS with an alpha mask
 * (BITMAPV4HEADER). `pixel(x, y)` gives [r, g, b, a] with y counted from the top.
 */
function bmp(
  width: number,
  height: number,
  bits: 24 | 32,
  pixel: (x: number, y: number) => [number, number, number, number],
): Buffer {
  const headerSize = bits === 32 ? 108 : 40;
  const offset = 14 + headerSize;
  const rowSize = Math.floor((bits * width + 31) / 32) * 4;
  const out = Buffer.alloc(offset + rowSize * height);
  writeBmpHeaders(out, {
    fileSize: out.length,
    pixelOffset: offset,
    headerSize,
    width,
    height,
    bits,
    compression: bits === 32 ? 3 : 0,
  });
  out.writeUInt32LE(rowSize * height, 34);
  if (bits === 32) {
    out.writeUInt32LE(0x00ff0000, 54);
    out.writeUInt32LE(0x0000ff00, 58);
    out.writeUInt32LE(0x000000ff, 62);
    out.writeUInt32LE(0xff000000, 66);
  }
  for (let y = 0; y < height; y++) {
    const row = offset + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      const at = row + x * (bits / 8);
      out[at] = b;
      out[at + 1] = g;
      out[at + 2] = r;
      if (bits === 32) out[at + 3] = a;
    }
  }
  return out;
}

/** Only the headers of a BMP, claiming any size. */
function bmpHeader(width: number, height: number, extra = 0): Buffer {
  const out = Buffer.alloc(54 + extra);
  return writeBmpHeaders(out, {
    fileSize: out.length,
    pixelOffset: 54,
    headerSize: 40,
    width,
    height,
    bits: 24,
  });
}

const noise = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
};

const codes = (res: { json(): unknown }) =>
  (res.json() as { errors: { field: string; codes: string[] }[] }).errors;

describe('hostile uploads', () => {
  it('refuses a BMP that is only a header (26 bytes, or headers without pixels)', async () => {
    const tiny = bmpHeader(100, 100).subarray(0, 26);
    const res = await upload(tiny, 'tiny.bmp');
    expect(res.statusCode).toBe(422);
    expect(codes(res)).toEqual([{ field: 'file', codes: ['image_invalid'] }]);
    const noPixels = await upload(bmpHeader(100, 100, 10), 'short.bmp');
    expect(noPixels.statusCode).toBe(422);
    expect(codes(noPixels)).toEqual([{ field: 'file', codes: ['image_invalid'] }]);
  });

  it('refuses a 40,000,000 x 1 BMP and a PNG declaring 6000 x 6000 (36 MP) as too large', async () => {
    const wide = await upload(bmpHeader(40_000_000, 1, 100_000), 'wide.bmp');
    expect(wide.statusCode).toBe(422);
    expect(codes(wide)).toEqual([{ field: 'file', codes: ['image_too_large'] }]);
    const bomb = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_048_576);
    const res = await upload(bomb, 'bomb.png');
    expect(res.statusCode).toBe(422);
    expect(codes(res)).toEqual([{ field: 'file', codes: ['image_too_large'] }]);
  });

  it('refuses a corrupt JPEG (cut short, or its header broken)', async () => {
    const jpeg = await noise(200, 200).jpeg().toBuffer();
    for (const corrupt of [
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      Buffer.concat([jpeg.subarray(0, 30), Buffer.alloc(300, 0xff), jpeg.subarray(330)]),
    ]) {
      const res = await upload(corrupt, 'broken.jpg');
      expect(res.statusCode).toBe(422);
      expect(codes(res)).toEqual([{ field: 'file', codes: ['image_invalid'] }]);
    }
  });

  it('answers 400 in the envelope to a multipart body cut short or without a boundary (found by the fuzz)', async () => {
    const boundary = 'cut-short';
    const cut = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${tenantId}/ImagesHandler/images`,
      headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n`,
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ error: { code: 'bad_request' } });
    const noBoundary = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${tenantId}/ImagesHandler/images`,
      headers: { ...owner, 'content-type': 'multipart/form-data' },
      payload: 'anything',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toMatchObject({ error: { code: 'bad_request' } });
  });
});

describe('files over the limit', () => {
  /**
   * Sends a multipart upload over a real socket, the file's first `limit` bytes in one write and
   * the rest a moment later: the limit falls on a chunk's end, where the parser used to hand
   * back the first 1 MiB as if it were the whole file.
   */
  async function uploadInTwoWrites(size: number): Promise<{ status: number; body: string }> {
    const address = await baseUrlOf(ctx.app);
    const boundary = '----images-limit';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const file = Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
        .png()
        .toBuffer(),
    ]);
    const data = Buffer.alloc(size, 0x78);
    file.copy(data);
    const url = new URL(`/api/admin/tenants/${tenantId}/ImagesHandler/images`, address);
    return new Promise((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: {
          ...owner,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + data.length + tail.length,
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write(Buffer.concat([head, data.subarray(0, IMAGE_LIMITS.maxBytes)]));
      setTimeout(() => req.end(Buffer.concat([data.subarray(IMAGE_LIMITS.maxBytes), tail])), 50);
    });
  }

  it('answers 413 to every file over 1 MiB and stores nothing, wherever the limit falls', async () => {
    const before = fs.readdirSync(uploadsDir()).length;
    for (const size of [IMAGE_LIMITS.maxBytes + 1, IMAGE_LIMITS.maxBytes + 1000, 2_000_000]) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const res = await uploadInTwoWrites(size);
        expect(res.status, `${size} bytes: ${res.body}`).toBe(413);
        expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'payload_too_large' } });
      }
    }
    expect(fs.readdirSync(uploadsDir()).length).toBe(before);
  });
});

describe('what is stored', () => {
  it('re-encodes a JPEG: same size in pixels, none of the uploaded metadata', async () => {
    const jpeg = await noise(120, 80)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
      .toBuffer();
    expect(jpeg.includes('secret-exif-marker')).toBe(true);
    const result = await uploaded(jpeg, 'photo.jpg');
    expect(result).toMatchObject({ contentType: 'image/jpeg', width: 120, height: 80 });
    expect(result.url).toMatch(new RegExp(`^/uploads/${tenantId}/[0-9a-f-]{36}\\.jpg$`));
    const stored = await served(result.url);
    expect(stored.equals(jpeg)).toBe(false);
    expect(stored.includes('secret-exif-marker')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect(result.bytes).toBe(stored.length);
  });

  it('stores an opaque PNG as JPEG and keeps the transparency of one with alpha as PNG', async () => {
    const opaque = await noise(64, 40).png().toBuffer();
    const flat = await uploaded(opaque, 'flat.png');
    expect(flat).toMatchObject({ contentType: 'image/jpeg', width: 64, height: 40 });
    expect(await sharp(await served(flat.url)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 64,
      height: 40,
    });
    const clear = await sharp({
      create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const alpha = await uploaded(clear, 'clear.png');
    expect(alpha).toMatchObject({ contentType: 'image/png', width: 30, height: 20 });
    expect(alpha.url).toMatch(/\.png$/);
    const stored = await sharp(await served(alpha.url)).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 30, height: 20, hasAlpha: true });
  });

  it('decodes a 24-bit BMP (rows bottom-up) and stores it as JPEG the right way up', async () => {
    // Red top half, blue bottom half.
    const image = bmp(50, 30, 24, (_x, y) => (y < 15 ? [220, 20, 20, 255] : [20, 20, 220, 255]));
    const result = await uploaded(image, 'paint.bmp');
    expect(result).toMatchObject({ contentType: 'image/jpeg', width: 50, height: 30 });
    const { data, info } = await sharp(await served(result.url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 50, height: 30 });
    const at = (x: number, y: number) => [...data.subarray((y * 50 + x) * 3, (y * 50 + x) * 3 + 3)];
    const [tr, , tb] = at(25, 3);
    const [br, , bb] = at(25, 27);
    expect(tr).toBeGreaterThan(180);
    expect(tb).toBeLessThan(60);
    expect(bb).toBeGreaterThan(180);
    expect(br).toBeLessThan(60);
  });

  it('decodes a 32-bit BMP with an alpha mask and stores it as PNG with its transparency', async () => {
    const image = bmp(20, 10, 32, (x) => (x < 10 ? [0, 200, 0, 255] : [0, 0, 0, 0]));
    const result = await uploaded(image, 'alpha.bmp');
    expect(result).toMatchObject({ contentType: 'image/png', width: 20, height: 10 });
    const { data, info } = await sharp(await served(result.url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect([...data.subarray(0, 4)]).toEqual([0, 200, 0, 255]);
    expect(data[(5 * 20 + 15) * 4 + 3]).toBe(0);
  });
});

describe('image urls in bodies', () => {
  const base = () => `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs`;
  const title = (fieldValue: string) => ({ fieldValue, en: fieldValue });
  const item = (images: string[]) => ({
    categories: [sectionId],
    localizedTitle: title('Pictured dish'),
    variants: [{ price: 2, localizedTitle: title('') }],
    images,
  });
  const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    ctx.app.inject({ method, url: `${base()}${url}`, headers: owner, payload: payload as object });
  const png = () => noise(16, 10).png().toBuffer();

  it("accepts this tenant's own upload urls for items, sections and the banner", async () => {
    const own = await uploaded(await png(), 'own.png');
    const created = await send('POST', '/catalogitems', item([own.url]));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().results.images).toEqual([own.url]);
    const section = await send('POST', '/categories', {
      localizedTitle: title('Pictured'),
      images: [own.url],
    });
    expect(section.statusCode, section.body).toBe(201);
    const banner = await send('PUT', '', { images: [own.url] });
    expect(banner.statusCode, banner.body).toBe(200);
  });

  it("refuses another tenant's upload, an external url and a made-up one in images[]", async () => {
    const theirs = await uploaded(await png(), 'theirs.png', {
      tenant: () => otherTenantId,
      headers: otherOwner,
    });
    expect(theirs.url).toContain(otherTenantId);
    const own = await uploaded(await png(), 'own.png');
    for (const url of [
      theirs.url,
      theirs.url.replace(otherTenantId, tenantId),
      'https://evil.example/pixel.png',
      `https://evil.example${own.url}`,
      'javascript:alert(1)',
      `/uploads/${tenantId}/../${otherTenantId}/x.jpg`,
    ]) {
      const created = await send('POST', '/catalogitems', item([own.url, url]));
      expect(created.statusCode, url).toBe(422);
      expect(codes(created)).toEqual([{ field: 'images', codes: ['image_url_invalid'] }]);
      const section = await send('POST', '/categories', {
        localizedTitle: title('Elsewhere'),
        images: [url],
      });
      expect(section.statusCode, url).toBe(422);
      expect(codes(section)).toEqual([{ field: 'images', codes: ['image_url_invalid'] }]);
      const banner = await send('PUT', '', { images: [url] });
      expect(banner.statusCode, url).toBe(422);
      expect(codes(banner)).toEqual([{ field: 'images', codes: ['image_url_invalid'] }]);
    }
  });
});
