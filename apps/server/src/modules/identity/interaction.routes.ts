import type { FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { Text, type Language } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { AccountService } from './account.service.ts';
import { registerPage } from './account-pages.ts';
import { htmlReply } from './html-reply.ts';
import { cookieValue, KNOWN_DEVICE_COOKIE, type KnownDevices } from './known-device.ts';
import { OIDC_MOUNT } from './oidc-provider.ts';
import type { SignInService } from './sign-in.service.ts';
import {
  messagePage,
  pickLanguage,
  signInPage,
  SIGN_OUT_SCRIPT,
  STYLESHEET,
  UI_ASSETS,
} from './sign-in-pages.ts';

/** B2C's code for "the user has forgotten their password", which the SPA answers (§7.6, §8). */
export const FORGOT_PASSWORD_ERROR = 'AADB2C90118: The user has forgotten their password.';

const SignInForm = z.object({
  email: Text.max(320).catch(''),
  password: Text.max(1024).catch(''),
  lang: Text.max(10).optional().catch(undefined),
  chosen: Text.max(1).optional().catch(undefined),
});
const RegisterForm = SignInForm.extend({ name: Text.max(200).catch('') });
const UidParams = z.object({ uid: Text.min(1).max(64) });
const LangQuery = z.object({ lang: Text.max(10).optional(), chosen: Text.max(1).optional() });

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Our own sign-in page behind the provider's login prompt; consent is implied (first party). */
export const interactionRoutes =
  (
    deps: {
      config: Config;
      signIn: SignInService;
      account: AccountService;
      knownDevices: KnownDevices | undefined;
    },
    provider: Provider,
  ): FastifyPluginAsyncZod =>
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
    const expired = (reply: FastifyReply, lang: Language) =>
      htmlReply(
        reply,
        400,
        messagePage({ lang, title: 'expiredTitle', message: 'expired', appUrl }),
      );
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
      return htmlReply(
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
      return htmlReply(reply, 200, registration(uid, lang, req.query.lang !== undefined));
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
          return htmlReply(
            reply,
            200,
            registration(uid, lang, chosen, { values, errors: result.errors }),
          );
        }
        if (result.outcome === 'taken') {
          return htmlReply(
            reply,
            200,
            registration(uid, lang, chosen, { values, errors: { email: 'emailTaken' } }),
          );
        }
        if (result.outcome === 'limited') {
          reply.header('retry-after', '3600');
          return htmlReply(
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
        htmlReply(
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
