import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../../tools/e2e/chromium.ts';
import type { Figure } from './harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const KB = 1000;
// Lighthouse's mobile throttling: 1.6 Mbps down, 750 kbps up, 150 ms round trip.
const THROTTLE = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The built server (apps/server/dist) serving the built SPA on its own data and port. */
async function startBuiltServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    ADMIN_DIST: path.join(root, 'apps/admin/dist'),
    STOREFRONT_DIST: path.join(root, 'apps/storefront/dist'),
    LOG_LEVEL: 'warn',
    // The demo a fresh `npm start` serves (its past week too: the dashboard has figures).
    SEED_DEMO: 'true',
    PAYMENT_GATEWAY_EMULATOR: 'true',
  };
  delete env.DATABASE_URL; // the embedded database, like a fresh `npm start`
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the built server exited (${server.exitCode})`);
    const ready = await fetch(`${origin}/readyz`).catch(() => undefined);
    if (ready?.ok) break;
    if (Date.now() > deadline) throw new Error('the built server did not get ready');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Bytes on the wire (headers and encoded bodies) of every finished request of one tab, and
 * what the same answers weigh uncompressed (answers from the browser's cache count for neither).
 */
async function meter(cdp: CDPSession) {
  const types = new Map<string, string>();
  const cached = new Set<string>();
  const bodies = new Map<string, number>();
  const urls = new Map<string, string>();
  /** Each request's URL and its bytes on the wire, for BENCH_WEB_FILES=1. */
  let files: { url: string; bytes: number }[] = [];
  let script = 0;
  let total = 0;
  let decoded = 0;
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
    if (e.response.fromDiskCache || e.response.status === 304) cached.add(e.requestId);
  });
  cdp.on('Network.dataReceived', (e) =>
    bodies.set(e.requestId, (bodies.get(e.requestId) ?? 0) + e.dataLength),
  );
  cdp.on('Network.loadingFinished', (e) => {
    total += e.encodedDataLength;
    files.push({ url: urls.get(e.requestId) ?? e.requestId, bytes: e.encodedDataLength });
    if (types.get(e.requestId) === 'Script') script += e.encodedDataLength;
    if (!cached.has(e.requestId)) decoded += bodies.get(e.requestId) ?? 0;
  });
  await cdp.send('Network.enable');
  return {
    read: () => ({ script, total, decoded, files }),
    reset: () => {
      script = total = decoded = 0;
      files = [];
    },
  };
}

declare global {
  interface Window {
    __lcp?: number;
  }
}

/** A page over the throttled network, its bytes metered and its largest contentful paint seen. */
async function throttledPage(context: BrowserContext) {
  await context.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const bytes = await meter(cdp);
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  return { page, cdp, bytes };
}

/** The largest contentful paint of the current document, once the page has settled. */
async function settledLcp(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  return page.evaluate(() => window.__lcp ?? NaN);
}

/**
 * A customer's first visit of a storefront page on a phone over the throttled network (empty
 * cache): a branch's pickup menu, as a QR code or a shared link opens it.
 */
async function storefrontVisit(browser: Browser, origin: string) {
  const store = (await (await fetch(`${origin}/api/public/storefronts/al-bayt`)).json()) as {
    results: { branches: { branchId: string }[] };
  };
  const branchId = store.results.branches[0]!.branchId;
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
  });
  const { page, bytes } = await throttledPage(context);
  await page.goto(`/store/al-bayt/${branchId}/pickup`);
  await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 60_000 });
  const lcp = await settledLcp(page);
  const visit = bytes.read();
  await context.close();
  return { lcp, ...visit };
}

/**
 * One staff member's first visit over a throttled network: the sign-in landing with an empty
 * cache, signing in through the provider, live orders started; then live orders again,
 * signed in, with the cache emptied (what the first visit after a new release costs). Then a
 * customer's first visit of the storefront on a phone.
 */
export async function benchWeb(): Promise<Figure[]> {
  const launch = CHROMIUM_LAUNCH;
  const executablePath = launch.executablePath ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    const skipped = `no Chromium at ${executablePath} (Debian package chromium, or CHROMIUM_PATH)`;
    return [{ name: 'web figures', value: NaN, unit: '', skipped }];
  }
  const server = await startBuiltServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ ...launch, executablePath });
    const context = await browser.newContext({ baseURL: server.origin });
    const { page, cdp, bytes } = await throttledPage(context);

    await page.goto('/auth/loginlanding');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const landingLcp = await settledLcp(page);
    const landing = bytes.read();

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Email').fill('staff@demo.local');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/tickets/manage', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Start Live Orders' }).click({ timeout: 60_000 });
    await page.getByRole('group', { name: 'Show orders' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const journey = bytes.read();
    if (process.env.BENCH_WEB_FILES) {
      // What the journey fetched, heaviest first: where to look when its figure moves.
      const heaviest = [...journey.files].sort((a, b) => b.bytes - a.bytes);
      for (const f of heaviest) console.log(`    ${String(f.bytes).padStart(7)}  ${f.url}`);
    }

    await cdp.send('Network.clearBrowserCache');
    bytes.reset();
    await page.goto('/admin/tickets/manage');
    await page.getByRole('button', { name: 'Start Live Orders' }).waitFor({ timeout: 60_000 });
    const liveLcp = await settledLcp(page);
    await page.getByRole('button', { name: 'Start Live Orders' }).click();
    await page.getByRole('group', { name: 'Show orders' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const reload = bytes.read();
    await context.close();
    const store = await storefrontVisit(browser, server.origin);

    const kB = (n: number) => n / KB;
    // The time the same bytes need on the throttled link: one round trip to connect, one per
    // request chain (document, scripts, data), and the bytes at 1.6 Mbps.
    const floor = (n: number) =>
      (3 * THROTTLE.latency + (n * 1000) / THROTTLE.downloadThroughput) / 1000;
    const uncompressed = (n: number) => ({ value: kB(n), label: 'uncompressed' });
    return [
      {
        name: 'sign-in landing, first visit: script',
        value: kB(landing.script),
        unit: 'kB',
        target: '≤ 250 kB',
        ok: landing.script <= 250 * KB,
      },
      {
        name: 'sign-in landing, first visit: everything',
        value: kB(landing.total),
        unit: 'kB',
        ceiling: uncompressed(landing.decoded),
      },
      {
        name: 'landing, sign-in, live orders: everything',
        value: kB(journey.total),
        unit: 'kB',
        ceiling: uncompressed(journey.decoded),
        target: '≤ 350 kB',
        ok: journey.total <= 350 * KB,
      },
      {
        name: 'live orders, signed in, empty cache: script',
        value: kB(reload.script),
        unit: 'kB',
      },
      {
        name: 'live orders, signed in, empty cache: all',
        value: kB(reload.total),
        unit: 'kB',
        ceiling: uncompressed(reload.decoded),
      },
      {
        name: 'LCP sign-in landing, throttled',
        value: landingLcp / 1000,
        unit: 's',
        ceiling: { value: floor(landing.total), label: 'its bytes’ time on the link' },
        target: '≤ 2.5 s',
        ok: landingLcp <= 2500,
      },
      {
        name: 'LCP live orders, empty cache, throttled',
        value: liveLcp / 1000,
        unit: 's',
        ceiling: { value: floor(reload.total), label: 'its bytes’ time on the link' },
        target: '≤ 2.5 s',
        ok: liveLcp <= 2500,
      },
      {
        name: 'storefront menu (phone), first visit: script',
        value: kB(store.script),
        unit: 'kB',
        target: '≤ 150 kB',
        ok: store.script <= 150 * KB,
      },
      {
        name: 'storefront menu (phone), first visit: all',
        value: kB(store.total),
        unit: 'kB',
        ceiling: uncompressed(store.decoded),
      },
      {
        name: 'LCP storefront menu (phone), throttled',
        value: store.lcp / 1000,
        unit: 's',
        ceiling: { value: floor(store.total), label: 'its bytes’ time on the link' },
        target: '≤ 2.5 s',
        ok: store.lcp <= 2500,
      },
    ];
  } finally {
    await browser?.close();
    await server.stop();
  }
}
