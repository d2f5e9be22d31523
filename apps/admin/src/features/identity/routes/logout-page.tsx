import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { discardUser, startSignOut } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { Redirecting } from './login-page.tsx';

/** Spec §2.1: a logging-out message while the sign-out redirect starts. */
export function LogoutPage() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    // Nothing of the session is asked for while the provider forgets it (a refetch answered
    // 401 on the way out).
    void queryClient.cancelQueries();
    startSignOut().catch((error: unknown) => {
      console.error('sign-out redirect failed', error);
      // The provider could not be reached: at least this tab forgets the user.
      void discardUser().catch(() => undefined);
      setFailed(true);
    });
  }, [queryClient]);

  if (!failed) return <Redirecting message={t('auth.logout.signingOut')} />;
  return (
    <Stack spacing={2} sx={{ maxInlineSize: 640, alignItems: 'flex-start' }}>
      <Alert severity="error" sx={{ inlineSize: '100%' }}>
        {t('auth.logout.failed')}
      </Alert>
      <Button component={RouterLink} to={paths.loginLanding} variant="outlined">
        {t('auth.backToLogin')}
      </Button>
    </Stack>
  );
}
