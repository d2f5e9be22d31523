import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { localize } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button.tsx';
import { SmallDialog } from '../../../components/dialog-parts.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/notify.tsx';
import {
  devicePush,
  pushSupported,
  PushRefused,
  turnOffPush,
  turnOnPush,
  type DevicePush,
} from '../../../lib/push.ts';
import { useCurrentTenant, useSession } from '../../../lib/session.tsx';

type Problem = 'unsupported' | 'denied' | 'failed' | 'pickBranch';

/**
 * Live orders' "Notify this device" (issue 36): new orders of the chosen branches shown as the
 * device's notifications through Web Push, with Live orders closed or the screen asleep.
 */
export function DeviceNotifications() {
  const { t } = useTranslation('tickets');
  const lang = useLanguage();
  const tenant = useCurrentTenant();
  const { profile } = useSession();
  const notify = useNotify();
  const titleId = useId();
  const tenantId = tenant?.tenantId;
  const branches = profile?.tenantId === tenantId ? (profile?.branchProfiles ?? []) : [];
  const [device, setDevice] = useState<DevicePush | null>(() =>
    tenantId ? devicePush(tenantId) : null,
  );
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  if (!tenantId || branches.length === 0) return null;

  const names = (ids: string[]) =>
    branches
      .filter((b) => ids.includes(b.branchId))
      .map((b) => localize(b.branchName, lang))
      .join(' · ');

  const show = () => {
    setChosen(device?.branchIds ?? branches.map((b) => b.branchId));
    setProblem(pushSupported() ? null : 'unsupported');
    setOpen(true);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      setOpen(false);
    } catch (error) {
      setProblem(error instanceof PushRefused ? error.reason : 'failed');
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () => {
    if (chosen.length === 0) return setProblem('pickBranch');
    void run(async () => {
      setDevice(await turnOnPush(tenantId, chosen, lang));
      notify.success(t('push.turnedOn'));
    });
  };

  const turnOff = () =>
    void run(async () => {
      await turnOffPush(tenantId);
      setDevice(null);
      notify.info(t('push.turnedOff'));
    });

  return (
    <>
      <Button
        variant={device ? 'contained' : 'outlined'}
        color="primary"
        startIcon={device ? <NotificationsActiveOutlined /> : <NotificationsNoneOutlined />}
        onClick={show}
        aria-haspopup="dialog"
        sx={{ alignSelf: 'flex-start', flexShrink: 0 }}
      >
        {t('push.button')}
      </Button>
      <SmallDialog titleId={titleId} busy={busy} open={open} onClose={() => setOpen(false)}>
        <DialogTitle id={titleId}>{t('push.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('push.intro')}</DialogContentText>
          {device && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {t('push.on', { branches: names(device.branchIds) })}
            </Alert>
          )}
          {problem && (
            <Alert severity={problem === 'pickBranch' ? 'warning' : 'error'} sx={{ mb: 2 }}>
              {t(`push.${problem}`)}
            </Alert>
          )}
          {problem !== 'unsupported' && (
            <FormGroup>
              <FormLabel component="legend">{t('push.branches')}</FormLabel>
              {branches.map((branch) => (
                <FormControlLabel
                  key={branch.branchId}
                  label={localize(branch.branchName, lang)}
                  control={
                    <Checkbox
                      checked={chosen.includes(branch.branchId)}
                      onChange={(event) =>
                        setChosen(
                          event.target.checked
                            ? [...chosen, branch.branchId]
                            : chosen.filter((id) => id !== branch.branchId),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
        </DialogContent>
        <DialogActions>
          {device && (
            <Button
              color="error"
              disabled={busy}
              onClick={turnOff}
              sx={{ marginInlineEnd: 'auto' }}
            >
              {t('push.turnOff')}
            </Button>
          )}
          <Button disabled={busy} onClick={() => setOpen(false)}>
            {t('push.cancel')}
          </Button>
          {problem !== 'unsupported' && (
            <BusyButton variant="contained" busy={busy} onClick={turnOn}>
              {device ? t('push.update') : t('push.turnOn')}
            </BusyButton>
          )}
        </DialogActions>
      </SmallDialog>
    </>
  );
}
