import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type TcpProxy = {
  /** The database URL with its host and port replaced by the proxy's. */
  url: string;
  /** The database is gone: open connections are cut and new ones refused. */
  cut(): Promise<void>;
  /** The database answers again, on the same port. */
  restore(): Promise<void>;
  /**
   * The database is frozen (its processes stopped, or the network between silent): connections
   * stay open and new ones are taken, but nothing passes either way until `thaw`.
   */
  freeze(): void;
  /** What was held passes on, in order, and traffic flows again. */
  thaw(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy in front of the PostgreSQL of `databaseUrl`, for tests that lose the database
 * without stopping the shared server.
 */
export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const held: [to: net.Socket, data: Buffer][] = [];
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (data: Buffer) => {
      if (frozen) held.push([to, data]);
      else if (!to.destroyed) to.write(data);
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  let listening = true;

  const cut = async () => {
    frozen = false;
    held.length = 0;
    if (listening) {
      listening = false;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    }
  };
  return {
    url: url.toString(),
    cut,
    restore: async () => {
      if (!listening) {
        await listen(port);
        listening = true;
      }
    },
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const [to, data] of held.splice(0)) if (!to.destroyed) to.write(data);
    },
    close: cut,
  };
}
