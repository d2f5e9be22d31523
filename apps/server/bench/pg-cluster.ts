import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A free TCP port on the loopback address (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/N/bin). */
function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) {
    throw new Error('PostgreSQL is not installed (apt-get install postgresql): no initdb found');
  }
  return path.join(base, newest, 'bin');
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export type PgCluster = {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: the server dies as on a power cut (crash recovery at start). */
  kill(): Promise<void>;
  /** Starts it again on the same port and waits until it takes connections. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
};

/**
 * A PostgreSQL cluster of our own in a temporary folder, on a free loopback port: never another
 * cluster. As root the server runs as the `postgres` OS user (PostgreSQL refuses root), like
 * .ci/run does.
 */
export async function startPgCluster(label = 'faults'): Promise<PgCluster> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-pg-`));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  // Asynchronous: the clients of a run go on sending while PostgreSQL stops and starts.
  const run = async (args: string[]) => {
    const command = [path.join(bin, args[0]!), ...args.slice(1)].map(quote).join(' ');
    await promisify(execFile)(
      asRoot ? 'su' : 'sh',
      asRoot ? ['postgres', '-c', command] : ['-c', command],
    );
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  await run(['initdb', '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`;
  const start = () =>
    run(['pg_ctl', '-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  await start();
  let disposed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    kill: () => run(['pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      await run(['pg_ctl', '-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
