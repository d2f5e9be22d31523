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
import { passwordProblem, type AccountService } from './account.service.ts';
import {
  newPasswordPage,
  noticePage,
  registerPage,
  resetRequestPage,
  verifyEmailPage,
  type FieldErrors,
} from './account-pages.ts';
import { spaRedirects } from './oidc-provider.ts';
import {
  messagePage,
  pageText,
  pageTextWith,
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
  account: AccountService;
  knownDevices: KnownDevices | undefined;
  sweep: () => Promise<void>;
};

/** Where the SPA sends "forgot password" (AADB2C90118) when the embedded provider is the issuer. */
export const PASSWORD_RESET_PATH = `${OIDC_MOUNT}/password-reset`;
/** The page a verification e-mail links to (any issuer: the address is ours to verify). */
export const VERIFY_EMAIL_PATH = '/account/verify-email';

/** B2C's code for "the user has forgotten their password", which the SPA answers (§7.6, §8). */
export const FORGOT_PASSWORD_ERROR = 'AADB2C90118: The user has forgotten their password.';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

const SignInForm = z.object({
  email: Text.max(320).catch(''),
  password: Text.max(1024).catch(''),
  lang: Text.max(10).optional().catch(undefined),
  chosen: Text.max(1).optional().catch(undefined),
});
const RegisterForm = SignInForm.extend({ name: Text.max(200).catch('') });
const ResetRequestForm = z.object({
  email: Text.max(320).catch(''),
  lang: Text.max(10).optional().catch(undefined),
});
const NewPasswordForm = z.object({
  token: Text.max(100).catch(''),
  password: Text.max(1024).catch(''),
  confirm: Text.max(1024).catch(''),
  lang: Text.max(10).optional().catch(undefined),
});
const TokenForm = z.object({
  token: Text.max(100).catch(''),
  lang: Text.max(10).optional().catch(undefined),
});
const UidParams = z.object({ uid: Text.min(1).max(64) });
const LangQuery = z.object({ lang: Text.max(10).optional(), chosen: Text.max(1).optional() });
const TokenQuery = z.object({ token: Text.max(100).optional(), lang: Text.max(10).optional() });
const ResetQuery = z.object({
  client_id: Text.max(200).optional(),
  redirect_uri: Text.max(2000).optional(),
  ui_locales: Text.max(50).optional(),
  lang: Text.max(10).optional(),
});

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Public sign-in configuration for the SPA, and the embedded provider with its pages. */
export const identityHandlers =
  (deps: IdentityDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, provider } = deps;

    // Our own reset page when we are the issuer and can send its e-mail.
    const ownReset =
      provider && deps.account.canSendMail ? `${config.publicUrl}${PASSWORD_RESET_PATH}` : null;
    handle(app, identityRoutes.authConfig, async () => ({
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      scope: config.oidc.scope,
      audience: config.oidc.audience,
      roleClaim: config.oidc.roleClaim,
      passwordResetUrl: config.oidc.passwordResetUrl ?? ownReset,
    }));

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

const htmlReply = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // A page reached from an e-mail link must not hand its token to another site.
    .header('referrer-policy', 'no-referrer')
    .send(body);

const hiddenSchema = <Q extends z.ZodObject>(querystring: Q) => ({
  schema: { hide: true, querystring },
});

