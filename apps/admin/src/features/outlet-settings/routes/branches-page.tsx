import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { localize } from '@app/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/load-error.tsx';
import { StorefrontPreviewButton } from '../../../components/storefront-preview-dialog.tsx';
import { branchProfilePath, paths } from '../../../lib/paths.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useBranches, useBranding } from '../api/branch-settings-queries.ts';
import { SettingsCard } from '../components/settings-card.tsx';

const TEMPLATE_KEY = {
  DELIVERY: 'delivery',
  PICKUP: 'pickup',
  DINING: 'dining',
  MENU: 'menu',
} as const;

/** settings/profile (§2.7): a card per branch and the business settings section. */
export function BranchesPage() {
  const { t } = useTranslation('outlet');
  const { tenantId, lang, can } = useTenantSession();
  const branches = useBranches(tenantId);

  return (
    <Stack spacing={3} sx={{ maxInlineSize: 1000 }}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          {t('branches.title')}
        </Typography>
        <Typography color="text.secondary">{t('branches.intro')}</Typography>
      </Stack>
      <QueryStatus query={branches} />
      {branches.isSuccess && branches.data.length === 0 && (
        <Typography color="text.secondary">{t('page.empty')}</Typography>
      )}
      <Box
        component="ul"
        aria-label={t('branches.listLabel')}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: 2,
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {branches.data?.map((b) => {
          const name = localize(b.branchName, lang);
          return (
            <Card component="li" variant="outlined" key={b.branchId} aria-label={name}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Typography>
                {b.phoneNumber && (
                  <Typography color="text.secondary">
                    <span dir="ltr">{b.phoneNumber}</span>
                  </Typography>
                )}
                <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', marginBlockStart: 1 }}>
                  {b.checkoutTemplates.map((tpl) => (
                    <Chip key={tpl} size="small" label={t(`templates.${TEMPLATE_KEY[tpl]}`)} />
                  ))}
                  {b.checkoutTemplates.length === 0 && (
                    <Chip size="small" color="warning" label={t('branches.noTemplates')} />
                  )}
                </Stack>
              </CardContent>
              <CardActions>
                <Button
                  component={RouterLink}
                  to={branchProfilePath(b.branchId)}
                  startIcon={<EditOutlinedIcon />}
                  aria-label={t('branches.editOf', { branch: name })}
                >
                  {t('branches.edit')}
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </Box>
      <BusinessSettings tenantId={tenantId} canBrand={can('Branding')} />
    </Stack>
  );
}

function BusinessSettings({ tenantId, canBrand }: { tenantId: string; canBrand: boolean }) {
  const { t } = useTranslation('outlet');
  const { lang } = useTenantSession();
  const branding = useBranding(tenantId);
  return (
    <SettingsCard title={t('branches.business')}>
      {branding.data && (
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              inlineSize: 32,
              blockSize: 32,
              borderRadius: '50%',
              bgcolor: branding.data.theme.primaryHex,
              border: 1,
              borderColor: 'divider',
            }}
          />
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {localize(branding.data.localizedName, lang)}
          </Typography>
        </Stack>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <StorefrontPreviewButton label={t('branches.preview')} />
        {canBrand && (
          <Button
            component={RouterLink}
            to={paths.branding}
            variant="contained"
            startIcon={<PaletteOutlinedIcon />}
          >
            {t('branding.title')}
          </Button>
        )}
      </Stack>
    </SettingsCard>
  );
}
