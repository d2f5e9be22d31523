import { Link as RouterLink, Navigate } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { Trans, useTranslation } from 'react-i18next';
import { landingPath } from '../../../lib/landing.ts';
import { useSession } from '../../../lib/session.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { SUPPORT_EMAIL } from '../../../lib/config.ts';
import { mirrorInRtl } from '../../../lib/direction.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * signup/outlet-signup-profile. Self-service outlet sign-up is not built yet, so this page
 * says so plainly: to a signed-in user without an outlet (where sign-in sends them, spec §2.2)
 * and to a visitor following the landing's sign-up link. No form pretends to work.
 */
export function OutletSignupPage() {
  const { t } = useTranslation();
  const session = useSession();

  if (session.status === 'loading') return <Spinner />;
  const signedIn = session.user !== null;
  // Someone who already works in a tenant (or on the platform) has nothing to sign up for.
  const landing = landingPath(session, null);
  if (signedIn && landing !== paths.outletSignup) return <Navigate to={landing} replace />;

  const contact = (
    <Trans
      i18nKey="signup.contact"
      values={{ email: SUPPORT_EMAIL }}
      components={{ mail: <Link href={`mailto:${SUPPORT_EMAIL}`} /> }}
    />
  );

  return (
    <Card sx={{ maxInlineSize: 640, marginInline: 'auto', marginBlockStart: 4 }}>
      <CardContent sx={{ padding: { xs: 3, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h4" component="h1">
            {t(signedIn ? 'signup.noOutlet.title' : 'signup.comingSoon.title')}
          </Typography>
          <Typography>
            {signedIn
              ? t('signup.noOutlet.body', { account: session.user?.email ?? '' })
              : t('signup.comingSoon.body')}
          </Typography>
          <Typography color="text.secondary">{contact}</Typography>
          {signedIn ? (
            <Button
              component={RouterLink}
              to={paths.logout}
              variant="outlined"
              startIcon={<LogoutOutlined sx={mirrorInRtl} />}
            >
              {t('nav.logout')}
            </Button>
          ) : (
            <Button component={RouterLink} to={paths.loginLanding} variant="outlined">
              {t('auth.backToLogin')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
