import { useEffect, useEffectEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { localize, type BranchOperatingStatus, type BranchStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { playNotificationSound, unlockNotificationSound } from '../../../lib/notification-sound.ts';
import { useNotify } from '../../../lib/notify.tsx';
import {
  useBranchStatuses,
  useSavingBranches,
  useUpdateBranchStatus,
} from '../api/outlet-status-queries.ts';
import { BranchStatusCard } from '../components/branch-status-card.tsx';
import { BranchListeners } from '../components/branch-listeners.tsx';
import { BranchPrintersSummary } from '../components/branch-printers-summary.tsx';
import { SoundHelpDialog } from '../components/sound-help-dialog.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';

type SoundProblem = 'blocked' | 'unavailable';

/** Open and accepting orders: a branch whose new orders someone must hear and print. */
const takingOrders = (branch: BranchStatus) =>
  !branch.branchOperatingStatus.closed && branch.branchOperatingStatus.acceptingOrders;

const audioExists = () => 'AudioContext' in globalThis || 'webkitAudioContext' in globalThis;

/** Plays the new-order chime from this click, which also unlocks audio for the session. */
async function testSound(): Promise<SoundProblem | null> {
  if (!audioExists()) return 'unavailable';
  const unlocked = await unlockNotificationSound();
  if (!unlocked) return 'blocked';
  return (await playNotificationSound()) ? null : 'blocked';
}

/**
 * settings and settings/branch/operatingstatus (spec §2.7): every branch of the tenant with
 * its test-sound button and its 'close outlet' and 'accept orders' toggles.
 */
export function OutletStatusPage() {
  const { t } = useTranslation('outlet');
  const { tenantId } = useSession();
  const { can } = useTenantSession();
  const lang = useLanguage();
  const notify = useNotify();
  const statuses = useBranchStatuses(tenantId);
  const update = useUpdateBranchStatus(tenantId ?? '');
  const saving = useSavingBranches(tenantId ?? '');
  const [helpOpen, setHelpOpen] = useState(false);
  const [soundProblem, setSoundProblem] = useState<SoundProblem | null>(null);

  const announceLoadFailure = useEffectEvent(() => notify.errorWithRefresh());
  useEffect(() => {
    if (statuses.isError) announceLoadFailure();
  }, [statuses.isError]);

  const save = (branch: BranchStatus, status: BranchOperatingStatus) => {
    const name = localize(branch.branchName, lang);
    update.mutate(
      { branchId: branch.branchId, status },
      {
        onSuccess: () => notify.success(t('snackbar.saved', { branch: name })),
        onError: () => notify.error(t('snackbar.unableToSave')),
      },
    );
  };

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 900 }}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          {t('page.title')}
        </Typography>
        <Typography color="text.secondary">{t('page.intro')}</Typography>
        <Link
          component="button"
          type="button"
          onClick={() => setHelpOpen(true)}
          sx={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <HelpOutlineOutlined fontSize="small" />
          {t('sound.helpLink')}
        </Link>
      </Stack>

      {soundProblem && (
        <Alert
          severity="warning"
          onClose={() => setSoundProblem(null)}
          action={
            soundProblem === 'blocked' ? (
              <Button color="inherit" size="small" onClick={() => setHelpOpen(true)}>
                {t('sound.helpLink')}
              </Button>
            ) : undefined
          }
        >
          {t(`sound.${soundProblem}`)}
        </Alert>
      )}

      <QueryStatus query={statuses} message={t('page.loadFailed')} snackbar={false} />
      {statuses.isSuccess && statuses.data.length === 0 && (
        <Alert severity="info">{t('page.empty')}</Alert>
      )}
      {statuses.data?.map((branch) => (
        <BranchStatusCard
          key={branch.branchId}
          name={localize(branch.branchName, lang)}
          status={branch.branchOperatingStatus}
          saving={saving.has(branch.branchId)}
          onChange={(status) => save(branch, status)}
          onTestSound={() => void testSound().then(setSoundProblem)}
        >
          {tenantId && (
            <BranchListeners
              tenantId={tenantId}
              branchId={branch.branchId}
              takingOrders={takingOrders(branch)}
              canEdit={can('OperatingStatus')}
            />
          )}
          {tenantId && (
            <BranchPrintersSummary
              tenantId={tenantId}
              branchId={branch.branchId}
              takingOrders={takingOrders(branch)}
            />
          )}
        </BranchStatusCard>
      ))}

      <SoundHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Stack>
  );
}