/** The link of a verification e-mail: a page with a button, then the address is verified. */
const verifyEmailRoutes =
  (deps: IdentityDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { account, config } = deps;
    const appUrl = `${config.publicUrl}/auth/login`;
    await app.register(formbody);
    const invalid = (reply: FastifyReply, lang: Language) =>
      invalidLinkPage(reply, lang, { href: appUrl, label: 'backToApp' });

    app.get(VERIFY_EMAIL_PATH, hiddenSchema(TokenQuery), async (req, reply) => {
      const lang = pickLanguage([req.query.lang], req.headers['accept-language']);
      const email = await account.verificationLinkEmail(req.query.token ?? '');
      if (!email) return invalid(reply, lang);
      const token = req.query.token ?? '';
      return htmlReply(
        reply,
        200,
        verifyEmailPage({ lang, action: VERIFY_EMAIL_PATH, token, email }),
      );
    });

    app.post(VERIFY_EMAIL_PATH, { schema: { hide: true } }, async (req, reply) => {
      const form = TokenForm.parse(req.body ?? {});
      const lang = pickLanguage([form.lang], req.headers['accept-language']);
      const done = await account.verifyEmail(form.token);
      if (done.outcome === 'invalid') return invalid(reply, lang);
      if (done.outcome === 'taken') {
        return htmlReply(
          reply,
          409,
          noticePage({
            lang,
            title: 'verifyTakenTitle',
            message: pageText(lang, 'verifyTaken'),
            link: { href: appUrl, label: 'backToApp' },
          }),
        );
      }
      return htmlReply(
        reply,
        200,
        noticePage({
          lang,
          title: 'verifiedTitle',
          message: pageTextWith(lang, 'verified', { email: done.email }),
          link: { href: appUrl, label: 'backToApp' },
        }),
      );
    });
  };

/**
 * The embedded issuer's password reset (§7.6): the SPA comes here after AADB2C90118 with the
 * B2C parameters; the user asks for a link by e-mail, and the link's page sets a new password
 * once, ending every session of the account.
 */
const passwordResetRoutes =
  (deps: IdentityDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { account, config } = deps;
    const landing = `${config.publicUrl}/auth/loginlanding`;
    const signIn = `${config.publicUrl}/auth/login`;
    const spaOrigins = new Set(spaRedirects(config).redirectUris.map((uri) => new URL(uri).origin));
    await app.register(formbody);

    const unavailable = (reply: FastifyReply, lang: Language) =>
      htmlReply(
        reply,
        503,
        messagePage({ lang, title: 'errorTitle', message: 'error', appUrl: landing }),
      );

    app.get(PASSWORD_RESET_PATH, hiddenSchema(ResetQuery), async (req, reply) => {
      const q = req.query;
      const lang = pickLanguage([q.lang, q.ui_locales], req.headers['accept-language']);
      if (q.client_id !== undefined && q.client_id !== config.oidc.clientId) {
        return htmlReply(
          reply,
          400,
          messagePage({ lang, title: 'errorTitle', message: 'error', appUrl: landing }),
        );
      }
      // Back to the login landing of the SPA that sent the user, when it is one of ours.
      const origin = safeOrigin(q.redirect_uri);
      const appUrl = origin && spaOrigins.has(origin) ? `${origin}/auth/loginlanding` : landing;
      return requestPage(reply, { lang, appUrl });
    });

    app.post(PASSWORD_RESET_PATH, { schema: { hide: true } }, async (req, reply) => {
      const form = ResetRequestForm.parse(req.body ?? {});
      const lang = pickLanguage([form.lang], req.headers['accept-language']);
      const email = form.email.trim();
      if (!z.email().safeParse(email).success) {
        return requestPage(reply, { lang, appUrl: landing, email, error: 'emailInvalid' });
      }
      try {
        await account.requestPasswordReset(email, req.ip, lang);
      } catch (err) {
        req.log.error({ err }, 'password reset e-mail not sent');
        return unavailable(reply, lang);
      }
      const minutes = Math.round(config.passwordResetLinkMs / 60_000);
      return htmlReply(
        reply,
        200,
        noticePage({
          lang,
          title: 'resetSentTitle',
          message: pageTextWith(lang, 'resetSent', { email, minutes }),
          link: { href: landing, label: 'backToApp' },
        }),
      );
    });

    const linkInvalid = (reply: FastifyReply, lang: Language) =>
      invalidLinkPage(reply, lang, {
        href: `${PASSWORD_RESET_PATH}?lang=${lang}`,
        label: 'requestNewLink',
      });
    const NEW_PATH = `${PASSWORD_RESET_PATH}/new`;
    const form = (lang: Language, token: string, email: string, errors?: FieldErrors) =>
      newPasswordPage({ lang, action: NEW_PATH, token, email, errors });

    app.get(NEW_PATH, hiddenSchema(TokenQuery), async (req, reply) => {
      const lang = pickLanguage([req.query.lang], req.headers['accept-language']);
      const token = req.query.token ?? '';
      const email = await account.resetLinkEmail(token);
      if (!email) return linkInvalid(reply, lang);
      return htmlReply(reply, 200, form(lang, token, email));
    });

    app.post(NEW_PATH, { schema: { hide: true } }, async (req, reply) => {
      const body = NewPasswordForm.parse(req.body ?? {});
      const lang = pickLanguage([body.lang], req.headers['accept-language']);
      const email = await account.resetLinkEmail(body.token);
      if (!email) return linkInvalid(reply, lang);
      const errors: FieldErrors = {};
      const problem = passwordProblem(body.password);
      if (problem) errors.password = problem;
      else if (body.confirm !== body.password) errors.confirm = 'passwordsDiffer';
      if (Object.keys(errors).length > 0) {
        return htmlReply(reply, 200, form(lang, body.token, email, errors));
      }
      const outcome = await account.resetPassword(body.token, body.password);
      if (outcome === 'invalid-link') return linkInvalid(reply, lang);
      return htmlReply(
        reply,
        200,
        noticePage({
          lang,
          title: 'resetDoneTitle',
          message: pageTextWith(lang, 'resetDone', {}),
          link: { href: signIn, label: 'signInNow' },
        }),
      );
    });
  };

