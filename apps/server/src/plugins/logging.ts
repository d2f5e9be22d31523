import type { FastifyError, FastifyRequest } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';
import { databaseErrorSummary } from '../db/errors.ts';
import { redactAccessToken } from '../realtime/hub.ts';

/**
 * The server's pino options. Requests are logged without the hub's access token or an e-mailed
 * link's secret; a database error anywhere is logged as its code and statement name only:
 * PostgreSQL and Drizzle quote the SQL's parameters and the failing row, which hold customers'
 * names, phones and addresses.
 */
export function loggerOptions(level: Config['logLevel']) {
  return {
    level,
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        // The hub's access token, the secret of a reset or verification link, the emulators' key.
        url: redactAccessToken(req.url).replace(/([?&](?:token|key)=)[^&#]*/gi, '$1[redacted]'),
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
