import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { landingPath } from '../../../lib/landing.ts';
import { useSession } from '../../../lib/session.tsx';
import {
  CANCELLED_AT_ISSUER,
  finishSignIn,
  FORGOT_PASSWORD_AT_ISSUER,
  NO_MATCHING_STATE,
  passwordResetReturn,
  startPasswordReset,
  startSignIn,
} from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { Redirecting } from './login-page.tsx';
import { SignInFailure } from './sign-in-failure.tsx';

type Phase =
  { name: 'finishing' } | { name: 'finished'; returnPath: string | null } | { name: 'failed' };

/**
 * The provider sends the browser back here (spec §2.1): finish the sign-in, then go where the
 * user lands (§2.2). A callback whose state this browser does not hold restarts the sign-in;
 * any other failure shows the sign-in error (§8).
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ name: 'finishing' });

  useEffect(() => {
    let active = true;
    const reset = passwordResetReturn();
    if (reset === 'done') {
      // The password is new and the issuer signed the user in: sign in to the app as usual.
      startSignIn().catch(() => active && setPhase({ name: 'failed' }));
      return () => {
        active = false;
      };
    }
    if (reset === 'left') {
      void navigate(paths.loginLanding, { replace: true });
      return;
    }
    finishSignIn().then(
      ({ returnPath }) => {
        if (active) setPhase({ name: 'finished', returnPath });
      },
      (error: unknown) => {
        if (!active) return;
        const message = error instanceof Error ? error.message : String(error);
        if (message.includes(NO_MATCHING_STATE)) {
          startSignIn().catch(() => setPhase({ name: 'failed' }));
          return;
        }
        if (CANCELLED_AT_ISSUER.test(message)) {
          void navigate(paths.loginLanding, { replace: true });
          return;
        }
        if (FORGOT_PASSWORD_AT_ISSUER.test(message)) {
          startPasswordReset().then(
            (started) => {
              if (!started && active) setPhase({ name: 'failed' });
            },
            () => active && setPhase({ name: 'failed' }),
          );
          return;
        }
        console.error('sign-in callback failed', error);
        setPhase({ name: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [navigate]);

  const signedIn = session.status === 'signedIn';
  const returnPath = phase.name === 'finished' ? phase.returnPath : null;
  const finished = phase.name === 'finished';
  useEffect(() => {
    if (finished && signedIn) void navigate(landingPath(session, returnPath), { replace: true });
  }, [finished, signedIn, session, returnPath, navigate]);

  if (phase.name === 'failed' || (finished && session.status === 'failed')) {
    return <SignInFailure />;
  }
  return <Redirecting message={t('auth.callback.finishing')} />;
}
