import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { ticketIntakeRoutes } from '@app/contracts';
import type { RateLimit } from '../../config.ts';
import { handle, rateLimited, sendIdempotent } from '../../plugins/handle.ts';
import type { IntakeService } from './intake.service.ts';
import { codeRefusedBy, guardCodeTries, type CodeTries } from '../discounts/code-tries.ts';

export type IntakeRoutesOptions = {
  /** Orders per client address and window (config.intakeRateLimit); none when unset. */
  rateLimit?: RateLimit;
  /** Refused discount codes per address and tenant, shared with the price preview. */
  codeTries: CodeTries;
};

/** The public order intake: a storefront or any client places an order (no staff token). */
export const intakeHandlers =
  (intake: IntakeService, options: IntakeRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    // Only in this plugin's scope: the limit guards placing orders, nothing else.
    await app.register(rateLimit, { global: false });
    const codeTries = guardCodeTries(options.codeTries, app.isStaffOf);

    handle(
      app,
      ticketIntakeRoutes.intake,
      async ({ params, body, headers, reply, request }) => {
        const { ticket, replayed } = await codeTries(
          request,
          params.tenantId,
          body.discountCode,
          () => intake.intake(params.tenantId, params.branchId, body, headers['idempotency-key']),
          ({ error }) => codeRefusedBy(error),
        );
        return sendIdempotent(reply, ticket, replayed);
      },
      // Counted per client address (req.ip: the socket's, or X-Forwarded-For with TRUST_PROXY)
      // before the body is read; a refused order counts too. The 429 carries Retry-After and
      // goes through the error handler's envelope (code too_many_requests).
      rateLimited(options.rateLimit),
    );
  };
