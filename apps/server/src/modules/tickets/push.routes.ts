import type { FastifyPluginAsync } from 'fastify';
import { pushRoutes as routes } from '@app/contracts';
import { handle, handleDelete } from '../../plugins/handle.ts';
import type { PushService } from './push.ts';

/** Issue 36: Web Push to staff devices, the server's key and the devices' subscriptions. */
export const pushHandlers =
  (push: PushService): FastifyPluginAsync =>
  async (app) => {
    handle(app, routes.pushKey, () => push.publicKey());
    handle(app, routes.subscribePush, ({ params, body, auth }) =>
      push.subscribe(params.tenantId, auth.userId, body),
    );
    handleDelete(app, routes.unsubscribePush, push.unsubscribe);
  };
