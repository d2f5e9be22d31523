import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  DISPATCH_EMULATOR_PREFIX,
  EMULATOR_PREFIX,
  HUBRISE_EMULATOR_PREFIX,
  trustProxyOption,
  type Config,
} from './config.ts';
import { createCaptureTransport, MAIL_CAPTURE_PREFIX } from './integrations/mail/capture.ts';
import type { MailTransport } from './integrations/mail/mail-transport.ts';
import { createSmtpTransport } from './integrations/mail/smtp.ts';
import type { Database } from './db/client.ts';
import {
  clientErrorHandler,
  errorsPlugin,
  frameworkErrors,
  requestIdFor,
} from './plugins/errors.ts';
import { loggerOptions, PrettyRequestLog } from './plugins/logging.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { API_CSP, API_DROPPED_HEADERS, spaPlugin } from './plugins/spa.ts';
import { authPlugin } from './plugins/auth.ts';
import { createIdentity, identityStore } from './modules/identity/identity.ts';
import { oidcKeysAtRest } from './modules/identity/oidc-keys.ts';
import { identityHandlers } from './modules/identity/identity.routes.ts';
import { platformHandlers } from './modules/platform/platform.routes.ts';
import { createPlatformRepository } from './modules/platform/platform.repository.ts';
import { createPlatformService } from './modules/platform/platform.service.ts';
import { profileHandlers } from './modules/identity/profile.routes.ts';
import { accountHandlers } from './modules/identity/account.routes.ts';
import { outletSignupRepository } from './modules/identity/outlet-signup.repository.ts';
import { createOutletSignupService } from './modules/identity/outlet-signup.service.ts';
import { createProfileRepository } from './modules/identity/profile.repository.ts';
import { createProfileService } from './modules/identity/profile.service.ts';
import { catalogHandlers } from './modules/catalog/catalog.routes.ts';
import { catalogRepository } from './modules/catalog/catalog.repository.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { modifierGroupsHandlers } from './modules/modifier-groups/modifier-groups.routes.ts';
import { modifierGroupsRepository } from './modules/modifier-groups/modifier-groups.repository.ts';
import { localizationHandlers } from './modules/localization/localization.routes.ts';
import { localizationRepository } from './modules/localization/localization.repository.ts';
import { createLocalizationService } from './modules/localization/localization.service.ts';
import { createModifierGroupsService } from './modules/modifier-groups/modifier-groups.service.ts';
import { priceAdjustmentsHandlers } from './modules/price-adjustments/price-adjustments.routes.ts';
import { priceAdjustmentsRepository } from './modules/price-adjustments/price-adjustments.repository.ts';
import { createPriceAdjustmentsService } from './modules/price-adjustments/price-adjustments.service.ts';
import { imagesHandlers } from './modules/images/images.routes.ts';
import { posMappingHandlers } from './modules/pos-mapping/pos-mapping.routes.ts';
import { posMappingRepository } from './modules/pos-mapping/pos-mapping.repository.ts';
import {
  createPosMappingService,
  sealPosAccessTokens,
} from './modules/pos-mapping/pos-mapping.service.ts';
import { createSecretBox, loadSecretsKey } from './secret-box.ts';
import { createHubriseClient } from './integrations/hubrise/client.ts';
import { createHubriseEmulator } from './integrations/hubrise/emulator.ts';
import { localOrKeyOnly } from './integrations/emulator-access.ts';
import { bulkUploadHandlers } from './modules/bulk-upload/bulk-upload.routes.ts';
import { bulkUploadRepository } from './modules/bulk-upload/bulk-upload.repository.ts';
import { createBulkUploadService } from './modules/bulk-upload/bulk-upload.service.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { createLocalStorage, type FileStorage } from './storage/storage.ts';
import { createNotifier } from './realtime/notifier.ts';
import { createTicketsHub } from './realtime/hub.ts';
import { intakeHandlers } from './modules/tickets/intake.routes.ts';
import { createIntakeService } from './modules/tickets/intake.service.ts';
import { createOrderingReads } from './modules/tickets/ordering.ts';
import { orderingRepository } from './modules/tickets/ordering.repository.ts';
import { storefrontHandlers } from './modules/storefront/storefront.routes.ts';
import { createStorefrontRepository } from './modules/storefront/storefront.repository.ts';
import { createStorefrontService } from './modules/storefront/storefront.service.ts';
import { ticketsHandlers } from './modules/tickets/tickets.routes.ts';
import { pushHandlers } from './modules/tickets/push.routes.ts';
import { createPushService } from './modules/tickets/push.ts';
import { createScreenPresence } from './modules/tickets/listeners.ts';
import { ticketsRepository } from './modules/tickets/tickets.repository.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { createPrintingService } from './modules/tickets/printing/printing.service.ts';
import { printingHandlers } from './modules/tickets/printing/printing.routes.ts';
import { printerProtocolHandlers } from './modules/tickets/printing/printer-protocols.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { auditHandlers } from './modules/audit/audit.routes.ts';
import { createStockService } from './modules/catalog/stock/stock.service.ts';
import { stockHandlers } from './modules/catalog/stock/stock.routes.ts';
import {
  createPrinterEmulator,
  PRINTER_EMULATOR_PREFIX,
} from './integrations/printers/emulator.ts';
import { discountsHandlers } from './modules/discounts/discounts.routes.ts';
import { discountsRepository } from './modules/discounts/discounts.repository.ts';
import { createDiscountsService } from './modules/discounts/discounts.service.ts';
import { createCodeTries } from './modules/discounts/code-tries.ts';
import { outletStatusHandlers } from './modules/outlet-settings/outlet-status.routes.ts';
import { outletStatusRepository } from './modules/outlet-settings/outlet-status.repository.ts';
import { createOutletStatusService } from './modules/outlet-settings/outlet-status.service.ts';
import { reportsHandlers } from './modules/reports/reports.routes.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { outletSettingsHandlers } from './modules/outlet-settings/outlet-settings.routes.ts';
import { branchSettingsRepository } from './modules/outlet-settings/branch-settings.repository.ts';
import { paymentMethodsRepository } from './modules/outlet-settings/payment-methods.repository.ts';
import { createBranchSettingsService } from './modules/outlet-settings/branch-settings.service.ts';
import { serviceAreasHandlers } from './modules/service-areas/service-areas.routes.ts';
import { serviceAreasRepository } from './modules/service-areas/service-areas.repository.ts';
import { createServiceAreasService } from './modules/service-areas/service-areas.service.ts';
import { createBrandingRepository } from './modules/outlet-settings/branding.repository.ts';
import { createBrandingService } from './modules/outlet-settings/branding.service.ts';
import { dashboardHandlers } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { tableBillsHandlers } from './modules/table-bills/table-bills.routes.ts';
import { tableBillsRepository } from './modules/table-bills/table-bills.repository.ts';
import { createTableBillsService } from './modules/table-bills/table-bills.service.ts';
import { createUnstoredRefunds } from './modules/tickets/unstored-refunds.ts';
import { createCardGatewayClient } from './integrations/card-gateway/client.ts';
import { createCardGatewayEmulator } from './integrations/card-gateway/emulator.ts';
import type { PaymentProvider } from './integrations/card-gateway/payment-provider.ts';
import { createDispatchClient, createOutletClient } from './integrations/dispatch/client.ts';
import { createDispatchEmulator } from './integrations/dispatch/emulator.ts';
import { dispatchHandlers } from './modules/dispatch/dispatch.routes.ts';
import { createDispatchRepository } from './modules/dispatch/dispatch.repository.ts';
import {
  createDispatchService,
  type DispatchProviders,
} from './modules/dispatch/dispatch.service.ts';

