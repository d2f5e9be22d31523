import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Headers a proxy adds: a request that passed one did not come from this machine's user. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** The TCP peer is this machine, and no proxy stands between (whatever TRUST_PROXY says). */
export function fromLoopback(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  const address = request.raw.socket?.remoteAddress ?? '';
  return address === '::1' || /^(?:::ffff:)?127\./.test(address);
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * A hook that lets through only this machine, or a request carrying the per-start key printed
 * at start (`x-emulator-key` header or `key` in the query): the emulators' controls and the
 * mail outbox, which could end deliveries or show anyone's password reset link.
 */
export function localOrKeyOnly(key: string | null) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (fromLoopback(request)) return;
    const header = request.headers['x-emulator-key'];
    const query = (request.query as Record<string, unknown> | undefined)?.key;
    const given = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
    if (key && given && same(given, key)) return;
    return reply.status(403).send({
      error: {
        code: 'emulator_local_only',
        message:
          'Emulator controls and the mail outbox answer this machine only, or the key printed at start',
      },
    });
  };
}
