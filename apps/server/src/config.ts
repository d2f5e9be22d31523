import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { AUDIT_LIMITS, DISCOUNT_CODE_TRIES, DispatchIntegrationType } from '@app/contracts';
import { EMULATED_PROVIDERS } from './integrations/dispatch/emulator.ts';
import type { SmtpConfig } from './integrations/mail/smtp.ts';
import { loadEmulatorKeys, type EmulatorKeys } from './integrations/emulator-keys.ts';
import type { DatabaseTimeouts } from './db/client.ts';
import { readOrCreateDataFile } from './secret-box.ts';

/** Names proxy-addr (Fastify's trustProxy) knows besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const kind = net.isIP(address);
  if (kind === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
}

/** Off, a hop count, or the proxies' addresses/CIDRs; never "every peer" (anyone could pick an address). */
const TrustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const v = (value ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a.length > 0);
    const bad = list.filter((a) => !isAddressOrRange(a));
    if (bad.length > 0 || list.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count or a comma list of proxy addresses/CIDRs (not ${bad.join(', ') || v})`,
      });
      return z.NEVER;
    }
    return list;
  });

/** An AES-256 key given as base64 of 32 bytes. */
const EncryptionKey = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const key = Buffer.from(value, 'base64');
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value) || key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'base64 of 32 bytes (openssl rand -base64 32)' });
      return z.NEVER;
    }
    return key;
  });

const Env = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // The tables' owner, for migrations and the demo seed; DATABASE_URL's user when unset.
  DATABASE_OWNER_URL: z.string().url().optional(),
  // How long start-up keeps trying a PostgreSQL that does not answer before it gives up.
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // PostgreSQL: a statement running longer is cancelled by the server (503 to the request); a
  // server that does not answer at all (frozen, partitioned) is given up by the client a little
  // later and its connection dropped, so a request never hangs on it.
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(15),
  // A session left inside a transaction this long is ended by the server (its locks freed).
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  // TCP keepalive on the pool's connections: a peer gone without a word is noticed.
  DATABASE_KEEPALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // JSON lines for a log collector (production); `pretty`, a readable line per request for a
  // person at a terminal (`npm start`'s demo).
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  ADMIN_DIST: z.string().optional(),
  // The built customer storefront, served under /store.
  STOREFRONT_DIST: z.string().optional(),
  // The demo tenants and their published sign-ins, loaded into an empty database: `npm start`
  // turns it on; a server run alone never seeds.
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // With SEED_DEMO: a week of past orders and table payments, placed through the real
  // calls at the first start (the dashboard and the reports have something to show).
  SEED_DEMO_ACTIVITY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // An external OpenID Connect issuer; unset means the embedded provider under /oidc.
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('admin-spa'),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_SCOPE: z.string().min(1).optional(),
  OIDC_ROLE_CLAIM: z.string().min(1).default('extension_role'),
  OIDC_EMAIL_CLAIM: z.string().min(1).default('email'),
  OIDC_JWKS_URI: z.string().url().optional(),
  // Where the SPA sends a user who chose "forgot password" at the issuer (B2C's AADB2C90118).
  OIDC_PASSWORD_RESET_URL: z.string().url().optional(),
  // Extra SPA origins the embedded provider accepts redirects to (the Vite dev server).
  OIDC_DEV_ORIGINS: z.string().optional(),
  // Encrypts the embedded provider's signing keys in the database (AES-256-GCM).
  OIDC_KEYS_ENCRYPTION_KEY: EncryptionKey,
  // Encrypts third-party credentials in the database (HubRise access tokens); unset: a key
  // generated in DATA_DIR at the first start.
  SECRETS_ENCRYPTION_KEY: EncryptionKey,
  // While rotating either key above: the one of before, that values at rest may still be
  // sealed under; at start they are sealed again under the new one.
  ENCRYPTION_KEY_PREVIOUS: EncryptionKey,
  // Public order intake: orders one client address may place per window (the rest get 429).
  INTAKE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  INTAKE_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Public reads (storefront, menu, table QR, order status): requests one address may make per window.
  PUBLIC_READ_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  PUBLIC_READ_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  TRUST_PROXY: TrustProxy,
  // 'production': the server refuses to start with the demo data, an emulator or the mail
  // capture switched on (each of them is off unless set).
  NODE_ENV: z.string().optional(),
  // Where the public storefront lives (the branch profile's ordering links).
  STOREFRONT_URL: z.string().url().optional(),
  // Online payments: the card gateway's API, its keys, and the URL storefronts get tokens at.
  PAYMENT_GATEWAY_URL: z.string().url().optional(),
  PAYMENT_GATEWAY_SECRET_KEY: z.string().min(1).optional(),
  PAYMENT_GATEWAY_PUBLISHABLE_KEY: z.string().min(1).optional(),
  PAYMENT_GATEWAY_TOKEN_URL: z.string().url().optional(),
  // How long a gateway call may go unanswered, and how often refunds left without an answer
  // are asked about again (also once at start).
  PAYMENT_GATEWAY_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
  PAYMENT_REFUND_RECONCILE_SECONDS: z.coerce.number().min(1).max(86_400).default(60),
  // Serve the gateway's local emulator under /emulators/card-gateway (off unless set; the demo
  // sets it) and, without PAYMENT_GATEWAY_URL, pay through it.
  PAYMENT_GATEWAY_EMULATOR: z.enum(['true', 'false']).optional(),
  // Driver dispatch providers and Talabat Express's outlet API: DISPATCH_<PROVIDER>_URL,
  // _API_KEY and _SUPPORT_PHONE (see DISPATCH_ENV), checked in dispatchConfig.
  // Serve the providers' emulator under /emulators/dispatch and use it for every provider
  // without a URL (off unless set; the demo sets it).
  DISPATCH_EMULATOR: z.enum(['true', 'false']).optional(),
  DISPATCH_EMULATOR_STEP_SECONDS: z.coerce.number().min(0.01).max(3600).default(20),
  // HubRise's API (POS mapping); each tenant's catalog and token are in pos_connections.
  HUBRISE_API_URL: z.string().url().optional(),
  // Serve HubRise's emulator under /emulators/hubrise and use it (off unless set; the demo
  // sets it).
  HUBRISE_EMULATOR: z.enum(['true', 'false']).optional(),
  // A Star printer polling this server for each Al Bayt branch, its prints shown at
  // /emulators/printers (off unless set; the demo sets it).
  PRINTER_EMULATOR: z.enum(['true', 'false']).optional(),
  // E-mail (password reset, address verification) through an SMTP server.
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // true: TLS from the first byte (465); false: STARTTLS when offered (587).
  SMTP_SECURE: z.enum(['true', 'false']).optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Restaurant back office <no-reply@localhost>'),
  // Keep e-mails in DATA_DIR/mail-outbox and show them at /emulators/mail, to this machine
  // only (off unless set; the demo sets it). Never on a real server.
  MAIL_CAPTURE: z.enum(['true', 'false']).optional(),
  // How long a password reset link works.
  PASSWORD_RESET_LINK_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  // The super admin's unverified tickets: tickets left unaccepted longer than this.
  UNVERIFIED_TICKET_MINUTES: z.coerce.number().int().min(1).max(10_080).default(10),
  // Days the history of changes keeps an entry (issue 38).
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(AUDIT_LIMITS.retentionDaysDefault),
  // Web Push to staff devices: the VAPID key pair (base64url, as web-push makes them); unset, a
  // pair generated in DATA_DIR at the first start. Both or neither.
  PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,90}$/)
    .optional(),
  PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,46}$/)
    .optional(),
  // Who runs this server, for the push services (mailto: or https:); PUBLIC_URL when https.
  PUSH_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/)
    .optional(),
  // Push endpoints beyond the known push services (Google, Mozilla, Apple, Microsoft), as
  // comma-separated origins: a private push service, or a test's own receiver.
  PUSH_ENDPOINT_ORIGINS: z.string().optional(),
});

export type OidcConfig = {
  /** true: our own provider under /oidc is the issuer. */
  embedded: boolean;
  issuer: string;
  clientId: string;
  /** The `aud` the API requires in access tokens. */
  audience: string;
  scope: string;
  roleClaim: string;
  emailClaim: string;
  /** Where the external issuer's keys are; found through discovery when unset. */
  jwksUri: string | undefined;
  /** The issuer's password-reset authorization URL (its policy in path or `p`), if it has one. */
  passwordResetUrl: string | undefined;
  /** Origins besides publicUrl whose /auth/* pages may receive sign-in redirects. */
  spaOrigins: string[];
  /**
   * The AES-256 key the embedded provider's keys are sealed under; unset: the secrets key
   * (SECRETS_ENCRYPTION_KEY or the key file of the data folder).
   */
  keysEncryptionKey: Buffer | undefined;
};

/** The card gateway of online payments; null when online payment is not set up. */
export type PaymentsConfig = {
  baseUrl: string;
  secretKey: string;
  publishableKey: string;
  /** Where a storefront's browser exchanges card details for a token. */
  tokenUrl: string;
  /** This server also serves the gateway's emulator (at /emulators/card-gateway). */
  emulator: boolean;
  /** A call left unanswered this long is given up (its outcome unknown). */
  timeoutMs?: number;
  /** How often refunds whose outcome is unknown are asked about again (default 60 s). */
  reconcileEveryMs?: number;
};

export const EMULATOR_PREFIX = '/emulators/card-gateway';
export const DISPATCH_EMULATOR_PREFIX = '/emulators/dispatch';
export const HUBRISE_EMULATOR_PREFIX = '/emulators/hubrise';
export const HUBRISE_API_URL = 'https://api.hubrise.com/v1';

/**
 * HubRise's API root, and whether this server also serves its emulator there (with the access
 * token of this data folder's that the demo's connections hold).
 */
export type HubriseConfig = { baseUrl: string; emulator: { accessToken: string } | null };

/** The environment name of each dispatch provider: DISPATCH_<NAME>_URL, _API_KEY, _SUPPORT_PHONE. */
export const DISPATCH_ENV: Record<DispatchIntegrationType, string> = {
  THIRDPARTY_TALABAT_EXPRESS: 'TALABAT_EXPRESS',
  THIRDPARTY_TALABAT_EXPRESS_CASHLESS: 'TALABAT_EXPRESS_CASHLESS',
  THIRDPARTY_CAREEM_EXPRESS: 'CAREEM_EXPRESS',
  THIRDPARTY_YALLOW: 'YALLOW',
};

export type DispatchProviderConfig = {
  baseUrl: string;
  apiKey: string;
  /** §4.2: shown in the dispatch panel. */
  supportPhoneNumber: string | null;
};

export type DispatchConfig = {
  /** Providers the server can reach; a branch set to another one cannot dispatch. */
  providers: Partial<Record<DispatchIntegrationType, DispatchProviderConfig>>;
  /** This server also serves the providers' emulator (at /emulators/dispatch). */
  emulator: { apiKey: string; stepMs: number } | null;
};

/** Requests one client address may make to the public order intake per window. */
export type RateLimit = { max: number; windowMs: number };

export const MAIL_OUTBOX_DIR = 'mail-outbox';

/** Where e-mails go: an SMTP server, the local outbox (demo, tests), or nowhere. */
export type MailConfig =
  | ({ kind: 'smtp' } & SmtpConfig)
  | { kind: 'capture'; dir: string; from: string }
  | { kind: 'none' };

export type Config = {
  /** NODE_ENV=production: no demo data, emulator or mail capture (refused at start). */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseOwnerUrl: string | undefined;
  databaseWaitMs: number;
  databaseTimeouts: DatabaseTimeouts;
  publicUrl: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  logFormat: z.infer<typeof Env>['LOG_FORMAT'];
  adminDist: string | undefined;
  storefrontDist: string | undefined;
  seedDemo: boolean;
  seedDemoActivity: boolean;
  oidc: OidcConfig;
  intakeRateLimit: RateLimit;
  publicReadRateLimit: RateLimit;
  /** Different discount codes one address may get refused per tenant and window (contracts). */
  discountCodeTries: RateLimit;
  /** Which peers' X-Forwarded-* to believe (Fastify's trustProxy); false: the socket's address. */
  trustProxy: false | number | string[];
  storefrontUrl: string;
  payments: PaymentsConfig | null;
  dispatch: DispatchConfig;
  hubrise: HubriseConfig;
  /** Emulated Star printers poll this server, one per Al Bayt branch (the demo). */
  printerEmulator: boolean;
  /** SECRETS_ENCRYPTION_KEY; unset: the key file in the data folder (secret-box.ts). */
  secretsEncryptionKey: Buffer | undefined;
  /** ENCRYPTION_KEY_PREVIOUS: the key of before a rotation, still opened, sealed again at start. */
  encryptionKeyPrevious: Buffer | undefined;
  mail: MailConfig;
  /**
   * With an emulator or the mail capture on: the per-start secret that opens their controls
   * and the outbox from another machine (`x-emulator-key` or `?key=`); loopback needs none.
   */
  emulatorControlKey: string | null;
  passwordResetLinkMs: number;
  unverifiedTicketMinutes: number;
  push: PushConfig;
  /** Days the history of changes keeps an entry. */
  auditRetentionDays: number;
};

export type VapidKeys = { publicKey: string; privateKey: string };
export type PushConfig = {
  /** The configured pair, or DATA_DIR's (made at the first call). */
  keys: () => VapidKeys;
  subject: string;
  /** Origins beyond the known push services that subscriptions may name. */
  extraOrigins: string[];
  /** How often each copy looks for orders waiting past their branch's threshold. */
  escalationEveryMs: number;
};

export const VAPID_KEYS_FILE = 'vapid-keys.json';

function pushConfig(e: z.infer<typeof Env>, dataDir: string, publicUrl: string): PushConfig {
  if (Boolean(e.PUSH_VAPID_PUBLIC_KEY) !== Boolean(e.PUSH_VAPID_PRIVATE_KEY)) {
    throw new Error(
      'Invalid configuration:\n  PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY: set both, or neither',
    );
  }
  const extraOrigins = (e.PUSH_ENDPOINT_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      if (!URL.canParse(o))
        throw new Error(`Invalid configuration:\n  PUSH_ENDPOINT_ORIGINS: ${o}`);
      return new URL(o).origin;
    });
  const configured =
    e.PUSH_VAPID_PUBLIC_KEY && e.PUSH_VAPID_PRIVATE_KEY
      ? { publicKey: e.PUSH_VAPID_PUBLIC_KEY, privateKey: e.PUSH_VAPID_PRIVATE_KEY }
      : undefined;
  let generated: VapidKeys | undefined;
  return {
    keys: () =>
      configured ??
      (generated ??= JSON.parse(
        readOrCreateDataFile(dataDir, VAPID_KEYS_FILE, () =>
          JSON.stringify(webpush.generateVAPIDKeys()),
        ),
      ) as VapidKeys),
    subject:
      e.PUSH_VAPID_SUBJECT ??
      (publicUrl.startsWith('https:') ? publicUrl : 'mailto:push@localhost'),
    extraOrigins,
    escalationEveryMs: 30_000,
  };
}

/**
 * Fastify's trustProxy for the setting. Fastify ignores a bare hop count (it cannot tell a proxy
 * from a direct client), so the count becomes a function: deployments where the server is only
 * reachable through its proxies may use it; others list the proxies.
 */
export function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

function paymentsConfig(
  e: z.infer<typeof Env>,
  publicUrl: string,
  keys: () => EmulatorKeys,
): PaymentsConfig | null {
  const emulator = e.PAYMENT_GATEWAY_EMULATOR === 'true';
  const timing = {
    timeoutMs: Math.round(e.PAYMENT_GATEWAY_TIMEOUT_SECONDS * 1000),
    reconcileEveryMs: Math.round(e.PAYMENT_REFUND_RECONCILE_SECONDS * 1000),
  };
  if (e.PAYMENT_GATEWAY_URL) {
    if (!e.PAYMENT_GATEWAY_SECRET_KEY || !e.PAYMENT_GATEWAY_PUBLISHABLE_KEY)
      throw new Error(
        'Invalid configuration:\n  PAYMENT_GATEWAY_URL needs PAYMENT_GATEWAY_SECRET_KEY and PAYMENT_GATEWAY_PUBLISHABLE_KEY',
      );
    const baseUrl = e.PAYMENT_GATEWAY_URL.replace(/\/$/, '');
    return {
      baseUrl,
      secretKey: e.PAYMENT_GATEWAY_SECRET_KEY,
      publishableKey: e.PAYMENT_GATEWAY_PUBLISHABLE_KEY,
      tokenUrl: e.PAYMENT_GATEWAY_TOKEN_URL ?? `${baseUrl}/v1/tokens`,
      emulator,
      ...timing,
    };
  }
  if (!emulator) return null;
  // The server calls its own emulator over loopback HTTP, like any gateway, with a secret key
  // of this data folder's (the publishable one is public by design).
  return {
    baseUrl: `http://127.0.0.1:${e.PORT}${EMULATOR_PREFIX}`,
    secretKey: e.PAYMENT_GATEWAY_SECRET_KEY ?? keys().cardGatewaySecretKey,
    publishableKey: e.PAYMENT_GATEWAY_PUBLISHABLE_KEY ?? 'pk_test_emulator',
    tokenUrl: e.PAYMENT_GATEWAY_TOKEN_URL ?? `${publicUrl}${EMULATOR_PREFIX}/v1/tokens`,
    emulator: true,
    ...timing,
  };
}

