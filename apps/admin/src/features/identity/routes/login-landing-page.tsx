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
import { mirrorInRtl } from '../../../lib/direction.ts';
import { paths } from '../../../lib/paths.ts';

export function LoginLandingPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxInlineSize: 640, marginInline: 'auto', paddingBlockStart: 4 }}>
      <Card>
        <CardContent sx={{ padding: 4 }}>
          <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="h4" component="h1">
              {t('auth.landing.title')}
            </Typography>
            <Typography color="text.secondary">{t('auth.landing.subtitle')}</Typography>
            <Button
              component={RouterLink}
              to={paths.login}
              variant="contained"
              size="large"
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
