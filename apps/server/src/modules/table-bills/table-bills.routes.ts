import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { tableBillsRoutes as routes } from '@app/contracts';
import type { RateLimit } from '../../config.ts';
import { handle, rateLimited, sendIdempotent } from '../../plugins/handle.ts';
import type { TableBillsService } from './table-bills.service.ts';

/** operations-platform §7.5 and the storefront's bill calls. */
export const tableBillsHandlers =
  (
    bills: TableBillsService,
    options: {
      /** Payments per client address and window (the intake's limit); none when unset. */
      payLimit?: RateLimit;
      /** Bill reads per client address and window (the public reads' limit). */
      readLimit?: RateLimit;
    } = {},
  ): FastifyPluginAsync =>
  async (app) => {
    // Only in this plugin's scope: the public calls count per client address.
    await app.register(rateLimit, { global: false });
    handle(app, routes.paymentsFeed, ({ params }) => bills.feed(params.tenantId));
    handle(app, routes.transactions, ({ params, query }) =>
      bills.transactions(params.tenantId, query),
    );
    handle(app, routes.refund, ({ params, body, auth }) =>
      bills.refund(params.tenantId, body, auth.userId),
    );
    handle(
      app,
      routes.publicBill,
      ({ params }) => bills.bill(params.tenantId, params.serviceAreaId),
      rateLimited(options.readLimit),
    );
    handle(
      app,
      routes.payBill,
      async ({ params, body, headers, reply }) => {
        const { receipt, replayed } = await bills.pay(
          params.tenantId,
          params.serviceAreaId,
          body,
          headers['idempotency-key'],
        );
        return sendIdempotent(reply, receipt, replayed);
      },
      // Paying charges a card: limited per client address like placing an order.
      rateLimited(options.payLimit),
    );
  };
