import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { trustProxyOption, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { spaPlugin } from './plugins/spa.ts';
import { authPlugin } from './plugins/auth.ts';
import { createIdentity } from './identity/identity.ts';
import { identityRoutes } from './identity/identity.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { createTenantsRepository } from './modules/tenants/tenants.repository.ts';
import { createTenantsService } from './modules/tenants/tenants.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { modifierGroupsRoutes } from './modules/modifier-groups/modifier-groups.routes.ts';
import { createModifierGroupsService } from './modules/modifier-groups/modifier-groups.service.ts';
import { priceAdjustmentsRoutes } from './modules/price-adjustments/price-adjustments.routes.ts';
import { createPriceAdjustmentsService } from './modules/price-adjustments/price-adjustments.service.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { createLocalStorage, type FileStorage } from './storage/storage.ts';
import { createNotifier } from './realtime/notifier.ts';
import { createTicketsHub } from './realtime/hub.ts';
import { intakeRoutes } from './modules/tickets/intake.routes.ts';
import { createIntakeService } from './modules/tickets/intake.service.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { outletStatusRoutes } from './modules/outlet-settings/outlet-status.routes.ts';
import { createOutletStatusService } from './modules/outlet-settings/outlet-status.service.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  storage?: FileStorage;
  /** The time the order intake and the live list see; tests may fix it. */
  clock?: () => Date;
  /** How a slowed sign-in waits; tests record instead of sleeping. */
  signInDelay?: (ms: number) => Promise<void>;
};

/** Assembles the whole server from its parts; tests call it with a database of their own. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // Errors met before any route (router, HTTP parser) in the same envelope as the rest.
    frameworkErrors,
    clientErrorHandler,
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);

  const identity = await createIdentity({
    config,
    db: database.db,
    log: app.log,
    signInDelay: deps.signInDelay,
  });
  // Before any route: it guards every /api/admin route and refuses ones without a policy.
  await app.register(authPlugin, { verifier: identity.verifier, accounts: identity.accounts });
  await app.register(identityRoutes(identity));

  await app.register(systemRoutes({ ping: () => database.ping() }));
  await app.register(
    tenantsRoutes(createTenantsService({ repository: createTenantsRepository(database.db) })),
  );

  await app.register(catalogRoutes(createCatalogService({ db: database.db })));
  await app.register(modifierGroupsRoutes(createModifierGroupsService({ db: database.db })));
  await app.register(priceAdjustmentsRoutes(createPriceAdjustmentsService({ db: database.db })));
  // Live orders: intake, tickets, outlet status and the realtime hub over LISTEN/NOTIFY.
  const notifier = createNotifier(database, app.log);
  app.addHook('onReady', () => notifier.start());
  app.addHook('onClose', () => notifier.stop());
  const hub = createTicketsHub({ notifier });
  app.addHook('preClose', async () => hub.close());
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(hub.routes);
  await app.register(
    intakeRoutes(createIntakeService({ db: database.db, clock, notifier }), {
      rateLimit: config.intakeRateLimit,
    }),
  );
  await app.register(ticketsRoutes(createTicketsService({ db: database.db, clock, notifier })));
  await app.register(outletStatusRoutes(createOutletStatusService({ db: database.db })));

  const storage = deps.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads'));
  await app.register(imagesRoutes(createImagesService({ storage })));
  if (storage.localRoot) {
    fs.mkdirSync(storage.localRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.localRoot,
      prefix: '/uploads/',
      decorateReply: false,
      // Uploaded names are random and never rewritten.
      maxAge: '365d',
      immutable: true,
    });
  }

  await app.register(spaPlugin, { root: config.adminDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
