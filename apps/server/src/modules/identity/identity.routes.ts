import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UNTIL_RESTART_CACHE } from '../../plugins/spa.ts';
import type Provider from 'oidc-provider';
import { identityRoutes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { Config } from '../../config.ts';
import type { AccountService } from './account.service.ts';
import {
  PASSWORD_RESET_PATH,
  passwordResetRoutes,
  verifyEmailRoutes,
} from './email-link.routes.ts';
import { interactionRoutes } from './interaction.routes.ts';
import type { KnownDevices } from './known-device.ts';
import { providerMount } from './provider-mount.ts';
import type { SignInService } from './sign-in.service.ts';

export type IdentityDeps = {
  config: Config;
  /** Absent when an external issuer is configured. */
  provider: Provider | undefined;
  signIn: SignInService;
  account: AccountService;
  knownDevices: KnownDevices | undefined;
  sweep: () => Promise<void>;
};

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Public sign-in configuration for the SPA, and the embedded provider with its pages: the
 * e-mailed links' pages (email-link.routes.ts), the sign-in and registration pages behind the
 * provider's login prompt (interaction.routes.ts) and the provider itself (provider-mount.ts).
 */
export const identityHandlers =
  (deps: IdentityDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, provider } = deps;

    // Our own reset page when we are the issuer and can send its e-mail.
    const ownReset =
      provider && deps.account.canSendMail ? `${config.publicUrl}${PASSWORD_RESET_PATH}` : null;
    // The same until the server restarts: the SPA's second start after the provider's redirect
    // reads it from the cache.
    handle(app, identityRoutes.authConfig, async ({ reply }) => {
      reply.header('cache-control', UNTIL_RESTART_CACHE);
      return {
        authority: config.oidc.issuer,
        clientId: config.oidc.clientId,
        scope: config.oidc.scope,
        audience: config.oidc.audience,
        roleClaim: config.oidc.roleClaim,
        passwordResetUrl: config.oidc.passwordResetUrl ?? ownReset,
      };
    });

    const timer = setInterval(() => {
      deps.sweep().catch((err: unknown) => app.log.warn({ err }, 'identity sweep failed'));
    }, SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    await app.register(verifyEmailRoutes(deps));
    if (!provider) return;
    await app.register(interactionRoutes(deps, provider));
    await app.register(passwordResetRoutes(deps));
    await app.register(providerMount(provider));
  };
