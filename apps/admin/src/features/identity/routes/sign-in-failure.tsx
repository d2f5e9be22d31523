import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';

/** Spec §2.2 and §8: the sign-in error with its checklist and a link back to login. */
export function SignInFailure() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxInlineSize: 640, marginInline: 'auto', paddingBlockStart: 4 }}>
      <Alert severity="error">
        <AlertTitle component="h1">{t('auth.redirectFailed')}</AlertTitle>
        <Typography variant="body2" component="p">
          {t('auth.login.checklistIntro')}
        </Typography>
        <Typography variant="body2" component="ul" sx={{ marginBlock: 1, paddingInlineStart: 3 }}>
          <li>{t('auth.login.checkInternet')}</li>
          <li>{t('auth.login.checkClock')}</li>
        </Typography>
      </Alert>
      <div>
        <Button component={RouterLink} to={paths.loginLanding} variant="outlined">
          {t('auth.backToLogin')}
        </Button>
      </div>
    </Stack>
  );
}
