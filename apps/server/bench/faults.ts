// `npm run faults`: the order intake and the realtime hub while PostgreSQL dies and comes back.
// A PostgreSQL cluster of its own, the built server against it, hub clients as the live orders
// screen, 10,000 orders with each Idempotency-Key sent two or three times, PostgreSQL killed
// twice; then every figure against its target. Exit 1 on a MISS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { parseHubMessage, TicketsListResponse, TicketsUpdate, type Ticket } from '@app/contracts';
import { loadConfig } from '../src/config.ts';
import { TICKETS_HUB_PATH } from '../src/realtime/hub.ts';
import { OidcTestClient } from '../src/test/auth.ts';
import { percentile, printFigures, type Figure } from './harness.ts';
import { freePort, startPgCluster, type PgCluster } from './pg-cluster.ts';
// @ts-expect-error a plain Node script without types
import { loadStorefront, makeOrder, randomSource } from '../../../scripts/orders.mjs';

const ORDERS = Number(process.env.FAULTS_ORDERS ?? 10_000);
const CONCURRENCY = Number(process.env.FAULTS_CONCURRENCY ?? 100);
const CLIENTS = Number(process.env.FAULTS_CLIENTS ?? 24);
/** PostgreSQL is killed when this share of the orders is acknowledged, once per entry. */
const OUTAGES_AT = [0.3, 0.65];
const OUTAGE_SECONDS = Number(process.env.FAULTS_OUTAGE_SECONDS ?? 4);
const RECOVERY_TARGET_S = 5;
/** A client gives up on one copy of an order after this long (never reached in a good run). */
const GIVE_UP_MS = 120_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Menu = { branch: { branchId: string }; template: string };
type Storefront = { store: { tenantId: string }; menus: Menu[] };
type Rnd = { next(): number; int(a: number, b: number): number; pick<T>(l: T[]): T };
const orders = { loadStorefront, makeOrder, randomSource } as {
  loadStorefront(base: string, slug: string): Promise<Storefront>;
  makeOrder(menu: Menu, rnd: Rnd): Record<string, unknown>;
  randomSource(seed?: number): Rnd & { chance(p: number): boolean };
};

// ---------------------------------------------------------------------------------------------
// The server under test: the built one, as `npm start` runs it.

async function startServer(databaseUrl: string, dataDir: string, logFile: string) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // One client address places every order here.
    INTAKE_RATE_LIMIT_MAX: '100000000',
    ADMIN_DIST: path.join(root, 'apps/admin/dist'),
  };
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('no server build: run `npm run build` first');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ready = await fetch(`${base}/readyz`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready in 90 s');
    await sleep(250);
  }
  return { base, child, config: loadConfig(env) };
}

/** CPU seconds (user + system) a process has used so far, from /proc; NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// Hub clients: what each one knows

/**
 * One live orders screen. It KNOWS a ticket when it got a ticketsUpdate event naming it, or the
 * ticket was in a list it fetched (GET api/admin/tenants/tickets) because the hub said `resync`
 * or because its socket reopened after a loss: what the admin does. No other refetch.
 */
