// The place a simulated day runs in: PostgreSQL (its own cluster, or DATABASE_URL), the card
// gateway's and the driver dispatch providers' emulators, K copies of the built server behind
// one balancer, as production runs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DispatchIntegrationType } from '@app/contracts';
import { DISPATCH_ENV } from '../src/config.ts';
import { createCardGatewayEmulator } from '../src/integrations/card-gateway/emulator.ts';
import {
  createDispatchEmulator,
  EMULATED_PROVIDERS,
} from '../src/integrations/dispatch/emulator.ts';
import { listenEmulator } from '../src/integrations/emulator-server.ts';
import { freePort, startPgCluster, type PgCluster } from '../bench/pg-cluster.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One public port in front of the server copies, as a load balancer: each new connection goes
 * to the next copy that takes it (a copy that is down is skipped); a copy's death cuts the
 * connections it held, and the clients reconnect, to the others.
 */
export async function startBalancer(ports: () => number[]) {
  let next = 0;
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    client.pause();
    const tries = [...ports()];
    const attempt = (left: number) => {
      if (left === 0 || tries.length === 0) {
        client.destroy();
        return;
      }
      const port = tries[next++ % tries.length]!;
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('error', () => {
        upstream.destroy();
        if (!client.destroyed) attempt(left - 1);
      });
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
    };
    attempt(tries.length);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A copy of the built server: started, killed (as a crash), started again on its port. */
export class ServerCopy {
  child: ChildProcess | undefined;
  constructor(
    readonly index: number,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
  ) {}

  get up() {
    return this.child !== undefined && this.child.exitCode === null;
  }

  async start(): Promise<void> {
    const main = path.join(root, 'apps/server/dist/main.js');
    if (!fs.existsSync(main)) throw new Error('no server build: run `npm run build` first');
    const log = fs.openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, ['--enable-source-maps', main], {
      cwd: root,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', log, log],
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (this.child.exitCode !== null)
        throw new Error(
          `server copy ${this.index} exited (${this.child.exitCode}): ${this.logFile}`,
        );
      const ready = await fetch(`http://127.0.0.1:${this.port}/readyz`).catch(() => undefined);
      if (ready?.status === 200) return;
      if (Date.now() > deadline) throw new Error(`server copy ${this.index} not ready in 120 s`);
      await sleep(250);
    }
  }

  /** SIGKILL: no shutdown, as a crash or a pulled plug. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

export type World = Awaited<ReturnType<typeof startWorld>>;

/**
 * PostgreSQL, the gateway's and the dispatch providers' emulators (each on a port of its own,
 * reached by every copy as a real provider is), the balancer and `copies` server copies of the
 * demo (its data, not its past week), started one after another (the first migrates and seeds).
 */
export async function startWorld(opts: { copies: number; work: string; log: (s: string) => void }) {
  const { copies, work, log } = opts;
  let cluster: PgCluster | null = null;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    cluster = await startPgCluster('day');
    databaseUrl = cluster.url;
    log(`PostgreSQL of this day on 127.0.0.1:${cluster.port}`);
  } else log('PostgreSQL of DATABASE_URL (its restart is left out of the faults)');

  const keys = { secretKey: 'sk_day_secret', publishableKey: 'pk_day_public' };
  const gateway = createCardGatewayEmulator(keys);
  const gatewayServer = await listenEmulator(gateway.routes, {});
  // Drivers: a trip's step every 2 s (assigned, at the restaurant, on the way, delivered).
  const dispatchKey = 'day-dispatch-key';
  const dispatch = createDispatchEmulator({ apiKey: dispatchKey, stepMs: 2000 });
  const dispatchServer = await listenEmulator(dispatch.routes, {});
  const providers: NodeJS.ProcessEnv = {};
  for (const type of DispatchIntegrationType.options) {
    providers[`DISPATCH_${DISPATCH_ENV[type]}_URL`] =
      `${dispatchServer.url}/${EMULATED_PROVIDERS[type].path}`;
    providers[`DISPATCH_${DISPATCH_ENV[type]}_API_KEY`] = dispatchKey;
  }

  const ports: number[] = [];
  for (let i = 0; i < copies; i++) ports.push(await freePort());
  const list: ServerCopy[] = [];
  const balancer = await startBalancer(() => list.filter((c) => c.up).map((c) => c.port));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The demo's accounts and menu (production refuses them): NODE_ENV left unset.
    NODE_ENV: undefined,
    HOST: '127.0.0.1',
    PUBLIC_URL: balancer.url,
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    SEED_DEMO: 'true',
    SEED_DEMO_ACTIVITY: 'false',
    PAYMENT_GATEWAY_URL: gatewayServer.url,
    PAYMENT_GATEWAY_SECRET_KEY: keys.secretKey,
    PAYMENT_GATEWAY_PUBLISHABLE_KEY: keys.publishableKey,
    // A refund the gateway answers late is given up on after 3 s and found again within 5 s.
    PAYMENT_GATEWAY_TIMEOUT_SECONDS: '3',
    PAYMENT_REFUND_RECONCILE_SECONDS: '5',
    ...providers,
    DISPATCH_EMULATOR: 'false',
    // Every customer reaches the servers from this machine's one address.
    INTAKE_RATE_LIMIT_MAX: '100000000',
    PUBLIC_READ_RATE_LIMIT_MAX: '100000000',
    ADMIN_DIST: path.join(root, 'apps/admin/dist'),
    STOREFRONT_DIST: path.join(root, 'apps/storefront/dist'),
  };
  for (let i = 0; i < copies; i++) {
    const copy = new ServerCopy(i + 1, ports[i]!, env, path.join(work, `server-${i + 1}.log`));
    await copy.start();
    list.push(copy);
  }
  log(`${copies} server cop${copies === 1 ? 'y' : 'ies'} behind ${balancer.url}`);

  return {
    base: balancer.url,
    cluster,
    gateway,
    dispatch,
    copies: list,
    async close() {
      await Promise.all(list.map((c) => c.stop()));
      await balancer.close();
      await gatewayServer.close();
      await dispatchServer.close();
      await cluster?.dispose();
    },
  };
}
