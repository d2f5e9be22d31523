import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LinkedVariant,
  LinkVariantsBody,
  PriceAdjustmentBody,
  PriceAdjustmentResponse,
  PriceAdjustmentSchedule,
  ROUTE_ROLES,
  ScheduleResponse,
  Uuid,
  envelope,
} from '@app/contracts';
import { CATALOG_BASE } from '../catalog/catalog.routes.ts';
import type { PriceAdjustmentsService } from './price-adjustments.service.ts';

const TenantParams = z.object({ tenantId: Uuid });
const IdParams = TenantParams.extend({ id: Uuid });
const access = { tenant: true, roles: ROUTE_ROLES.priceAdjustments } as const;
const tags = ['price-adjustments'];
const security = [{ bearer: [] }];
const BASE = `${CATALOG_BASE}/price-adjustments`;

/** menu-management.md §7, price adjustments; store owners only (§6). */
export const priceAdjustmentsRoutes =
  (adjustments: PriceAdjustmentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      BASE,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: TenantParams,
          response: { 200: envelope(z.array(PriceAdjustmentResponse)) },
        },
      },
      async (req) => ({ results: await adjustments.list(req.params.tenantId) }),
    );
    app.post(
      BASE,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: "Create (422 name ItemAlreadyExists for a taken name; 'Override' refused)",
          params: TenantParams,
          body: PriceAdjustmentBody,
          response: { 201: envelope(PriceAdjustmentResponse) },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send({ results: await adjustments.create(req.params.tenantId, req.body) }),
    );
    app.put(
      `${BASE}/variants/:id`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Link the selected variants and unlink one; answers the linked variants',
          params: IdParams,
          body: LinkVariantsBody,
          response: { 200: envelope(z.array(LinkedVariant)) },
        },
      },
      async (req) => ({
        results: await adjustments.linkVariants(
          req.params.tenantId,
          req.params.id,
          req.body.SelectedVariantsIds,
          req.body.removedVariantId,
        ),
      }),
    );
    app.get(
      `${BASE}/:id`,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: envelope(PriceAdjustmentResponse) },
        },
      },
      async (req) => ({ results: await adjustments.get(req.params.tenantId, req.params.id) }),
    );
    app.put(
      `${BASE}/:id`,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: IdParams,
          body: PriceAdjustmentBody,
          response: { 200: envelope(PriceAdjustmentResponse) },
        },
      },
      async (req) => ({
        results: await adjustments.update(req.params.tenantId, req.params.id, req.body),
      }),
    );
    app.delete(
      `${BASE}/:id`,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: envelope(z.object({ id: Uuid })) },
        },
      },
      async (req) => {
        await adjustments.remove(req.params.tenantId, req.params.id);
        return { results: { id: req.params.id } };
      },
    );
    app.get(
      `${BASE}/:id/schedule`,
      {
        config: { access },
        schema: { tags, security, params: IdParams, response: { 200: envelope(ScheduleResponse) } },
      },
      async (req) => ({
        results: await adjustments.getSchedule(req.params.tenantId, req.params.id),
      }),
    );
    app.put(
      `${BASE}/:id/schedule`,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: IdParams,
          body: PriceAdjustmentSchedule,
          response: { 200: envelope(ScheduleResponse) },
        },
      },
      async (req) => ({
        results: await adjustments.setSchedule(req.params.tenantId, req.params.id, req.body),
      }),
    );
  };
