import type { FastifyReply } from 'fastify';

/**
 * An HTML page of the identity flows: never cached, and a page reached from an e-mail link
 * must not hand its token to another site (no referrer).
 */
export const htmlReply = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
