import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner.tsx';

/** Shown while the sign-in redirect starts (spec §2.1). */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', paddingBlockStart: 8 }}>
      <Spinner label={t('auth.login.redirecting')} />
      <Typography role="status">{t('auth.login.redirecting')}</Typography>
    </Stack>
  );
}
