import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Trans, useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../../lib/config.ts';
import { paths } from '../../../lib/paths.ts';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxInlineSize: 720, alignItems: 'flex-start' }}>
      <Alert severity="warning" sx={{ inlineSize: '100%' }}>
        <AlertTitle component="h1">{t('auth.unauthorized.title')}</AlertTitle>
        <Trans
          i18nKey="auth.unauthorized.contact"
          values={{ email: SUPPORT_EMAIL }}
          components={{ mail: <Link href={`mailto:${SUPPORT_EMAIL}`} /> }}
        />
      </Alert>
      <Button component={RouterLink} to={paths.loginLanding}>
        {t('auth.backToLogin')}
      </Button>
    </Stack>
  );
}
