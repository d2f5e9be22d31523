import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemResponse } from '@app/contracts';
import { createTestApp, type TestContext } from '../test/harness.ts';

// Errors Fastify's router and Node's HTTP parser answer before any route runs, sent as raw
// HTTP to a listening server (inject() never meets Node's parser).
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

type RawResponse = { status: number; headers: string; body: string };

/** Writes bytes to the server and reads until it closes or the response is complete. */
function raw(request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
      const body = text.slice(split + 4);
      return { status, headers: head, body: Number.isNaN(length) ? body : body.slice(0, length) };
    };
    socket.on('data', (d) => {
      chunks.push(d);
      const r = finish();
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(r.headers)?.[1] ?? NaN);
      if (!Number.isNaN(length) && Buffer.byteLength(r.body) >= length) {
        socket.destroy();
        resolve(r);
      }
    });
    socket.on('end', () => resolve(finish()));
    socket.on('close', () => resolve(finish()));
    socket.on('error', reject);
    socket.write(request);
  });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  raw(
    `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}Connection: close\r\n\r\n`,
  );

function envelope(res: RawResponse, status: number, code: string) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers).toMatch(/\r\ncontent-type: application\/json/i);
  const body = ProblemResponse.parse(JSON.parse(res.body));
  expect(body.error.code).toBe(code);
  expect(Object.keys(JSON.parse(res.body))).toEqual(['error']);
  // Whatever answered, the log line and the client name the same request.
  expect(body.error.requestId).toBeTruthy();
  expect(res.headers).toMatch(new RegExp(`\r\nx-request-id: ${body.error.requestId}\r\n`, 'i'));
  return body;
}

describe('every 4xx the server writes is the error envelope', () => {
  it('414 for a 10,000-character path parameter', async () => {
    const res = await get(`/api/public/storefronts/${'a'.repeat(10_000)}`);
    const body = envelope(res, 414, 'uri_too_long');
    expect(body.error.requestId).toBeTruthy();
    expect(res.body).not.toContain('aaaaaaaaaa');
  });

  it('431 for headers larger than the server reads', async () => {
    const res = await get('/healthz', { 'x-filler': 'b'.repeat(40_000) });
    envelope(res, 431, 'request_header_fields_too_large');
  });

  it('431 for a request line longer than the server reads', async () => {
    const res = await get(`/api/public/storefronts/x?q=${'c'.repeat(40_000)}`);
    envelope(res, 431, 'request_header_fields_too_large');
  });

  it('400 for a path that is not valid percent-encoding', async () => {
    const res = await get('/api/public/storefronts/%E0%A4%A');
    const body = envelope(res, 400, 'bad_request');
    expect(body.error.requestId).toBeTruthy();
  });

  it('400 for bytes that are not HTTP', async () => {
    const res = await raw('HELLO THERE\r\n\r\n');
    envelope(res, 400, 'bad_request');
  });

  it('400 for an HTTP/1.1 request without a Host header', async () => {
    const res = await raw('GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    envelope(res, 400, 'bad_request');
  });

  it('417 for an expectation the server does not meet', async () => {
    const res = await get('/healthz', { expect: 'something-else' });
    envelope(res, 417, 'expectation_failed');
  });

  it('404 for an unknown route, and the same envelope from inject', async () => {
    envelope(await get('/api/public/nothing-here'), 404, 'not_found');
    const injected = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/storefronts/${'a'.repeat(10_000)}`,
    });
    expect(injected.statusCode).toBe(414);
    expect(injected.json().error.code).toBe('uri_too_long');
  });
});
