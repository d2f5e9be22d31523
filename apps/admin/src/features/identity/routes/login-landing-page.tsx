import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import { useTranslation } from 'react-i18next';
import { startSignIn } from '../../../lib/auth.ts';
import { mirrorInRtl } from '../../../lib/direction.ts';
import { reloadPage } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';

/** Welcome page (spec §2.1, §2.2): Login starts the sign-in redirect; a sign-up link. */
export function LoginLandingPage() {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);

  const login = () => {
    setStarting(true);
    setFailed(false);
    startSignIn().catch((error: unknown) => {
      console.error('sign-in redirect failed', error);
      setStarting(false);
      setFailed(true);
    });
  };

  return (
    <Stack spacing={3} sx={{ maxInlineSize: 640, marginInline: 'auto', paddingBlockStart: 4 }}>
      <Card>
        <CardContent sx={{ padding: { xs: 3, sm: 4 } }}>
          <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="h4" component="h1">
              {t('auth.landing.title')}
            </Typography>
            <Typography color="text.secondary">{t('auth.landing.subtitle')}</Typography>
            {failed && (
              <Alert
                severity="error"
                sx={{ inlineSize: '100%' }}
                action={
                  <Button color="inherit" size="small" onClick={reloadPage}>
                    {t('snackbar.refresh')}
                  </Button>
                }
              >
                {t('auth.redirectFailed')}
              </Alert>
            )}
            <Button
              variant="contained"
              size="large"
              onClick={login}
              disabled={starting}
              startIcon={<LoginOutlined sx={mirrorInRtl} />}
            >
              {t('auth.landing.login')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Alert severity="info" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
        <Typography variant="subtitle2" component="p">
          {t('auth.landing.newHere')}
        </Typography>
        <Typography variant="body2" component="p" sx={{ marginBlock: 0.5 }}>
          {t('auth.landing.signupPitch')}
        </Typography>
        <Link component={RouterLink} to={paths.outletSignup} variant="body2">
          {t('auth.landing.signupLink')}
        </Link>
      </Alert>
    </Stack>
  );
}
