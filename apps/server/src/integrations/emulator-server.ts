import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/** Where an emulator listens on its own: port 0 takes any free one; host 127.0.0.1 unless set. */
export type EmulatorAddress = { port?: number; host?: string };

/** A provider emulator's routes on a server of their own, as tests and scripts run them. */
export async function listenEmulator(routes: FastifyPluginAsync, address: EmulatorAddress) {
  const { default: Fastify } = await import('fastify');
  // Closing ends every connection, a request held back by a fault (late, unreachable) too:
  // an emulator's close must not wait on answers nobody is waiting for.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(routes);
  const url = await app.listen({ port: address.port ?? 0, host: address.host ?? '127.0.0.1' });
  return { url, close: () => app.close() };
}

/** An emulated provider's refusal, in the error body the dispatch and card gateway APIs share. */
export const fail = (reply: FastifyReply, status: number, code: string, message = code) =>
  reply.status(status).send({ error: { code, message } });