function dispatchConfig(
  e: z.infer<typeof Env>,
  env: NodeJS.ProcessEnv,
  keys: () => EmulatorKeys,
): DispatchConfig {
  const problems: string[] = [];
  const given = DispatchIntegrationType.options.map((type) => {
    const name = `DISPATCH_${DISPATCH_ENV[type]}`;
    const url = env[`${name}_URL`]?.trim() || undefined;
    const apiKey = env[`${name}_API_KEY`]?.trim() || undefined;
    const phone = env[`${name}_SUPPORT_PHONE`]?.trim() || undefined;
    if (url && !z.url().safeParse(url).success) problems.push(`${name}_URL: not a URL`);
    if (url && !apiKey) problems.push(`${name}_URL needs ${name}_API_KEY`);
    if (phone && !/^\+[1-9]\d{6,14}$/.test(phone))
      problems.push(`${name}_SUPPORT_PHONE: an E.164 number (+ and digits)`);
    return { type, url, apiKey, phone };
  });
  if (problems.length > 0)
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const emulatorOn = e.DISPATCH_EMULATOR === 'true';
  const emulatorKey = emulatorOn ? keys().dispatchApiKey : '';
  const providers: DispatchConfig['providers'] = {};
  for (const g of given) {
    if (g.url && g.apiKey) {
      providers[g.type] = {
        baseUrl: g.url.replace(/\/$/, ''),
        apiKey: g.apiKey,
        supportPhoneNumber: g.phone ?? null,
      };
    } else if (emulatorOn) {
      // The server calls its own emulator over loopback HTTP, like any provider.
      providers[g.type] = {
        baseUrl: `http://127.0.0.1:${e.PORT}${DISPATCH_EMULATOR_PREFIX}/${EMULATED_PROVIDERS[g.type].path}`,
        apiKey: emulatorKey,
        supportPhoneNumber: g.phone ?? EMULATED_PROVIDERS[g.type].supportPhoneNumber,
      };
    }
  }
  return {
    providers,
    emulator: emulatorOn
      ? {
          apiKey: emulatorKey,
          stepMs: Math.round(e.DISPATCH_EMULATOR_STEP_SECONDS * 1000),
        }
      : null,
  };
}

