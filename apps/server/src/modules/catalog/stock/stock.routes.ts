import type { FastifyPluginAsync } from 'fastify';
import { stockRoutes as routes } from '@app/contracts';
import { handle } from '../../../plugins/handle.ts';
import type { StockService } from './stock.service.ts';

/** Issue 38: sold out per branch, until a time or until turned back on. */
export const stockHandlers =
  (stock: StockService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.setItemStock, ({ params, body, auth }) =>
      stock.setItem(params.tenantId, params.branchId, params.id, body, auth.userId),
    );
    handle(app, routes.setVariantStock, ({ params, body, auth }) =>
      stock.setVariant(
        params.tenantId,
        params.branchId,
        params.id,
        params.variantId,
        body,
        auth.userId,
      ),
    );
    handle(app, routes.setModifierItemStock, ({ params, body, auth }) =>
      stock.setModifierItem(
        params.tenantId,
        params.branchId,
        params.groupId,
        params.modifierItemId,
        body,
        auth.userId,
      ),
    );
    handle(app, routes.branchStock, ({ params, query }) =>
      stock.branchStock(params.tenantId, params.branchId, query.search),
    );
  };
