import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { finishSignOut } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { Redirecting } from './login-page.tsx';

/** The provider's sign-out comes back here (spec §2.1); on to the login landing either way. */
export function LogoutCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    finishSignOut()
      .catch((error: unknown) => console.warn('sign-out callback', error))
      .finally(() => {
        if (active) void navigate(paths.loginLanding, { replace: true });
      });
    return () => {
      active = false;
    };
  }, [navigate]);

  return <Redirecting message={t('auth.logout.signingOut')} />;
}
