import type { FastifyPluginAsync } from 'fastify';
import { catalogRoutes as routes } from '@app/contracts';
import { handle, handleDelete } from '../../plugins/handle.ts';
import type { CatalogService } from './catalog.service.ts';

/** menu-management.md §7: the contracts' catalogue routes, answered by the service. */
export const catalogHandlers =
  (catalog: CatalogService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.tree, ({ params }) => catalog.treeJson(params.tenantId));
    handle(app, routes.setBanner, ({ params, body }) =>
      catalog.setBanner(params.tenantId, body.images),
    );
    handle(app, routes.setPositions, ({ params, body }) =>
      catalog.setPositions(params.tenantId, body),
    );
    handle(app, routes.move, ({ params, body }) => catalog.move(params.tenantId, body));

    handle(app, routes.categories, ({ params }) => catalog.listCategories(params.tenantId));
    handle(app, routes.createMainCategory, ({ params, body }) =>
      catalog.createCategory(params.tenantId, null, body),
    );
    handle(app, routes.createCategory, ({ params, body }) =>
      catalog.createCategory(params.tenantId, params.parentId, body),
    );
    handle(app, routes.category, ({ params }) => catalog.getCategory(params.tenantId, params.id));
    handle(app, routes.updateCategory, ({ params, body }) =>
      catalog.updateCategory(params.tenantId, params.id, body),
    );
    handleDelete(app, routes.deleteCategory, catalog.deleteCategory);
    handle(app, routes.schedule, ({ params }) => catalog.getSchedule(params.tenantId, params.id));
    handle(app, routes.setSchedule, ({ params, body }) =>
      catalog.setSchedule(params.tenantId, params.id, body),
    );
    handle(app, routes.currentLevel, ({ params }) =>
      catalog.currentLevel(params.tenantId, params.id),
    );

    handle(app, routes.items, ({ params, query }) =>
      catalog.listItems(params.tenantId, query.categoryId),
    );
    handle(app, routes.createItem, ({ params, body }) => catalog.createItem(params.tenantId, body));
    handle(app, routes.item, ({ params }) => catalog.getItem(params.tenantId, params.id));
    handle(app, routes.updateItem, ({ params, body }) =>
      catalog.updateItem(params.tenantId, params.id, body),
    );
    handleDelete(app, routes.deleteItem, catalog.deleteItem);
    handle(app, routes.variants, ({ params }) => catalog.itemVariants(params.tenantId, params.id));
    handle(app, routes.setAvailability, ({ params, body }) =>
      catalog.setAvailability(params.tenantId, params.id, body.active, body.outOfStock),
    );
  };