function hubriseConfig(e: z.infer<typeof Env>, keys: () => EmulatorKeys): HubriseConfig {
  if (e.HUBRISE_EMULATOR !== 'true') {
    return { baseUrl: (e.HUBRISE_API_URL ?? HUBRISE_API_URL).replace(/\/$/, ''), emulator: null };
  }
  // The server calls its own emulator over loopback HTTP, like HubRise itself.
  return {
    baseUrl: `http://127.0.0.1:${e.PORT}${HUBRISE_EMULATOR_PREFIX}/v1`,
    emulator: { accessToken: keys().hubriseAccessToken },
  };
}

function mailConfig(e: z.infer<typeof Env>, dataDir: string): MailConfig {
  if (e.SMTP_HOST) {
    if (e.MAIL_CAPTURE === 'true')
      throw new Error(
        'Invalid configuration:\n  MAIL_CAPTURE: not with SMTP_HOST (one or the other)',
      );
    const secure = e.SMTP_SECURE === 'true';
    return {
      kind: 'smtp',
      host: e.SMTP_HOST,
      port: e.SMTP_PORT ?? (secure ? 465 : 587),
      secure,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      from: e.MAIL_FROM,
    };
  }
  return e.MAIL_CAPTURE === 'true'
    ? { kind: 'capture', dir: path.join(dataDir, MAIL_OUTBOX_DIR), from: e.MAIL_FROM }
    : { kind: 'none' };
}

