import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PrintTicketBody,
  PrintTicketResponse,
  ProblemResponse,
  ReceiptQuery,
  ROUTE_ROLES,
  Text,
  TicketCounters,
  TicketResponse,
  TicketsListResponse,
  TicketsQuery,
  TransferTicketBody,
  UpdateTicketStatusBody,
  Uuid,
  envelope,
} from '@app/contracts';
import type { TicketsService } from './tickets.service.ts';

const TENANT = '/api/admin/tenants/:tenantId';
const TenantParams = z.object({ tenantId: Uuid });
const TicketParams = TenantParams.extend({ ticketId: Uuid });
const access = { tenant: true, roles: ROUTE_ROLES.tickets } as const;
const mine = { tenant: false, roles: ROUTE_ROLES.tickets } as const;
const tags = ['tickets'];
const security = [{ bearer: [] }];
const problems = { 401: ProblemResponse, 403: ProblemResponse, 404: ProblemResponse };

/** operations-platform §7.4: live orders, the ticket view and its actions, printing. */
export const ticketsRoutes =
  (tickets: TicketsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/tenants/tickets',
      {
        config: { access: mine },
        schema: {
          tags,
          security,
          summary: "Live tickets of the caller's tenants, with the counters",
          description:
            'Open tickets (UnVerified, New, InProgress) of any age and tickets Completed or Cancelled in the past 12 hours, newest first. `counters` (beside `results`) are the §4.1 counters of the same tenants.',
          querystring: TicketsQuery,
          response: { 200: TicketsListResponse, ...problems },
        },
      },
      async (req) => tickets.list(req.auth.tenantIds ?? [], req.query.tenantId),
    );

    app.get(
      '/api/admin/tenants/tickets/counters',
      {
        config: { access: mine },
        schema: {
          tags,
          security,
          summary: "Counters of the caller's tenants alone (the side menu badge)",
          querystring: TicketsQuery,
          response: { 200: envelope(TicketCounters), ...problems },
        },
      },
      async (req) => ({
        results: await tickets.counters(req.auth.tenantIds ?? [], req.query.tenantId),
      }),
    );

    app.get(
      `${TENANT}/tickets/:ticketId`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'One ticket with its cart, customer details and history',
          params: TicketParams,
          response: { 200: TicketResponse, ...problems },
        },
      },
      async (req) => ({ results: await tickets.get(req.params.tenantId, req.params.ticketId) }),
    );

    app.put(
      `${TENANT}/tickets/:ticketId`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Accept, reject, complete or cancel a ticket, with a note',
          description:
            'UnVerified → InProgress (accept) or Cancelled (reject: `reason` required); InProgress → Completed or Cancelled. Any other move, or one that lost a race with another, answers 409 `illegal_transition`.',
          params: TicketParams,
          body: UpdateTicketStatusBody,
          response: { 200: TicketResponse, ...problems, 409: ProblemResponse },
        },
      },
      async (req) => ({
        results: await tickets.updateStatus(
          req.params.tenantId,
          req.params.ticketId,
          req.body,
          req.auth.userId,
        ),
      }),
    );

    app.put(
      `${TENANT}/tickets/branches/:branchId/transfer`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Transfer an open ticket to another branch of the tenant',
          description:
            '`branchId` (path and body) is the branch the ticket moves to. 409 `same_branch` or `ticket_closed`.',
          params: TenantParams.extend({ branchId: Uuid }),
          body: TransferTicketBody,
          response: { 200: TicketResponse, ...problems, 409: ProblemResponse },
        },
      },
      async (req) => ({
        results: await tickets.transfer(
          req.params.tenantId,
          req.params.branchId,
          req.body,
          req.auth.userId,
        ),
      }),
    );

    app.post(
      `${TENANT}/printing/url/html`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Ask to print a ticket: answers the print id for the receipt call',
          params: TenantParams,
          body: PrintTicketBody,
          response: { 201: PrintTicketResponse, ...problems },
        },
      },
      async (req, reply) =>
        reply.status(201).send({
          results: await tickets.createPrint(
            req.params.tenantId,
            req.body.cartTicketId,
            req.auth.userId,
          ),
        }),
    );

    app.get(
      `${TENANT}/printing/url/html/:printId/:adminLanguage`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'The receipt as HTML for a 58 or 80 mm thermal printer (text/html)',
          description:
            'Labels and titles in `adminLanguage` (en, ar, es; Arabic right to left); any other value prints in the ticket’s own language. `size` is the paper width in mm.',
          params: TenantParams.extend({ printId: Uuid, adminLanguage: Text.max(16) }),
          querystring: ReceiptQuery,
          response: { 200: z.string().describe('text/html'), ...problems },
        },
      },
      async (req, reply) => {
        const html = await tickets.receipt(
          req.params.tenantId,
          req.params.printId,
          req.params.adminLanguage,
          req.query.size,
        );
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(html);
      },
    );
  };
