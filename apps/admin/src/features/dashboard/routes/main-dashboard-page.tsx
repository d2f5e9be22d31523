import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { localize } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, mayOpen } from '../../../lib/route-access.ts';
import { useCurrentTenant, useSession } from '../../../lib/session.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { BUILT_PAGES, paths } from '../../../lib/paths.ts';

const QUICK_LINKS = [
  { label: 'nav.liveOrders', path: paths.liveOrders },
  { label: 'nav.allTicketsReport', path: paths.allTicketsReport },
  { label: 'nav.discounts', path: paths.discounts },
  { label: 'nav.acceptOrders', path: paths.acceptOrders },
  { label: 'nav.branchSettings', path: paths.branchSettings },
] as const;

/** The dashboard's content is not specified: a welcome with the tenant and quick links. */
export function MainDashboardPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const { user } = session;
  const tenant = useCurrentTenant();
  const subject = accessSubjectOf(session);
  const links = QUICK_LINKS.filter(
    (link) => BUILT_PAGES.has(link.path) && mayOpen(link.path, subject),
  );

  return (
    <Stack spacing={3} sx={{ maxInlineSize: 960 }}>
      <Typography variant="h4" component="h1">
        {t('dashboard.title')}
      </Typography>
      <Card>
        <CardContent sx={{ padding: 3 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {t('dashboard.welcome', { name: user?.name ?? '' })}
          </Typography>
          {tenant && (
            <Typography color="text.secondary">
              {t('dashboard.tenant', { tenant: localize(tenant.localizedName, lang) })}
            </Typography>
          )}
        </CardContent>
      </Card>
      {links.length > 0 && (
        <section aria-labelledby="dashboard-quick-links">
          <Typography id="dashboard-quick-links" variant="h6" component="h2" gutterBottom>
            {t('dashboard.quickLinks')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            {links.map((link) => (
              <Button key={link.path} component={RouterLink} to={link.path} variant="outlined">
                {t(link.label)}
              </Button>
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}
