import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { landingPath } from '../../../lib/landing.ts';
import { useSession } from '../../../lib/session.tsx';
import { finishSignIn, NO_MATCHING_STATE, startSignIn } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { Redirecting } from './login-page.tsx';
import { SignInFailure } from './sign-in-failure.tsx';

type Phase =
  { name: 'finishing' } | { name: 'finished'; returnPath: string | null } | { name: 'failed' };

/** A user cancelled at an Azure AD B2C issuer (its code AADB2C90091): back to the landing. */
const CANCELLED_AT_ISSUER = /AADB2C90091/;

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