/** What NODE_ENV=production refuses, each with the setting that turned it on. */
function productionRefusals(e: z.infer<typeof Env>): string[] {
  const refused: [boolean, string][] = [
    [e.SEED_DEMO, 'SEED_DEMO=true loads the demo accounts and their published password'],
    [
      e.PAYMENT_GATEWAY_EMULATOR === 'true',
      'PAYMENT_GATEWAY_EMULATOR=true serves a fake card gateway',
    ],
    [e.DISPATCH_EMULATOR === 'true', 'DISPATCH_EMULATOR=true serves fake dispatch providers'],
    [e.HUBRISE_EMULATOR === 'true', 'HUBRISE_EMULATOR=true serves a fake HubRise'],
    [e.PRINTER_EMULATOR === 'true', 'PRINTER_EMULATOR=true adds emulated printers to the demo'],
    [
      e.MAIL_CAPTURE === 'true',
      'MAIL_CAPTURE=true keeps e-mails (password reset links) readable at /emulators/mail',
    ],
  ];
  return refused.filter(([on]) => on).map(([, why]) => why);
}

export type LoadConfigOptions = {
  /** The emulators' secret keys; by default those of DATA_DIR (made on first use). */
  emulatorKeys?: (dataDir: string) => EmulatorKeys;
};

