import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes as routes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { AuditService } from './audit.service.ts';

/** Issue 38: the history of changes. */
export const auditHandlers =
  (audit: AuditService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.audit, ({ params, query, auth }) =>
      audit.list(params.tenantId, auth.role, query),
    );
  };
