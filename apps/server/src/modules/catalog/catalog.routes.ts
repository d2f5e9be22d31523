import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AvailabilityBody,
  CatalogItemBody,
  CatalogItemResponse,
  CategoryBody,
  CategoryResponse,
  MoveBody,
  PositionsBody,
  ROUTE_ROLES,
  Schedule,
  ScheduleResponse,
  Text,
  TreeNode,
  Uuid,
  envelope,
} from '@app/contracts';
import type { CatalogService } from './catalog.service.ts';

export const CATALOG_BASE = '/api/admin/tenants/:tenantId/branches/defaultBranch/productcatalogs';

const TenantParams = z.object({ tenantId: Uuid });
const IdParams = TenantParams.extend({ id: Uuid });
const ParentParams = TenantParams.extend({ parentId: Uuid });
const owner = { tenant: true, roles: ROUTE_ROLES.catalogEditors } as const;
const viewer = { tenant: true, roles: ROUTE_ROLES.catalog } as const;
const tags = ['catalog'];
const security = [{ bearer: [] }];

/** menu-management.md §7: the catalogue calls at the spec's paths. */
export const catalogRoutes =
  (catalog: CatalogService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${CATALOG_BASE}/tree`,
      {
        config: { access: viewer },
        schema: {
          tags,
          security,
          summary: 'The whole catalogue as a tree of sections and items',
          params: TenantParams,
          response: { 200: envelope(TreeNode) },
        },
      },
      async (req, reply) => {
        // Already-serialized JSON from the tree cache: Fastify sends strings as they are.
        const json = await catalog.treeJson(req.params.tenantId);
        return reply.type('application/json').send(json as unknown as { results: TreeNode });
      },
    );

    app.put(
      CATALOG_BASE,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'Edit the catalogue banner (becomes the tenant banner)',
          params: TenantParams,
          body: z.object({ images: z.array(Text.max(500)).max(1) }),
          response: { 200: envelope(z.object({ images: z.array(z.string()) })) },
        },
      },
      async (req) => ({ results: await catalog.setBanner(req.params.tenantId, req.body.images) }),
    );

    app.put(
      `${CATALOG_BASE}/position`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'Rewrite positions of sections and items (one transaction)',
          params: TenantParams,
          body: PositionsBody,
          response: { 200: envelope(PositionsBody) },
        },
      },
      async (req) => ({ results: await catalog.setPositions(req.params.tenantId, req.body) }),
    );

    app.put(
      `${CATALOG_BASE}/move`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'Move a section in the tree; answers the new tree',
          params: TenantParams,
          body: MoveBody,
          response: { 200: envelope(TreeNode) },
        },
      },
      async (req) => ({ results: await catalog.move(req.params.tenantId, req.body) }),
    );

    // Sections.
    app.get(
      `${CATALOG_BASE}/categories/`,
      {
        config: { access: viewer },
        schema: {
          tags,
          security,
          params: TenantParams,
          response: { 200: envelope(z.array(CategoryResponse)) },
        },
      },
      async (req) => ({ results: await catalog.listCategories(req.params.tenantId) }),
    );

    app.post(
      `${CATALOG_BASE}/categories`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'Create a main section',
          params: TenantParams,
          body: CategoryBody,
          response: { 201: envelope(CategoryResponse) },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send({ results: await catalog.createCategory(req.params.tenantId, null, req.body) }),
    );

    app.post(
      `${CATALOG_BASE}/categories/:parentId`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'Create a section inside another',
          params: ParentParams,
          body: CategoryBody,
          response: { 201: envelope(CategoryResponse) },
        },
      },
      async (req, reply) =>
        reply.status(201).send({
          results: await catalog.createCategory(req.params.tenantId, req.params.parentId, req.body),
        }),
    );

    app.get(
      `${CATALOG_BASE}/categories/:id`,
      {
        config: { access: viewer },
        schema: { tags, security, params: IdParams, response: { 200: envelope(CategoryResponse) } },
      },
      async (req) => ({ results: await catalog.getCategory(req.params.tenantId, req.params.id) }),
    );

    app.put(
      `${CATALOG_BASE}/categories/:id`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          params: IdParams,
          body: CategoryBody,
          response: { 200: envelope(CategoryResponse) },
        },
      },
      async (req) => ({
        results: await catalog.updateCategory(req.params.tenantId, req.params.id, req.body),
      }),
    );

    app.delete(
      `${CATALOG_BASE}/categories/:id`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'Delete an empty section (409 unable_to_delete_remove_children otherwise)',
          params: IdParams,
          response: { 200: envelope(z.object({ id: Uuid })) },
        },
      },
      async (req) => {
        await catalog.deleteCategory(req.params.tenantId, req.params.id);
        return { results: { id: req.params.id } };
      },
    );

    app.get(
      `${CATALOG_BASE}/categories/:id/schedule`,
      {
        config: { access: viewer },
        schema: { tags, security, params: IdParams, response: { 200: envelope(ScheduleResponse) } },
      },
      async (req) => ({ results: await catalog.getSchedule(req.params.tenantId, req.params.id) }),
    );

    app.put(
      `${CATALOG_BASE}/categories/:id/schedule`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          summary: 'Replace a section schedule (allowed for integrated tenants too)',
          params: IdParams,
          body: Schedule,
          response: { 200: envelope(ScheduleResponse) },
        },
      },
      async (req) => ({
        results: await catalog.setSchedule(req.params.tenantId, req.params.id, req.body),
      }),
    );

    app.get(
      `${CATALOG_BASE}/categories/:id/currentlevel`,
      {
        config: { access: viewer },
        schema: {
          tags,
          security,
          summary: 'Nesting level of a section (0 = main section)',
          params: IdParams,
          response: { 200: envelope(z.object({ level: z.number().int() })) },
        },
      },
      async (req) => ({ results: await catalog.currentLevel(req.params.tenantId, req.params.id) }),
    );

    // Items.
    app.get(
      `${CATALOG_BASE}/catalogitems`,
      {
        config: { access: viewer },
        schema: {
          tags,
          security,
          params: TenantParams,
          querystring: z.object({ categoryId: Uuid.optional() }),
          response: { 200: envelope(z.array(CatalogItemResponse)) },
        },
      },
      async (req) => ({
        results: await catalog.listItems(req.params.tenantId, req.query.categoryId),
      }),
    );

    app.post(
      `${CATALOG_BASE}/catalogitems`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          params: TenantParams,
          body: CatalogItemBody,
          response: { 201: envelope(CatalogItemResponse) },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send({ results: await catalog.createItem(req.params.tenantId, req.body) }),
    );

    app.get(
      `${CATALOG_BASE}/catalogitems/:id`,
      {
        config: { access: viewer },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: envelope(CatalogItemResponse) },
        },
      },
      async (req) => ({ results: await catalog.getItem(req.params.tenantId, req.params.id) }),
    );

    app.put(
      `${CATALOG_BASE}/catalogitems/:id`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          params: IdParams,
          body: CatalogItemBody,
          response: { 200: envelope(CatalogItemResponse) },
        },
      },
      async (req) => ({
        results: await catalog.updateItem(req.params.tenantId, req.params.id, req.body),
      }),
    );

    app.delete(
      `${CATALOG_BASE}/catalogitems/:id`,
      {
        config: { access: owner },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: envelope(z.object({ id: Uuid })) },
        },
      },
      async (req) => {
        await catalog.deleteItem(req.params.tenantId, req.params.id);
        return { results: { id: req.params.id } };
      },
    );

    app.get(
      `${CATALOG_BASE}/catalogitems/:id/variants`,
      {
        config: { access: viewer },
        schema: {
          tags,
          security,
          params: IdParams,
          response: { 200: envelope(CatalogItemResponse.shape.variants) },
        },
      },
      async (req) => ({ results: await catalog.itemVariants(req.params.tenantId, req.params.id) }),
    );

    app.put(
      `${CATALOG_BASE}/catalogitems/:id/availability`,
      {
        config: { access: { tenant: true, roles: ROUTE_ROLES.itemAvailability } },
        schema: {
          tags,
          security,
          summary: 'Hide or show an item (staff of every role)',
          params: IdParams,
          body: AvailabilityBody,
          response: {
            200: envelope(z.object({ id: Uuid, active: z.boolean(), outOfStock: z.boolean() })),
          },
        },
      },
      async (req) => ({
        results: await catalog.setAvailability(
          req.params.tenantId,
          req.params.id,
          req.body.active,
          req.body.outOfStock,
        ),
      }),
    );
  };
