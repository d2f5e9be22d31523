import type { FastifyPluginAsync } from 'fastify';
import { localizationRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { LocalizationService } from './localization.service.ts';

/** The translate forms' calls (menu-management.md §2 screen 16), answered by the service. */
export const localizationHandlers =
  (localization: LocalizationService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.translateCategory, ({ params, body }) =>
      localization.translateCategory(params.tenantId, params.id, body),
    );
    handle(app, routes.translateItem, ({ params, body }) =>
      localization.translateItem(params.tenantId, params.id, body),
    );
    handle(app, routes.translateModifierGroup, ({ params, body }) =>
      localization.translateModifierGroup(params.tenantId, params.id, body),
    );
  };