/** JSON, HTML, CSS, JavaScript, XML and SVG; never binary (the default also takes octet-stream). */
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|javascript|xml)(?:;|$)|image\/svg\+xml)/;

export type AppDeps = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  storage?: FileStorage;
  /** The time the order intake and the live list see; tests may fix it. */
  clock?: () => Date;
  /** How a slowed sign-in waits; tests record instead of sleeping. */
  signInDelay?: (ms: number) => Promise<void>;
  /** Online payments; by default the card gateway of the configuration (none without one). */
  payments?: PaymentProvider | null;
  /** E-mail; by default the SMTP server or the outbox of the configuration (none without). */
  mail?: MailTransport | null;
};

/** The WebSocket origin of the public URL (ws: for http:, wss: for https:). */
const socketOrigin = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
};

/** Assembles the whole server from its parts; tests call it with a database of their own. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel, config.logFormat),
    ...(config.logFormat === 'pretty' ? { logController: new PrettyRequestLog() } : {}),
    genReqId: requestIdFor,
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

  // E-mail: an SMTP server, or the local outbox shown at /emulators/mail (demo and tests).
  const mailCapture =
    config.mail.kind === 'capture' ? createCaptureTransport(config.mail.dir) : null;
  let mail: MailTransport | null =
    deps.mail !== undefined ? deps.mail : (mailCapture?.transport ?? null);
  if (deps.mail === undefined && config.mail.kind === 'smtp') {
    const smtp = createSmtpTransport(config.mail);
    app.addHook('onClose', async () => smtp.close());
    mail = smtp;
  }

  // Secrets at rest (HubRise tokens, the provider's signing keys) are sealed, never plain.
  const secrets = createSecretBox(
    loadSecretsKey(config.secretsEncryptionKey, config.dataDir),
    config.encryptionKeyPrevious,
  );
  // Before the CSP: an external issuer's discovery names the origins sign-in talks to.
  const identity = await createIdentity({
    config,
    keysAtRest: oidcKeysAtRest(config),
    ...identityStore(database.db),
    log: app.log,
    signInDelay: deps.signInDelay,
    mail,
  });
  const tokenOrigin = config.payments ? new URL(config.payments.tokenUrl).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Sign-in talks to an external issuer's endpoints; the storefront's browser fetches card
        // tokens from the gateway itself; live orders' socket is the server's own origin.
        connectSrc: [
          "'self'",
          socketOrigin(config.publicUrl),
          ...identity.issuerOrigins.connect,
          ...(tokenOrigin ? [tokenOrigin] : []),
        ],
        frameSrc: ["'self'", ...identity.issuerOrigins.frame],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The API's JSON is never shown as a page: it goes without the headers only a document obeys
  // (the full CSP, framing, referrer, ...), some 700 bytes less on every call, with the short
  // policy OWASP's REST cheat sheet gives instead; nosniff, HSTS and the resource policy stay.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (request.url.startsWith('/api/') && typeof type === 'string' && type.includes('json')) {
      for (const header of API_DROPPED_HEADERS) reply.removeHeader(header);
      reply.header('content-security-policy', API_CSP);
    }
    return payload;
  });
  // Text answers above 1 KiB in brotli or gzip; files already encoded (the SPA's .br/.gz),
  // images and WebSocket upgrades pass through untouched.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE_TYPES,
    // Request bodies stay as sent: no compressed uploads to inflate past the body limit.
    globalDecompression: false,
  });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin);

  // Before any route: it guards every /api/admin route and refuses ones without a policy.
  await app.register(authPlugin, { verifier: identity.verifier, accounts: identity.accounts });
  await app.register(identityHandlers(identity));

  await app.register(
    platformHandlers({
      ping: () => database.ping(),
      platform: createPlatformService({
        repository: createPlatformRepository(database.db),
        unverifiedTicketMinutes: config.unverifiedTicketMinutes,
        clock,
      }),
    }),
  );
  await app.register(
    profileHandlers(createProfileService({ repository: createProfileRepository(database.db) })),
  );
  await app.register(
    accountHandlers({
      account: identity.account,
      signup: createOutletSignupService({
        db: database.db,
        repository: outletSignupRepository,
        addSection: (tx, tenantId, title) =>
          catalogRepository.insertCategory(tx, { tenantId, title }),
      }),
    }),
  );

  const storage = deps.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads'));
  const images = createImagesService({ storage });
  const catalog = createCatalogService({
    db: database.db,
    repository: catalogRepository,
    itemGroups: modifierGroupsRepository,
    images,
  });
  const modifierGroups = createModifierGroupsService({
    db: database.db,
    repository: modifierGroupsRepository,
    bumpCatalogVersion: catalogRepository.bumpVersion,
  });
  await app.register(catalogHandlers(catalog));
  await app.register(modifierGroupsHandlers(modifierGroups));
  await app.register(
    localizationHandlers(
      createLocalizationService({
        db: database.db,
        repository: localizationRepository,
        bumpCatalogVersion: catalogRepository.bumpVersion,
        read: {
          getCategory: catalog.getCategory,
          getItem: catalog.getItem,
          getModifierGroup: modifierGroups.get,
        },
      }),
    ),
  );
  await app.register(
    priceAdjustmentsHandlers(
      createPriceAdjustmentsService({
        db: database.db,
        repository: priceAdjustmentsRepository,
      }),
    ),
  );
  await app.register(
    bulkUploadHandlers(
      createBulkUploadService({
        db: database.db,
        repository: bulkUploadRepository,
        bumpCatalogVersion: catalogRepository.bumpVersion,
        embedded: database.kind === 'pglite',
      }),
    ),
  );
  // POS mapping with HubRise; its emulator when configured so (the demo).
  if (config.hubrise.emulator) {
    await app.register(createHubriseEmulator(config.hubrise.emulator).routes, {
      prefix: HUBRISE_EMULATOR_PREFIX,
    });
  }
  // Every tenant's rows, before any request: the owner's handle (row-level security scopes the app's).
  await sealPosAccessTokens(database.owner, posMappingRepository, secrets);
  await app.register(
    posMappingHandlers(
      createPosMappingService({
        db: database.db,
        repository: posMappingRepository,
        hubrise: createHubriseClient({ baseUrl: config.hubrise.baseUrl }),
        secrets,
      }),
    ),
  );
  // Live orders: intake, tickets, outlet status and the realtime hub over LISTEN/NOTIFY.
  const notifier = createNotifier(database, app.log);
  app.addHook('onReady', () => notifier.start());
  app.addHook('onClose', () => notifier.stop());
  const hub = createTicketsHub({
    notifier,
    accounts: identity.accounts,
    presence: createScreenPresence(database.db, app.log),
  });
  app.addHook('preClose', async () => hub.close());
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(hub.routes);
  // Online payments through the card gateway; its emulator is served here when configured so.
  const payments =
    deps.payments !== undefined
      ? deps.payments
      : config.payments
        ? createCardGatewayClient(config.payments)
        : null;
  if (config.payments?.emulator) {
    await app.register(createCardGatewayEmulator(config.payments).routes, {
      prefix: EMULATOR_PREFIX,
    });
  }
  // Anyone who reads the outbox can follow anyone's reset link: this machine only.
  const localOnly = localOrKeyOnly(config.emulatorControlKey);
  if (mailCapture) {
    await app.register(
      async (outbox) => {
        outbox.addHook('onRequest', localOnly);
        await outbox.register(mailCapture.routes);
      },
      { prefix: MAIL_CAPTURE_PREFIX },
    );
  }
  const discounts = createDiscountsService({
    db: database.db,
    repository: discountsRepository,
  });
  await app.register(discountsHandlers(discounts));
  // The catalogue as orders read it, cached once for the intake and the public menu.
  const ordering = createOrderingReads({ db: database.db, repository: orderingRepository });
  // Money taken for an order or a bill not stored goes back; without an answer, kept to ask again.
  const unstoredRefunds = createUnstoredRefunds({
    db: database.db,
    payments,
    onRefused: (refund) =>
      app.log.error({ refund }, 'the gateway refused to give back money taken for nothing stored'),
  });
  // Web Push to staff devices: the store's copy tells the branch's devices of a new order.
  const push = createPushService({
    db: database.db,
    config: config.push,
    log: app.log,
    notifier,
  });
  everyInterval(app, 'escalation', push.escalateWaiting, config.push.escalationEveryMs);
  await app.register(pushHandlers(push, database.db));
  const intake = createIntakeService({
    db: database.db,
    repository: ticketsRepository,
    clock,
    payments,
    unstoredRefunds,
    discounts,
    ordering,
    onPlaced: (ticket) => void push.newOrder(ticket),
  });
  // Refused discount codes per address and tenant: the preview and the intake share them.
  const codeTries = createCodeTries(config.discountCodeTries);
  await app.register(intakeHandlers(intake, { rateLimit: config.intakeRateLimit, codeTries }));
  const tickets = createTicketsService({
    db: database.db,
    repository: ticketsRepository,
    clock,
    notifier,
    payments,
    giveBackDiscountUse: discountsRepository.giveBack,
    onAccepted: (tx, tenantId, ticket) => printing.queueOnAccept(tx, tenantId, ticket),
  });
  // Kitchen and receipt printers polling over CloudPRNT or Server Direct Print (issue 37).
  const printing = createPrintingService({
    db: database.db,
    clock,
    publicUrl: config.publicUrl,
    printable: (tenantId, ticketId) => tickets.printable(tenantId, ticketId),
  });
  await app.register(printingHandlers(printing));
  await app.register(printerProtocolHandlers(printing));
  // Sold out per branch until a time (issue 38); the intake and the menu read it per request.
  await app.register(stockHandlers(createStockService({ db: database.db, clock })));
  // The history of changes (issue 38): written by each change, read here, pruned every 6 hours.
  const audit = createAuditService({
    db: database.db,
    owner: database.owner,
    retentionDays: config.auditRetentionDays,
  });
  await app.register(auditHandlers(audit));
  everyInterval(app, 'audit retention', () => audit.prune(clock()), 6 * 3_600_000);
  if (config.printerEmulator) {
    // The demo's Star printers, polling this server once it listens; their prints to this machine.
    const printerEmulator = createPrinterEmulator({
      db: database.db,
      printing,
      dataDir: config.dataDir,
      localUrl: () => {
        const address = app.server.listening ? app.server.address() : null;
        return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
      },
      log: app.log,
    });
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', localOnly);
        await scope.register(printerEmulator.routes);
      },
      { prefix: PRINTER_EMULATOR_PREFIX },
    );
    app.addHook('onReady', () => printerEmulator.start());
    app.addHook('onClose', async () => printerEmulator.stop());
  }
  await app.register(
    storefrontHandlers(
      createStorefrontService({
        repository: createStorefrontRepository(database.db),
        ordering,
        clock,
        onlinePaymentsApproved: payments !== null,
        quote: (tenantId, branchId, body) => intake.quote(tenantId, branchId, body),
        ticket: (tenantId, ticketId) => tickets.get(tenantId, ticketId),
        storefrontUrl: config.storefrontUrl,
        payments:
          payments && config.payments
            ? { tokenUrl: config.payments.tokenUrl, publishableKey: config.payments.publishableKey }
            : null,
      }),
      { rateLimit: config.publicReadRateLimit, codeTries },
    ),
  );
  await app.register(ticketsHandlers(tickets));
  await app.register(
    outletStatusHandlers(
      createOutletStatusService({ db: database.db, repository: outletStatusRepository }),
    ),
  );
  await app.register(
    reportsHandlers(
      createReportsService({
        repository: createReportsRepository(database.db, database.raw),
        clock,
      }),
    ),
  );

  await app.register(
    dashboardHandlers(
      createDashboardService({ repository: createDashboardRepository(database.db), clock }),
    ),
  );
  const tableBills = createTableBillsService({
    db: database.db,
    repository: tableBillsRepository,
    clock,
    notifier,
    payments,
    unstoredRefunds,
  });
  if (payments)
    reconcileRefunds(
      app,
      [
        tickets.settlePendingRefunds,
        tableBills.settlePendingRefunds,
        unstoredRefunds.settlePending,
      ],
      config.payments?.reconcileEveryMs ?? 60_000,
    );
  await app.register(
    tableBillsHandlers(tableBills, {
      payLimit: config.intakeRateLimit,
      readLimit: config.publicReadRateLimit,
    }),
  );

  await app.register(imagesHandlers(images));
  await app.register(
    outletSettingsHandlers({
      branches: createBranchSettingsService({
        db: database.db,
        repository: branchSettingsRepository,
        storefrontUrl: config.storefrontUrl,
        onlinePaymentsApproved: payments !== null,
      }),
      branding: createBrandingService({
        repository: createBrandingRepository(database.db),
        images,
      }),
    }),
  );
  // Driver dispatch and the Talabat Express outlet; the providers' emulator when configured so.
  if (config.dispatch.emulator) {
    const emulator = createDispatchEmulator(config.dispatch.emulator);
    await app.register(
      async (scope) => {
        // Its controls (fail the next dispatch, speed up every trip) for this machine only.
        scope.addHook('onRequest', async (request, reply) => {
          if (request.routeOptions.url?.startsWith(`${DISPATCH_EMULATOR_PREFIX}/control/`))
            return localOnly(request, reply);
        });
        await scope.register(emulator.routes);
      },
      { prefix: DISPATCH_EMULATOR_PREFIX },
    );
  }
  const dispatchProviders: DispatchProviders = {};
  for (const [type, provider] of Object.entries(config.dispatch.providers)) {
    const integrationType = type as keyof DispatchProviders;
    dispatchProviders[integrationType] = {
      provider: createDispatchClient({ integrationType, ...provider }),
      supportPhoneNumber: provider.supportPhoneNumber,
    };
  }
  const talabat = config.dispatch.providers.THIRDPARTY_TALABAT_EXPRESS;
  await app.register(
    dispatchHandlers(
      createDispatchService({
        repository: createDispatchRepository(database.db),
        providers: dispatchProviders,
        outlets: talabat
          ? createOutletClient({ integrationType: 'THIRDPARTY_TALABAT_EXPRESS', ...talabat })
          : null,
        clock,
        log: app.log,
      }),
    ),
  );
  await app.register(
    serviceAreasHandlers(
      createServiceAreasService({
        db: database.db,
        repository: serviceAreasRepository,
        paymentMethods: paymentMethodsRepository,
        storefrontUrl: config.storefrontUrl,
        onlinePaymentsApproved: payments !== null,
      }),
    ),
  );
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

  await app.register(spaPlugin, { root: config.adminDist, storefront: config.storefrontDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * The refund reconciler: refunds whose outcome the gateway never told (they stay pending) are
 * asked about again once the server is ready and then every `everyMs`, one round at a time.
 */
/** Runs `round` on start and every `everyMs` (never two at once), until the server closes. */
function everyInterval(
  app: FastifyInstance,
  name: string,
  round: () => Promise<unknown>,
  everyMs: number,
): void {
  let running: Promise<void> | null = null;
  const run = () =>
    (running ??= round()
      .then(() => undefined)
      .catch((err: unknown) => app.log.warn({ err }, name))
      .finally(() => {
        running = null;
      }));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

function reconcileRefunds(
  app: FastifyInstance,
  rounds: (() => Promise<number>)[],
  everyMs: number,
): void {
  let running: Promise<void> | null = null;
  const round = () => {
    running ??= (async () => {
      for (const settle of rounds) {
        await settle().catch((err: unknown) => app.log.warn({ err }, 'refund reconciliation'));
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void round();
    timer = setInterval(() => void round(), everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