/** The password reset request page, served and posted at its one path. */
const requestPage = (
  reply: FastifyReply,
  opts: Omit<Parameters<typeof resetRequestPage>[0], 'pageUrl' | 'action'>,
) =>
  htmlReply(
    reply,
    200,
    resetRequestPage({ ...opts, pageUrl: PASSWORD_RESET_PATH, action: PASSWORD_RESET_PATH }),
  );

/** 400: an e-mailed link that is unknown, used or expired, with where to go instead. */
function invalidLinkPage(
  reply: FastifyReply,
  lang: Language,
  link: NonNullable<Parameters<typeof noticePage>[0]['link']>,
) {
  return htmlReply(
    reply,
    400,
    noticePage({
      lang,
      title: 'linkInvalidTitle',
      message: pageTextWith(lang, 'linkInvalid', {}),
      link,
      status: 'alert',
    }),
  );
}

function safeOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Our own sign-in page behind the provider's login prompt; consent is implied (first party). */
const interactionRoutes =
  (deps: IdentityDeps, provider: Provider): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, signIn, knownDevices, account } = deps;
    const appUrl = `${config.publicUrl}/auth/loginlanding`;
    /** An interaction's route (`:uid` for the id) or a link to it. */
    const interactionPath = (uid: string, rest = '') => `${OIDC_MOUNT}/interaction/${uid}${rest}`;
    const route = (rest = '') => interactionPath(':uid', rest);
    /** The interaction's pages: its id in the path, the page language in the query. */
    const pageSchema = { schema: { hide: true, params: UidParams, querystring: LangQuery } };
    /** The links of the sign-in page, keeping the language and whether the user picked it. */
    const signInLinks = (uid: string, lang: Language, chosen: boolean) => {
      const query = chosen ? `?lang=${lang}&chosen=1` : '';
      return {
        pageUrl: interactionPath(uid),
        action: interactionPath(uid, '/login'),
        forgotUrl: account.canSendMail ? interactionPath(uid, `/forgot${query}`) : undefined,
        registerUrl: interactionPath(uid, `/register${query}`),
      };
    };
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
    /** Ends the interaction with `result` and sends the browser back to the provider. */
    const finish = async (
      req: FastifyRequest,
      reply: FastifyReply,
      result: Parameters<Provider['interactionResult']>[2],
    ) => {
      const returnTo = await provider.interactionResult(req.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
      return reply.redirect(returnTo, 303);
    };
    /** Ends the login prompt as this user (the language they picked, if any, remembered). */
    const signedIn = async (
      req: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      pickedLanguage: Language | null,
    ) => {
      await account.recordSignIn(userId, pickedLanguage);
      return finish(req, reply, { login: { accountId: userId } });
    };
    /** This interaction while its login prompt is open (else undefined), and the page language. */
    const loginPrompt = async (
      req: FastifyRequest,
      reply: FastifyReply,
      uid: string,
      chosen?: string,
    ) => {
      const found = await details(req, reply, uid);
      const lang = languageFor(req, found, chosen);
      return { found: found?.prompt.name === 'login' ? found : undefined, lang };
    };

    app.get(route(), pageSchema, async (req, reply) => {
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
      // The page's own language links say ?lang=: the user picked it (the admin follows).
      const chosen = req.query.lang !== undefined;
      return html(
        reply,
        200,
        signInPage({
          lang,
          email: hint,
          chosen,
          ...signInLinks(uid, lang, chosen),
        }),
      );
    });

    // "Forgot your password?": the sign-in ends with B2C's AADB2C90118, which the SPA answers
    // by going to the password reset (the issuer's flow of §7.6, the same for B2C and for us).
    app.get(route('/forgot'), pageSchema, async (req, reply) => {
      const { uid } = req.params;
      const { found, lang } = await loginPrompt(req, reply, uid, req.query.lang);
      if (!found) return expired(reply, lang);
      return finish(req, reply, {
        error: 'access_denied',
        error_description: FORGOT_PASSWORD_ERROR,
      });
    });

    const registration = (
      uid: string,
      lang: Language,
      chosen: boolean,
      extra: Partial<Parameters<typeof registerPage>[0]> = {},
    ) =>
      registerPage({
        lang,
        chosen,
        pageUrl: interactionPath(uid, '/register'),
        action: interactionPath(uid, '/register'),
        signInUrl: interactionPath(uid, chosen ? `?lang=${lang}` : ''),
        ...extra,
      });

    app.get(route('/register'), pageSchema, async (req, reply) => {
      const { uid } = req.params;
      const { found, lang } = await loginPrompt(req, reply, uid, req.query.lang);
      if (!found) return expired(reply, lang);
      return html(reply, 200, registration(uid, lang, req.query.lang !== undefined));
    });

    // Self-registration: the new account is signed in at once and lands on the outlet sign-up.
    app.post(
      route('/register'),
      { schema: { hide: true, params: UidParams } },
      async (req, reply) => {
        const { uid } = req.params;
        const form = RegisterForm.parse(req.body ?? {});
        const { found, lang } = await loginPrompt(req, reply, uid, form.lang);
        const chosen = form.chosen === '1';
        if (!found) return expired(reply, lang);
        const values = { name: form.name, email: form.email };
        const result = await account.register(form, req.ip, lang);
        if (result.outcome === 'invalid') {
          return html(
            reply,
            200,
            registration(uid, lang, chosen, { values, errors: result.errors }),
          );
        }
        if (result.outcome === 'taken') {
          return html(
            reply,
            200,
            registration(uid, lang, chosen, { values, errors: { email: 'emailTaken' } }),
          );
        }
        if (result.outcome === 'limited') {
          reply.header('retry-after', '3600');
          return html(
            reply,
            429,
            registration(uid, lang, chosen, { values, alert: 'tooManyRegistrations' }),
          );
        }
        return signedIn(req, reply, result.userId, chosen ? lang : null);
      },
    );

    app.post(route('/login'), { schema: { hide: true, params: UidParams } }, async (req, reply) => {
      const { uid } = req.params;
      const form = SignInForm.parse(req.body ?? {});
      const { found, lang } = await loginPrompt(req, reply, uid, form.lang);
      if (!found) return expired(reply, lang);
      const chosen = form.chosen === '1';
      const page = (status: number, error: 'invalid' | 'tooMany') =>
        html(
          reply,
          status,
          signInPage({
            lang,
            email: form.email,
            error,
            chosen,
            ...signInLinks(uid, lang, chosen),
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
      return signedIn(req, reply, result.userId, chosen ? lang : null);
    });
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
