import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createTestDatabase, testConfig } from '../test/harness.ts';
import { loggedUrl, loggerOptions } from './logging.ts';

// What a person running `npm start` reads in the terminal, and what production's collector gets.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const apps: App[] = [];

const collector = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
};

async function serverLogging(format: 'json' | 'pretty') {
  const { lines, stream } = collector();
  const app = await buildApp({
    config: testConfig({ logLevel: 'info', logFormat: format }),
    database,
    logger:
      format === 'pretty'
        ? loggerOptions('info', 'pretty', stream)
        : { ...loggerOptions('info'), stream },
  });
  apps.push(app);
  await app.ready();
  return { app, lines };
}

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.dispose();
});

describe('request logs', () => {
  it('pretty: one readable line per request, its secrets left out', async () => {
    const { app, lines } = await serverLogging('pretty');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // Over TCP, with the user agent in-process requests carry: logged all the same.
    const res = await fetch(`http://127.0.0.1:${port}/healthz?token=s3cret`, {
      headers: { 'user-agent': 'lightMyRequest' },
    });
    expect(res.status).toBe(200);
    // The server's own in-process requests (the demo's past week) are not logged.
    await app.inject({ method: 'GET', url: '/healthz?inject=1' });
    await expect.poll(() => lines.some((l) => l.includes('/healthz'))).toBe(true);
    const requestLines = lines.filter((l) => l.includes('/healthz'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d(\.\d+)?\] INFO: GET \/healthz\?token=\[redacted\] 200 \d+ ms$/,
    );
    expect(lines.join('\n')).not.toContain('s3cret');
    expect(lines.join('\n')).not.toContain('inject=1');
    expect(lines.join('\n')).not.toContain('{"');
  });

  it('json (production): the request records a collector parses', async () => {
    const { app, lines } = await serverLogging('json');
    await app.inject({ method: 'GET', url: '/healthz?token=s3cret' });
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const messages = records.filter((r) => r.reqId).map((r) => r.msg);
    expect(messages).toEqual(['incoming request', 'request completed']);
    expect(lines.join('\n')).not.toContain('s3cret');
  });
});

describe('a logged URL', () => {
  it("keeps a printer's poll URL secret out of the logs", () => {
    expect(loggedUrl('/api/printers/0b6f7f0e-1d2c-4c3b-9a8d-2f1e0d9c8b7a/s3cr3t?token=abc')).toBe(
      '/api/printers/0b6f7f0e-1d2c-4c3b-9a8d-2f1e0d9c8b7a/[redacted]?token=[redacted]',
    );
    expect(loggedUrl('/api/admin/tenants/x/printers')).toBe('/api/admin/tenants/x/printers');
  });
});
