import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { identityRoutes, outletSignupRoutes } from '@app/contracts';
import { handle } from '../../plugins/handle.ts';
import type { AccountService } from './account.service.ts';
import type { OutletSignupService } from './outlet-signup.service.ts';
import { pickLanguage } from './sign-in-pages.ts';

const mailLanguage = (request: FastifyRequest, lang: string | undefined) =>
  pickLanguage([lang], request.headers['accept-language']);

/** The signed-in user's own account: outlet sign-up, e-mail verification and migration. */
export const accountHandlers =
  (deps: { account: AccountService; signup: OutletSignupService }): FastifyPluginAsync =>
  async (app) => {
    const { account, signup } = deps;
    handle(app, outletSignupRoutes.outletSignup, ({ auth, body }) =>
      signup.signUp(auth.userId, body),
    );
    handle(app, identityRoutes.emailVerificationStatus, ({ auth }) =>
      account.verificationStatus(auth.userId),
    );
    handle(app, identityRoutes.emailVerificationSend, ({ auth, query, request }) =>
      account.sendVerificationEmail(auth.userId, mailLanguage(request, query.lang)),
    );
    handle(app, identityRoutes.emailVerificationMigrate, ({ auth, body, query, request }) =>
      account.migrateLegacyEmail(auth.userId, body, mailLanguage(request, query.lang)),
    );
  };
