import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LinkedCatalogItem,
  ModifierGroupBody,
  ModifierGroupQuery,
  ModifierGroupResponse,
  ROUTE_ROLES,
  Uuid,
  envelope,
} from '@app/contracts';
import { CATALOG_BASE } from '../catalog/catalog.routes.ts';
import type { ModifierGroupsService } from './modifier-groups.service.ts';

const TenantParams = z.object({ tenantId: Uuid });
const IdParams = TenantParams.extend({ id: Uuid });
const access = { tenant: true, roles: ROUTE_ROLES.modifierGroups } as const;
const tags = ['modifier-groups'];
const security = [{ bearer: [] }];
const BASE = `${CATALOG_BASE}/modifiergroups`;

/** menu-management.md §7, modifier groups; managers and owners (§6). */
export const modifierGroupsRoutes =
  (groups: ModifierGroupsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      BASE,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: TenantParams,
          response: { 200: envelope(z.array(ModifierGroupResponse)) },
        },
      },
      async (req) => ({ results: await groups.list(req.params.tenantId) }),
    );

    app.get(
      `${BASE}/query`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Groups by ids (modifierGroupIds repeated or comma-separated)',
          params: TenantParams,
          querystring: ModifierGroupQuery,
          response: { 200: envelope(z.array(ModifierGroupResponse)) },
        },
      },
      async (req) => ({
        results: await groups.query(req.params.tenantId, req.query.modifierGroupIds),
      }),
    );

    app.post(
      `${BASE}/`,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: TenantParams,
          body: ModifierGroupBody,
          response: { 201: envelope(ModifierGroupResponse) },
        },
      },
      async (req, reply) =>
        reply.status(201).send({ results: await groups.create(req.params.tenantId, req.body) }),
    );

    app.get(
      `${BASE}/:id`,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: envelope(ModifierGroupResponse) },
        },
      },
      async (req) => ({ results: await groups.get(req.params.tenantId, req.params.id) }),
    );

    app.put(
      `${BASE}/:id`,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: IdParams,
          body: ModifierGroupBody,
          response: { 200: envelope(ModifierGroupResponse) },
        },
      },
      async (req) => ({
        results: await groups.update(req.params.tenantId, req.params.id, req.body),
      }),
    );

    app.delete(
      `${BASE}/:id`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary:
            'Delete a group no item uses (409 unable_to_delete_remove_from_others otherwise)',
          params: IdParams,
          response: { 200: envelope(z.object({ id: Uuid })) },
        },
      },
      async (req) => {
        await groups.remove(req.params.tenantId, req.params.id);
        return { results: { id: req.params.id } };
      },
    );

    app.get(
      `${BASE}/:id/linkedcatalogitems`,
      {
        config: { access },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: envelope(z.array(LinkedCatalogItem)) },
        },
      },
      async (req) => ({ results: await groups.linkedItems(req.params.tenantId, req.params.id) }),
    );
  };
