import { z } from 'zod';
import path from 'node:path';

const Env = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_DIST: z.string().optional(),
  SEED_DEMO: z
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
  // Extra SPA origins the embedded provider accepts redirects to (the Vite dev server).
  OIDC_DEV_ORIGINS: z.string().optional(),
  NODE_ENV: z.string().optional(),
  // Public order intake: orders one client address may place per window (the rest get 429).
  INTAKE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  INTAKE_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Where the public storefront lives (the branch profile's ordering links).
  STOREFRONT_URL: z.string().url().optional(),
  // Online payments: the card gateway's API, its keys, and the URL storefronts get tokens at.
  PAYMENT_GATEWAY_URL: z.string().url().optional(),
  PAYMENT_GATEWAY_SECRET_KEY: z.string().min(1).optional(),
  PAYMENT_GATEWAY_PUBLISHABLE_KEY: z.string().min(1).optional(),
  PAYMENT_GATEWAY_TOKEN_URL: z.string().url().optional(),
  // Serve the gateway's local emulator under /emulators/card-gateway (default: when no
  // PAYMENT_GATEWAY_URL is set, outside production).
  PAYMENT_GATEWAY_EMULATOR: z.enum(['true', 'false']).optional(),
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
  /** Origins besides publicUrl whose /auth/* pages may receive sign-in redirects. */
  spaOrigins: string[];
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
};

export const EMULATOR_PREFIX = '/emulators/card-gateway';

/** Requests one client address may make to the public order intake per window. */
export type RateLimit = { max: number; windowMs: number };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  adminDist: string | undefined;
  seedDemo: boolean;
  oidc: OidcConfig;
  intakeRateLimit: RateLimit;
  storefrontUrl: string;
  payments: PaymentsConfig | null;
};

function paymentsConfig(e: z.infer<typeof Env>, publicUrl: string): PaymentsConfig | null {
  const emulator =
    e.PAYMENT_GATEWAY_EMULATOR === undefined
      ? !e.PAYMENT_GATEWAY_URL && e.NODE_ENV !== 'production'
      : e.PAYMENT_GATEWAY_EMULATOR === 'true';
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
    };
  }
  if (!emulator) return null;
  // The server calls its own emulator over loopback HTTP, like any gateway.
  return {
    baseUrl: `http://127.0.0.1:${e.PORT}${EMULATOR_PREFIX}`,
    secretKey: e.PAYMENT_GATEWAY_SECRET_KEY ?? 'sk_test_emulator',
    publishableKey: e.PAYMENT_GATEWAY_PUBLISHABLE_KEY ?? 'pk_test_emulator',
    tokenUrl: e.PAYMENT_GATEWAY_TOKEN_URL ?? `${publicUrl}${EMULATOR_PREFIX}/v1/tokens`,
    emulator: true,
  };
}

/** Reads the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const embedded = e.OIDC_ISSUER === undefined;
  const devOrigins =
    e.OIDC_DEV_ORIGINS ?? (e.NODE_ENV === 'production' ? '' : 'http://localhost:5173');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    adminDist: e.ADMIN_DIST,
    seedDemo: e.SEED_DEMO,
    storefrontUrl: (e.STOREFRONT_URL ?? `${publicUrl}/store`).replace(/\/$/, ''),
    payments: paymentsConfig(e, publicUrl),
    intakeRateLimit: {
      max: e.INTAKE_RATE_LIMIT_MAX,
      windowMs: e.INTAKE_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
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
}