class HubClient {
  readonly known = new Set<string>();
  events = 0;
  resyncs = 0;
  refetches = 0;
  reconnects = 0;
  private socket: WebSocket | undefined;
  private closed = false;

  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  open(): Promise<void> {
    const url = `${this.base.replace(/^http/, 'ws')}${TICKETS_HUB_PATH}?access_token=${encodeURIComponent(this.token)}`;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      this.socket = socket;
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.on('message', (raw) => this.message(String(raw)));
      socket.on('close', () => {
        if (this.closed) return;
        // Lost: reconnect, then refetch after the admin's 1–4 s wait.
        this.reconnects++;
        setTimeout(() => {
          this.open()
            .then(() => sleep(1000 + Math.random() * 3000))
            .then(() => this.refetch())
            .catch(() => undefined);
        }, 1000);
      });
    });
  }

  private message(raw: string) {
    const message = parseHubMessage(raw);
    if (message?.event !== 'ticketsUpdate') return;
    const update = TicketsUpdate.safeParse(message.data);
    if (!update.success) return;
    if (update.data.change === 'resync') {
      this.resyncs++;
      void this.refetch();
      return;
    }
    this.events++;
    this.known.add(update.data.ticketId);
  }

  /** The live list, retried each second while the server cannot answer (a database outage). */
  async refetch(): Promise<void> {
    for (let attempt = 0; attempt < 120 && !this.closed; attempt++) {
      const res = await fetch(`${this.base}/api/admin/tenants/tickets`, {
        headers: { authorization: `Bearer ${this.token}` },
      }).catch(() => undefined);
      if (res?.ok) {
        const list = TicketsListResponse.parse(await res.json());
        for (const t of list.results) this.known.add(t.id);
        this.refetches++;
        return;
      }
      await sleep(1000);
    }
  }

  close() {
    this.closed = true;
    this.socket?.close(1000);
  }
}

// ---------------------------------------------------------------------------------------------
// Orders

type Outage = { killedAt: number; backAt: number; firstSuccessAt?: number; answers503: number };

class Stats {
  requests = 0;
  answers = new Map<number, number>();
  /** Requests that got no HTTP answer at all (connection refused or reset, timeout). */
  noAnswer = 0;
  outages: Outage[] = [];
  /** Every acknowledged ticket id by key; a key answered with two ids is a broken replay. */
  acked = new Map<string, Set<string>>();
  refused: string[] = [];
  gaveUp = 0;
  /** Send → answer of every acknowledged request, ms. */
  latencies: number[] = [];

  answered(status: number, sentAt: number, at: number) {
    this.answers.set(status, (this.answers.get(status) ?? 0) + 1);
    if (status < 300) this.latencies.push(at - sentAt);
    const current = this.outages.at(-1);
    if (!current) return;
    if (status === 503 && at >= current.killedAt) current.answers503++;
    if (status < 300 && sentAt >= current.backAt && current.firstSuccessAt === undefined) {
      current.firstSuccessAt = at;
    }
  }
}

/** A bounded number of requests in flight at once. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * One copy of an order under its key, as a storefront sends it: retried on 503, on any 5xx and
 * on a lost connection (same key, same body) until the server answers, a second apart at most.
 */
