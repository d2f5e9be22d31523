import { useEffect, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner.tsx';
import { startSignIn } from '../../../lib/auth.ts';
import { SignInFailure } from './sign-in-failure.tsx';

/** Shown while the sign-in redirect starts (spec §2.1); its failure shows the checklist. */
export function LoginPage() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    startSignIn().catch((error: unknown) => {
      console.error('sign-in redirect failed', error);
      setFailed(true);
    });
  }, []);

  if (failed) return <SignInFailure />;
  return <Redirecting message={t('auth.login.redirecting')} />;
}

export function Redirecting({ message }: { message: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', paddingBlockStart: 8 }}>
      <Spinner label={message} />
      <Typography role="status">{message}</Typography>
    </Stack>
  );
}
