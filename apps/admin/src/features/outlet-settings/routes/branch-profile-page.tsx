import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { LIMITS_BRANCH, localize, type PaymentTemplate } from '@app/contracts';
import { HistorySection } from '../../../components/change-history.tsx';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { paths, serviceAreasPath } from '../../../lib/paths.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useBranchProfile } from '../api/branch-settings-queries.ts';
import { BranchProfileFormCard } from '../components/branch-profile-form.tsx';
import { TemplateTab } from '../components/template-tab.tsx';

const TABS: readonly { template: PaymentTemplate; key: 'delivery' | 'pickup' | 'dining' }[] = [
  { template: 'DELIVERY', key: 'delivery' },
  { template: 'PICKUP', key: 'pickup' },
  { template: 'DINING', key: 'dining' },
];

/**
 * §2.7: clicking the Dine-In label 4 times within 8 s opens the branch's service areas (kept
 * for those who know it; the page's "Tables and QR codes" button is the visible way).
 */
function useDineInShortcut(onTrigger: () => void) {
  const clicks = useRef<number[]>([]);
  return () => {
    const now = Date.now();
    clicks.current = [
      ...clicks.current.filter((at) => now - at < LIMITS_BRANCH.dineInShortcutWindowMs),
      now,
    ];
    if (clicks.current.length >= LIMITS_BRANCH.dineInShortcutClicks) {
      clicks.current = [];
      onTrigger();
    }
  };
}

/** settings/profile/{id} (§2.7): back link, name and phone, and the Delivery/Pickup/Dine-In tabs. */
export function BranchProfilePage() {
  const { t } = useTranslation('outlet');
  const { id = '' } = useParams();
  const { tenantId, lang } = useTenantSession();
  const navigate = useNavigate();
  const profile = useBranchProfile(tenantId, id);
  const [tab, setTab] = useState(0);
  const dineInClick = useDineInShortcut(() => void navigate(serviceAreasPath(id)));
  const current = TABS[tab]!;

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 1000 }}>
      <BackLink to={paths.branchSettings} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.back')}
      </BackLink>
      <QueryStatus query={profile} />
      {profile.data && (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {localize(profile.data.branchName, lang)}
            </Typography>
            <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
              <Button
                component={RouterLink}
                to={serviceAreasPath(id)}
                variant="outlined"
                startIcon={<QrCodeIcon />}
                aria-describedby="tables-and-qr-hint"
                sx={{ alignSelf: { xs: 'flex-start', sm: 'flex-end' } }}
              >
                {t('profile.tablesAndQr')}
              </Button>
              <Typography id="tables-and-qr-hint" variant="body2" color="text.secondary">
                {t('profile.tablesAndQrHint')}
              </Typography>
            </Stack>
          </Stack>
          <BranchProfileFormCard
            key={profile.data.branchId}
            tenantId={tenantId}
            profile={profile.data}
          />
          <Paper variant="outlined">
            <Tabs
              value={tab}
              onChange={(_e, next: number) => setTab(next)}
              variant="fullWidth"
              aria-label={t('profile.tabs')}
            >
              {TABS.map(({ key, template }) => (
                <Tab
                  key={key}
                  id={`template-tab-${key}`}
                  aria-controls={`template-panel-${key}`}
                  label={t(`templates.${key}`)}
                  onClick={template === 'DINING' ? dineInClick : undefined}
                />
              ))}
            </Tabs>
            <Stack
              role="tabpanel"
              id={`template-panel-${current.key}`}
              aria-labelledby={`template-tab-${current.key}`}
              sx={{ padding: { xs: 2, sm: 2.5 } }}
            >
              <TemplateTab
                key={current.template}
                tenantId={tenantId}
                profile={profile.data}
                template={current.template}
              />
            </Stack>
          </Paper>
          <HistorySection entityType="branch" entityId={profile.data.branchId} />
        </>
      )}
    </Stack>
  );
}
