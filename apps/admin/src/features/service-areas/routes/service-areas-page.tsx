import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { localize } from '@app/contracts';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { branchProfilePath, serviceAreaPaymentsPath } from '../../../lib/paths.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useBranchName } from '../api/service-areas-queries.ts';
import { LinksPart } from '../components/links-part.tsx';
import { SectionsPart } from '../components/sections-part.tsx';
import { ServiceAreasPart } from '../components/tables-part.tsx';

/** settings/profile/{id}/serviceareas (§2.9): sections, delivery & pickup links, tables. */
export function ServiceAreasPage() {
  const { t } = useTranslation('serviceAreas');
  const { id = '' } = useParams();
  const { tenantId, lang } = useTenantSession();
  const branch = { tenantId, branchId: id };
  const profile = useBranchName(branch);

  return (
    <Stack spacing={3} sx={{ maxInlineSize: 1100 }}>
      <BackLink to={branchProfilePath(id)} sx={{ alignSelf: 'flex-start' }}>
        {t('page.back')}
      </BackLink>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.5}>
          <Typography variant="h5" component="h1">
            {t('page.title')}
          </Typography>
          {profile.data && (
            <Typography color="text.secondary">
              {localize(profile.data.branchName, lang)}
            </Typography>
          )}
        </Stack>
        <Button component={RouterLink} to={serviceAreaPaymentsPath(id)} variant="outlined">
          {t('page.paymentsLink')}
        </Button>
      </Stack>
      <Alert severity="warning">{t('page.warning')}</Alert>
      <SectionsPart branch={branch} />
      <LinksPart branch={branch} />
      <ServiceAreasPart branch={branch} />
    </Stack>
  );
}
