import { z } from 'zod';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdempotencyKey,
  ProblemResponse,
  PublicMenu,
  PublicMenuQuery,
  PublicStorefront,
  TicketIntakeBody,
  TicketResponse,
  Uuid,
  ValidationErrorResponse,
  envelope,
} from '@app/contracts';
import type { RateLimit } from '../../config.ts';
import type { IntakeService } from './intake.service.ts';

const BranchParams = z.object({ tenantId: Uuid, branchId: Uuid });
const tags = ['order intake'];

export type IntakeRoutesOptions = {
  /** Orders per client address and window (config.intakeRateLimit); none when unset. */
  rateLimit?: RateLimit;
};

/** The public calls a storefront or any client uses to place an order (no staff token). */
export const intakeRoutes =
  (intake: IntakeService, options: IntakeRoutesOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = options.rateLimit;
    // Only in this plugin's scope: the limit guards placing orders, nothing else.
    await app.register(rateLimit, { global: false });

    app.post(
      '/api/public/tenants/:tenantId/branches/:branchId/tickets',
      {
        // Counted per client address (req.ip: the socket's, or X-Forwarded-For with TRUST_PROXY)
        // before the body is read; a refused order counts too. The 429 carries Retry-After and
        // goes through the error handler's envelope (code too_many_requests).
        config: limit ? { rateLimit: { max: limit.max, timeWindow: limit.windowMs } } : {},
        schema: {
          tags,
          summary: 'Place an order (or call staff from a table); the server prices it',
          description: [
            'The server prices every line itself from the catalogue at the branch’s local time:',
            'price adjustments, modifiers, inclusive and additive taxes, the zone’s delivery fee.',
            'Prices sent by a client are ignored.',
            '',
            'Send an `Idempotency-Key` header (any unique string): a retry with the same key and',
            'body answers the first ticket (200, `Idempotent-Replayed: true`) and never makes a',
            'second; the same key with another body answers 409 `idempotency_key_reused`.',
            '',
            '422 codes: `store_closed`, `store_not_accepting_orders` (field `branchId`);',
            '`item_inactive` (hidden, out of stock, excluded for the template or branch, or a',
            'section inactive or outside its schedule), `item_not_found`, `modifier_not_allowed`,',
            '`modifier_duplicate`, `modifier_quantity_max`, `modifier_group_min`,',
            '`modifier_group_max`, `special_request_not_allowed` (fields under `cartItems.N`);',
            '`checkout_template_not_orderable` (MENU), `checkout_template_disabled`,',
            '`service_area_not_found`, `service_area_disabled`, `service_area_menu_only`,',
            '`delivery_zone_not_found`, `fulfillment_time_past`, `callstaff_has_no_cart`,',
            '`required` and the format codes.',
            '',
            '429 `too_many_requests` (with `Retry-After` in seconds) when one client address',
            'places more orders than the server allows per window (INTAKE_RATE_LIMIT_*).',
          ].join('\n'),
          params: BranchParams,
          headers: z.looseObject({ 'idempotency-key': IdempotencyKey.optional() }),
          body: TicketIntakeBody,
          response: {
            200: TicketResponse,
            201: TicketResponse,
            404: ProblemResponse,
            409: ProblemResponse,
            422: ValidationErrorResponse,
            429: ProblemResponse,
          },
        },
      },
      async (req, reply) => {
        const { tenantId, branchId } = req.params;
        const { ticket, replayed } = await intake.intake(
          tenantId,
          branchId,
          req.body,
          req.headers['idempotency-key'],
        );
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(replayed ? 200 : 201).send({ results: ticket });
      },
    );

    app.get(
      '/api/public/tenants/:tenantId/branches/:branchId/menu',
      {
        schema: {
          tags,
          summary: 'What can be ordered now at a branch for a template, with its prices',
          params: BranchParams,
          querystring: PublicMenuQuery,
          response: { 200: envelope(PublicMenu), 404: ProblemResponse },
        },
      },
      async (req) => ({
        results: await intake.menu(
          req.params.tenantId,
          req.params.branchId,
          req.query.checkoutTemplate,
        ),
      }),
    );

    app.get(
      '/api/public/storefronts/:slug',
      {
        schema: {
          tags,
          summary: 'A tenant’s storefront by its slug: its id, currency and branches',
          params: z.object({ slug: z.string().min(1).max(64) }),
          response: { 200: envelope(PublicStorefront), 404: ProblemResponse },
        },
      },
      async (req) => ({ results: await intake.storefront(req.params.slug) }),
    );
  };
