import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { identityRoutes, Text, type Language } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { Config } from '../../config.ts';
import { OIDC_MOUNT } from './oidc-provider.ts';
import { cookieValue, KNOWN_DEVICE_COOKIE, type KnownDevices } from './known-device.ts';
import type { SignInService } from './sign-in.service.ts';
import {
  messagePage,
  pickLanguage,
  signInPage,
  SIGN_OUT_SCRIPT,
  STYLESHEET,
  UI_ASSETS,
} from './sign-in-pages.ts';

export type IdentityDeps = {
  config: Config;
  /** Absent when an external issuer is configured. */
  provider: Provider | undefined;
  signIn: SignInService;
  knownDevices: KnownDevices | undefined;
  sweep: () => Promise<void>;
};

const SWEEP_EVERY_MS = 10 * 60 * 1000;

const SignInForm = z.object({
  email: Text.max(320).catch(''),
  password: Text.max(1024).catch(''),
  lang: Text.max(10).optional().catch(undefined),
});
const UidParams = z.object({ uid: Text.min(1).max(64) });
const LangQuery = z.object({ lang: Text.max(10).optional() });

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Public sign-in configuration for the SPA, and the embedded provider with its pages. */
export const identityHandlers =
  (deps: IdentityDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, provider } = deps;

    handle(app, identityRoutes.authConfig, async () => ({
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      scope: config.oidc.scope,
      audience: config.oidc.audience,
      roleClaim: config.oidc.roleClaim,
      passwordResetUrl: config.oidc.passwordResetUrl ?? null,
    }));

    const timer = setInterval(() => {
      deps.sweep().catch((err: unknown) => app.log.warn({ err }, 'identity sweep failed'));
    }, SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    if (!provider) return;
    await app.register(interactionRoutes(deps, provider));
    await app.register(providerMount(provider));
  };

/** Our own sign-in page behind the provider's login prompt; consent is implied (first party). */
const interactionRoutes =
  (deps: IdentityDeps, provider: Provider): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, signIn, knownDevices } = deps;
    const appUrl = `${config.publicUrl}/auth/loginlanding`;
    await app.register(formbody);

    const hidden = { schema: { hide: true } };
    app.get(UI_ASSETS.stylesheet, hidden, async (_req, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(STYLESHEET),
    );
    app.get(UI_ASSETS.signOutScript, hidden, async (_req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(SIGN_OUT_SCRIPT),
    );

    const details = async (req: FastifyRequest, reply: FastifyReply, uid: string) => {
      const found: InteractionDetails | undefined = await provider
        .interactionDetails(req.raw, reply.raw)
        .catch(() => undefined);
      return found?.uid === uid ? found : undefined;
    };
    const languageFor = (
      req: FastifyRequest,
      found: InteractionDetails | undefined,
      chosen?: string,
    ) =>
      pickLanguage(
        [chosen, paramOf(found, 'ui_locales'), paramOf(found, 'lang')],
        req.headers['accept-language'],
      );
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(body);
    const expired = (reply: FastifyReply, lang: Language) =>
      html(reply, 400, messagePage({ lang, title: 'expiredTitle', message: 'expired', appUrl }));

    app.get(
      `${OIDC_MOUNT}/interaction/:uid`,
      { schema: { hide: true, params: UidParams, querystring: LangQuery } },
      async (req, reply) => {
        const { uid } = req.params;
        const found = await details(req, reply, uid);
        const lang = languageFor(req, found, req.query.lang);
        if (!found) return expired(reply, lang);
        if (found.prompt.name !== 'login') {
          // Any other prompt (consent) is granted: all our clients are first party.
          const grantId = await autoConsent(provider, found);
          const returnTo = await provider.interactionResult(req.raw, reply.raw, {
            consent: { grantId },
          });
          return reply.redirect(returnTo, 303);
        }
        const hint = paramOf(found, 'login_hint');
        return html(
          reply,
          200,
          signInPage({
            lang,
            pageUrl: `${OIDC_MOUNT}/interaction/${uid}`,
            action: `${OIDC_MOUNT}/interaction/${uid}/login`,
            email: hint,
          }),
        );
      },
    );

    app.post(
      `${OIDC_MOUNT}/interaction/:uid/login`,
      { schema: { hide: true, params: UidParams } },
      async (req, reply) => {
        const { uid } = req.params;
        const form = SignInForm.parse(req.body ?? {});
        const found = await details(req, reply, uid);
        const lang = languageFor(req, found, form.lang);
        if (!found || found.prompt.name !== 'login') return expired(reply, lang);
        const page = (status: number, error: 'invalid' | 'tooMany') =>
          html(
            reply,
            status,
            signInPage({
              lang,
              pageUrl: `${OIDC_MOUNT}/interaction/${uid}`,
              action: `${OIDC_MOUNT}/interaction/${uid}/login`,
              email: form.email,
              error,
            }),
          );
        const device = cookieValue(req.headers.cookie, KNOWN_DEVICE_COOKIE);
        const result = await signIn.signIn(form.email, form.password, req.ip, {
          knownDevice: knownDevices?.recognizes(device, form.email) ?? false,
        });
        if (result.outcome === 'limited') {
          reply.header('retry-after', '900');
          return page(429, 'tooMany');
        }
        if (result.outcome === 'invalid') return page(200, 'invalid');
        if (knownDevices) reply.header('set-cookie', knownDevices.setCookie(device, form.email));
        const returnTo = await provider.interactionResult(
          req.raw,
          reply.raw,
          { login: { accountId: result.userId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );
  };

function paramOf(found: InteractionDetails | undefined, name: string): string | undefined {
  const value = found?.params[name];
  return typeof value === 'string' ? value : undefined;
}

async function autoConsent(provider: Provider, found: InteractionDetails): Promise<string> {
  const { accountId } = found.session ?? {};
  const clientId = paramOf(found, 'client_id');
  if (!accountId || !clientId) throw new Error('interaction without a session or client');
  const grant = found.grantId
    ? ((await provider.Grant.find(found.grantId)) ?? new provider.Grant({ accountId, clientId }))
    : new provider.Grant({ accountId, clientId });
  const details = found.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

/**
 * Hands /oidc/* to the provider (a Koa app) with the raw request: the provider reads the body
 * itself, and sees the path below the mount point with the full one in originalUrl, from which
 * it builds its absolute URLs.
 */
const providerMount =
  (provider: Provider) =>
  async (app: FastifyInstance): Promise<void> => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const callback = provider.callback();
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string; baseUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.baseUrl = OIDC_MOUNT;
      raw.url = url.slice(OIDC_MOUNT.length) || '/';
      if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
      await callback(raw, reply.raw);
    };
    app.all(OIDC_MOUNT, { schema: { hide: true } }, handler);
    app.all(`${OIDC_MOUNT}/*`, { schema: { hide: true } }, handler);
  };
