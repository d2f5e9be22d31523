import type { FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Text, type Language } from '@app/contracts';
import type { Config } from '../../config.ts';
import { passwordProblem, type AccountService } from './account.service.ts';
import {
  newPasswordPage,
  noticePage,
  resetRequestPage,
  verifyEmailPage,
  type FieldErrors,
} from './account-pages.ts';
import { htmlReply } from './html-reply.ts';
import { OIDC_MOUNT, spaRedirects } from './oidc-provider.ts';
import { messagePage, pageText, pageTextWith, pickLanguage } from './sign-in-pages.ts';

/** Where the SPA sends "forgot password" (AADB2C90118) when the embedded provider is the issuer. */
export const PASSWORD_RESET_PATH = `${OIDC_MOUNT}/password-reset`;
/** The page a verification e-mail links to (any issuer: the address is ours to verify). */
export const VERIFY_EMAIL_PATH = '/account/verify-email';

type Deps = { config: Config; account: AccountService };

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
const TokenQuery = z.object({ token: Text.max(100).optional(), lang: Text.max(10).optional() });
const ResetQuery = z.object({
  client_id: Text.max(200).optional(),
  redirect_uri: Text.max(2000).optional(),
  ui_locales: Text.max(50).optional(),
  lang: Text.max(10).optional(),
});

const hiddenSchema = <Q extends z.ZodObject>(querystring: Q) => ({
  schema: { hide: true, querystring },
});

/** The link of a verification e-mail: a page with a button, then the address is verified. */
export const verifyEmailRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
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
export const passwordResetRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
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
