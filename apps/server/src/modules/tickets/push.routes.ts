import type { FastifyPluginAsync } from 'fastify';
import { pushRoutes as routes } from '@app/contracts';
import { handle, handleDelete } from '../../plugins/handle.ts';
import type { Db } from '../../db/client.ts';
import { branchListeners, setEscalation, tenantListening } from './listeners.ts';
import type { PushService } from './push.ts';

/** Issue 36: who is listening, and Web Push to staff devices (the key, the subscriptions). */
export const pushHandlers =
  (push: PushService, db: Db): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.listeners, ({ params }) =>
      branchListeners(db, params.tenantId, params.branchId),
    );
    handle(app, routes.tenantListening, ({ params }) => tenantListening(db, params.tenantId));
    handle(app, routes.setEscalation, ({ params, body }) =>
      setEscalation(db, params.tenantId, params.branchId, body),
    );
    handle(app, routes.pushKey, () => push.publicKey());
    handle(app, routes.subscribePush, ({ params, body, auth }) =>
      push.subscribe(params.tenantId, auth.userId, body),
    );
    handleDelete(app, routes.unsubscribePush, push.unsubscribe);
  };
