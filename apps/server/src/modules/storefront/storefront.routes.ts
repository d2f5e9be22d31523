import type { FastifyPluginAsync } from 'fastify';
import { storefrontRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { StorefrontService } from './storefront.service.ts';

/** The public reads a storefront or any client needs to place an order (no token). */
export const storefrontHandlers =
  (storefront: StorefrontService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.storefront, ({ params }) => storefront.storefront(params.slug));
    handle(app, routes.menu, ({ params, query }) =>
      storefront.menu(params.tenantId, params.branchId, query.checkoutTemplate),
    );
  };