/** Reads the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: LoadConfigOptions = {},
): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const refused = e.NODE_ENV === 'production' ? productionRefusals(e) : [];
  if (refused.length > 0) {
    throw new Error(
      `Invalid configuration: NODE_ENV=production refuses to start with\n${refused.map((r) => `  ${r}`).join('\n')}\n(docs/deployment.md, "Production minimum")`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const embedded = e.OIDC_ISSUER === undefined;
  // Settings of an external issuer that our own provider would silently ignore.
  const externalOnly = [
    'OIDC_ROLE_CLAIM',
    'OIDC_EMAIL_CLAIM',
    'OIDC_JWKS_URI',
    'OIDC_PASSWORD_RESET_URL',
  ].filter((name) => embedded && env[name] !== undefined && env[name] !== '');
  if (externalOnly.length > 0) {
    throw new Error(
      `Invalid configuration:\n${externalOnly.map((n) => `  ${n}: only used with OIDC_ISSUER (an external issuer), which is not set`).join('\n')}`,
    );
  }
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_OWNER_URL: only used with DATABASE_URL (PostgreSQL), which is not set',
    );
  }
  // None by default: only `npm run dev -w apps/server` (its dev.env) adds the Vite dev server.
  const devOrigins = e.OIDC_DEV_ORIGINS ?? '';
  const dataDir = path.resolve(e.DATA_DIR);
  // Read (or made) only when an emulator is on: a production start touches no such file.
  let emulatorKeys: EmulatorKeys | undefined;
  const keys = () => (emulatorKeys ??= (options.emulatorKeys ?? loadEmulatorKeys)(dataDir));
  const payments = paymentsConfig(e, publicUrl, keys);
  const dispatch = dispatchConfig(e, env, keys);
  const hubrise = hubriseConfig(e, keys);
  const mail = mailConfig(e, dataDir);
  const emulated =
    payments?.emulator === true ||
    dispatch.emulator !== null ||
    hubrise.emulator !== null ||
    e.PRINTER_EMULATOR === 'true' ||
    mail.kind === 'capture';
  const config: Config = {
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    databaseWaitMs: e.DATABASE_WAIT_SECONDS * 1000,
    databaseTimeouts: {
      statementMs: Math.round(e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
      idleInTransactionMs: Math.round(e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000),
      keepAliveMs: e.DATABASE_KEEPALIVE_SECONDS * 1000,
    },
    publicUrl,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    // Relative paths are from the working directory, as a shell user means them.
    adminDist: e.ADMIN_DIST ? path.resolve(e.ADMIN_DIST) : undefined,
    storefrontDist: e.STOREFRONT_DIST ? path.resolve(e.STOREFRONT_DIST) : undefined,
    seedDemo: e.SEED_DEMO,
    seedDemoActivity: e.SEED_DEMO_ACTIVITY,
    storefrontUrl: (e.STOREFRONT_URL ?? `${publicUrl}/store`).replace(/\/$/, ''),
    payments,
    dispatch,
    hubrise,
    printerEmulator: e.PRINTER_EMULATOR === 'true',
    secretsEncryptionKey: e.SECRETS_ENCRYPTION_KEY,
    encryptionKeyPrevious: e.ENCRYPTION_KEY_PREVIOUS,
    mail,
    emulatorControlKey: emulated ? randomBytes(18).toString('base64url') : null,
    passwordResetLinkMs: e.PASSWORD_RESET_LINK_MINUTES * 60_000,
    unverifiedTicketMinutes: e.UNVERIFIED_TICKET_MINUTES,
    push: pushConfig(e, dataDir, publicUrl),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    intakeRateLimit: {
      max: e.INTAKE_RATE_LIMIT_MAX,
      windowMs: e.INTAKE_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    publicReadRateLimit: {
      max: e.PUBLIC_READ_RATE_LIMIT_MAX,
      windowMs: e.PUBLIC_READ_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    discountCodeTries: { ...DISCOUNT_CODE_TRIES },
    trustProxy: e.TRUST_PROXY,
    oidc: {
      embedded,
      // An external issuer is kept exactly as given: some end in '/' and `iss` must match.
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE ?? (embedded ? `${publicUrl}/api` : e.OIDC_CLIENT_ID),
      scope: e.OIDC_SCOPE ?? 'openid profile email offline_access',
      // Our own provider always names the role claim as the spec does.
      roleClaim: embedded ? 'extension_role' : e.OIDC_ROLE_CLAIM,
      emailClaim: embedded ? 'email' : e.OIDC_EMAIL_CLAIM,
      jwksUri: e.OIDC_JWKS_URI,
      passwordResetUrl: e.OIDC_PASSWORD_RESET_URL,
      keysEncryptionKey: e.OIDC_KEYS_ENCRYPTION_KEY,
      spaOrigins: [
        ...new Set(
          devOrigins
            .split(',')
            .map((o) => o.trim().replace(/\/$/, ''))
            .filter((o) => o.length > 0 && o !== publicUrl),
        ),
      ],
    },
  };
  return config;
}