async function sendCopy(
  url: string,
  key: string,
  body: string,
  stats: Stats,
  slot: ReturnType<typeof limiter>,
) {
  const giveUpAt = now() + GIVE_UP_MS;
  for (let attempt = 0; now() < giveUpAt; attempt++) {
    const sentAt = now();
    stats.requests++;
    const res = await slot(() =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body,
        signal: AbortSignal.timeout(30_000),
      }).then(
        async (r) => ({ status: r.status, json: (await r.json().catch(() => null)) as unknown }),
        () => undefined,
      ),
    );
    if (!res) {
      stats.noAnswer++;
    } else {
      stats.answered(res.status, sentAt, now());
      if (res.status === 200 || res.status === 201) {
        const id = (res.json as { results: Ticket }).results.id;
        const ids = stats.acked.get(key) ?? new Set<string>();
        ids.add(id);
        stats.acked.set(key, ids);
        return;
      }
      if (res.status < 500) {
        stats.refused.push(`${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
        return;
      }
    }
    await sleep(Math.min(1000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2));
  }
  stats.gaveUp++;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-'));
  const serverLog = path.join(work, 'server.log');
  let cluster: PgCluster | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const clients: HubClient[] = [];
  const cleanup = async () => {
    for (const c of clients) c.close();
    const child = server?.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    }
    await cluster?.dispose();
    fs.rmSync(work, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  try {
    cluster = await startPgCluster();
    console.log(`PostgreSQL of this run on 127.0.0.1:${cluster.port} (${work})`);
    server = await startServer(cluster.url, path.join(work, 'data'), serverLog);
    const { base, config } = server;
    console.log(`Server (apps/server/dist) on ${base}`);

    // Staff of the demo tenant, signed in through the real OIDC flow, one token per role.
    const tokens: string[] = [];
    for (const email of ['owner@demo.local', 'manager@demo.local', 'staff@demo.local']) {
      tokens.push((await new OidcTestClient(base, config).signIn(email)).accessToken);
    }
    for (let i = 0; i < CLIENTS; i++) clients.push(new HubClient(base, tokens[i % 3]!));
    await Promise.all(clients.map((c) => c.open()));

    const { store, menus } = await orders.loadStorefront(base, 'al-bayt');
    if (menus.length === 0) throw new Error('al-bayt has nothing to order now');
    const rnd = orders.randomSource(Number(process.env.FAULTS_SEED ?? 10));
    const runId = Date.now().toString(36);
    const jobs = Array.from({ length: ORDERS }, (_, i) => {
      const menu = rnd.pick(menus);
      return {
        key: `faults-${runId}-${i}`,
        url: `${base}/api/public/tenants/${store.tenantId}/branches/${menu.branch.branchId}/tickets`,
        body: JSON.stringify(orders.makeOrder(menu, rnd)),
        copies: rnd.chance(0.5) ? 2 : 3,
        together: rnd.chance(0.4),
      };
    });
    const copies = jobs.reduce((n, j) => n + j.copies, 0);
    console.log(
      `${CLIENTS} hub clients connected; ${ORDERS} orders (${copies} copies: each key 2–3 times, ${jobs.filter((j) => j.together).length} keys sent at once) at ${CONCURRENCY} requests in flight`,
    );

    const stats = new Stats();
    const slot = limiter(CONCURRENCY);
    let next = 0;
    let done = 0;
    const orderLoops = Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const send = () => sendCopy(job.url, job.key, job.body, stats, slot);
        if (job.together) await Promise.all(Array.from({ length: job.copies }, send));
        else for (let c = 0; c < job.copies; c++) await send();
        done++;
      }
    });

    // PostgreSQL killed (as on a power cut) at each share of the orders, then started again.
    const faults = (async () => {
      for (const share of OUTAGES_AT) {
        while (done < ORDERS * share) await sleep(50);
        const killedAt = now();
        const outage: Outage = { killedAt, backAt: Infinity, answers503: 0 };
        stats.outages.push(outage);
        await cluster!.kill();
        console.log(
          `  PostgreSQL killed at ${done} orders (${((done / ORDERS) * 100).toFixed(0)} %)`,
        );
        await sleep(OUTAGE_SECONDS * 1000);
        await cluster!.start();
        outage.backAt = now();
        console.log(
          `  PostgreSQL back after ${((outage.backAt - killedAt) / 1000).toFixed(1)} s (crash recovery included)`,
        );
      }
    })();
    await Promise.all([...orderLoops, faults]);
    const ordersSeconds = (now() - started) / 1000;

    // Events still in flight are waited for (15 s at most); no client refetches for it.
    const acked = new Set([...stats.acked.values()].flatMap((ids) => [...ids]));
    const settleEnd = now() + 15_000;
    while (now() < settleEnd && clients.some((c) => [...acked].some((id) => !c.known.has(id)))) {
      await sleep(250);
    }

    // What the database holds afterwards.
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    const rows = (
      await db.query<{ id: string; key: string }>(
        'select id, idempotency_key as key from tickets where tenant_id = $1 and idempotency_key like $2',
        [store.tenantId, `faults-${runId}-%`],
      )
    ).rows;
    await db.end();
    const stored = new Set(rows.map((r) => r.id));
    const perKey = new Map<string, number>();
    for (const r of rows) perKey.set(r.key, (perKey.get(r.key) ?? 0) + 1);

    const lost = [...acked].filter((id) => !stored.has(id)).length;
    const keysWithSeveral = [...perKey.values()].filter((n) => n > 1).length;
    const ackedKeys = stats.acked.size;
    const ackedKeysWithoutOne = [...stats.acked.keys()].filter((k) => perKey.get(k) !== 1).length;
    const replaysDiffering = [...stats.acked.values()].filter((ids) => ids.size > 1).length;
    const missing = clients.map((c) => [...acked].filter((id) => !c.known.has(id)).length);
    const complete = missing.filter((m) => m === 0).length;
    const other5xx = [...stats.answers]
      .filter(([s]) => s >= 500 && s !== 503)
      .reduce((n, [, c]) => n + c, 0);

    const figures: Figure[] = [
      {
        name: 'orders acknowledged (200/201)',
        value: ackedKeys,
        unit: 'keys',
        target: `${ORDERS}`,
        ok: ackedKeys === ORDERS,
      },
      ...stats.outages.map((o, i): Figure => ({
        name: `outage ${i + 1}: 503 answers`,
        value: o.answers503,
        unit: '',
        target: '> 0',
        ok: o.answers503 > 0,
      })),
      ...stats.outages.map((o, i): Figure => {
        const seconds = o.firstSuccessAt === undefined ? NaN : (o.firstSuccessAt - o.backAt) / 1000;
        return {
          name: `outage ${i + 1}: first success after PG is back`,
          value: seconds,
          unit: 's',
          target: `≤ ${RECOVERY_TARGET_S} s`,
          ok: seconds <= RECOVERY_TARGET_S,
        };
      }),
      {
        name: 'other 5xx answers (not 503)',
        value: other5xx,
        unit: '',
        target: '0',
        ok: other5xx === 0,
      },
      {
        name: 'requests with no HTTP answer',
        value: stats.noAnswer,
        unit: '',
        target: '0',
        ok: stats.noAnswer === 0,
      },
      {
        name: 'acknowledged orders lost',
        value: lost,
        unit: '',
        target: '0',
        ok: lost === 0,
      },
      {
        name: 'keys with more than one ticket',
        value: keysWithSeveral,
        unit: '',
        target: '0',
        ok: keysWithSeveral === 0,
      },
      {
        name: 'acknowledged keys without exactly 1 ticket',
        value: ackedKeysWithoutOne,
        unit: '',
        target: '0',
        ok: ackedKeysWithoutOne === 0,
      },
      {
        name: 'keys answered with 2 different tickets',
        value: replaysDiffering,
        unit: '',
        target: '0',
        ok: replaysDiffering === 0,
      },
      {
        name: 'hub clients knowing every acknowledged ticket',
        value: complete,
        unit: `/ ${CLIENTS}`,
        target: `${CLIENTS}`,
        ok: complete === CLIENTS,
      },
    ];
    printFigures(
      `Faults: ${ORDERS} orders, ${stats.requests} requests, PostgreSQL killed ${stats.outages.length}× for ${OUTAGE_SECONDS} s, ${CLIENTS} hub clients`,
      figures,
    );
    const answers = [...stats.answers]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const latencies = [...stats.latencies].sort((a, b) => a - b);
    const sum = (f: (c: HubClient) => number) => clients.reduce((n, c) => n + f(c), 0);
    console.log(
      [
        `  answers: ${answers}; refused: ${stats.refused.length}; gave up: ${stats.gaveUp}`,
        ...stats.refused.slice(0, 3).map((r) => `    refused: ${r}`),
        `  hub: ${sum((c) => c.events)} events, ${sum((c) => c.resyncs)} resyncs, ${sum((c) => c.refetches)} list refetches, ${sum((c) => c.reconnects)} reconnects over ${CLIENTS} clients; missing tickets per client: ${missing.join(' ')}`,
        `  orders placed in ${ordersSeconds.toFixed(0)} s (${(stats.requests / ordersSeconds).toFixed(0)} requests/s); acknowledged answers p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; server CPU ${cpuSeconds(server.child.pid).toFixed(0)} s; server log ${(fs.statSync(serverLog).size / 1024).toFixed(0)} KB`,
      ].join('\n'),
    );
    return figures.every((f) => f.ok !== false);
  } finally {
    await cleanup();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    console.error(`✗ ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
