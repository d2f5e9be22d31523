import { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';
import { databaseErrorSummary } from '../db/errors.ts';
import { redactAccessToken } from '../realtime/hub.ts';

/**
 * A URL as logged: without the hub's access token, a link's secret, the emulators' key or a
 * printer's poll URL secret (its last path segment).
 */
export const loggedUrl = (url: string) =>
  redactAccessToken(url)
    .replace(/([?&](?:token|key)=)[^&#]*/gi, '$1[redacted]')
    .replace(/^(\/api\/printers\/[^/?#]+\/)[^/?#]+/, '$1[redacted]');

/**
 * The server's pino options. Requests are logged without the hub's access token or an e-mailed
 * link's secret; a database error anywhere is logged as its code and statement name only:
 * PostgreSQL and Drizzle quote the SQL's parameters and the failing row, which hold customers'
 * names, phones and addresses.
 */
export function loggerOptions(
  level: Config['logLevel'],
  format: Config['logFormat'] = 'json',
  /** Where pretty lines go (the terminal by default; tests read them). */
  destination?: NodeJS.WritableStream,
) {
  return {
    level,
    // Readable lines for a person at a terminal: time, level, message (see `logRequests`).
    ...(format === 'pretty'
      ? {
          stream: pretty({
            colorize: Boolean(process.stdout.isTTY),
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname,reqId,req,res,responseTime',
            singleLine: true,
            ...(destination ? { destination } : {}),
          }),
        }
      : {}),
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggedUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: FastifyError) => {
        const db = databaseErrorSummary(err);
        return db
          ? { type: 'DatabaseError', message: 'database error', stack: '', ...db }
          : pino.stdSerializers.err(err);
      },
    },
  };
}

/**
 * Pretty logs have one line per request, once answered ("GET /api/… 200 12 ms"), instead of
 * Fastify's two JSON records (incoming, completed), which stay the format for production. The
 * demo's own requests at start (its past week placed in-process) are left out.
 */
export class PrettyRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    // In-process requests (inject) have no TCP port; a header a client sends cannot hide it.
    if (request.raw.socket?.remotePort === undefined) return;
    const line = `${request.method} ${loggedUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
