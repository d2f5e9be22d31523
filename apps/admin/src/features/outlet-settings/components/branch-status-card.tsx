import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import type { BranchOperatingStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { branchStateOf } from '../lib/status-summary.ts';
import { BranchStateChip } from './branch-state-chip.tsx';

export interface BranchStatusCardProps {
  /** The branch's name in the admin's language. */
  name: string;
  status: BranchOperatingStatus;
  /** A save of this branch is on its way: its toggles wait. */
  saving: boolean;
  onChange: (status: BranchOperatingStatus) => void;
  onTestSound: () => void;
  /** Who would hear its orders (BranchListeners), under the toggles. */
  children?: ReactNode;
}

/**
 * One branch on the outlet status screen (spec §2.7, §4.4): 'close outlet' and 'accept
 * orders' are separate toggles; 'accept orders' and its hint are hidden while closed; open
 * and not accepting orders shows a warning. Closing asks first.
 */
export function BranchStatusCard({
  name,
  status,
  saving,
  onChange,
  onTestSound,
  children,
}: BranchStatusCardProps) {
  const { t } = useTranslation('outlet');
  const [confirmingClose, setConfirmingClose] = useState(false);
  const closeHintId = useId();
  const acceptHintId = useId();
  const state = branchStateOf(status);

  return (
    <SectionCard
      heading={(headingId) => (
        <Stack
          direction="row"
          sx={{ gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minInlineSize: 0 }}>
            <Typography
              id={headingId}
              variant="h6"
              component="h2"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            <BranchStateChip state={state} />
          </Stack>
          <Button
            variant="outlined"
            size="small"
            startIcon={<VolumeUpOutlined />}
            onClick={onTestSound}
            aria-label={t('branch.testSoundOf', { branch: name })}
          >
            {t('branch.testSound')}
          </Button>
        </Stack>
      )}
    >
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={status.closed}
              color="error"
              // Not disabled while saving: a disabled switch drops the keyboard focus.
              // Named with its branch: on a page of branches, "Close outlet" alone says not which.
              slotProps={{
                input: {
                  'aria-label': t('branch.closeOutletOf', { branch: name }),
                  'aria-describedby': closeHintId,
                  'aria-disabled': saving || undefined,
                },
              }}
              onChange={(_event, closed) => {
                if (saving) return;
                if (closed) setConfirmingClose(true);
                else onChange({ ...status, closed: false });
              }}
            />
          }
          label={t('branch.closeOutlet')}
        />
        <Typography id={closeHintId} variant="body2" color="text.secondary">
          {t('branch.closeOutletHint')}
        </Typography>
      </div>

      {!status.closed && (
        <div>
          <FormControlLabel
            control={
              <Switch
                checked={status.acceptingOrders}
                slotProps={{
                  input: {
                    'aria-label': t('branch.acceptOrdersOf', { branch: name }),
                    'aria-describedby': acceptHintId,
                    'aria-disabled': saving || undefined,
                  },
                }}
                onChange={(_event, acceptingOrders) => {
                  if (!saving) onChange({ ...status, acceptingOrders });
                }}
              />
            }
            label={t('branch.acceptOrders')}
          />
          <Typography id={acceptHintId} variant="body2" color="text.secondary">
            {t('branch.acceptOrdersHint')}
          </Typography>
        </div>
      )}

      {state === 'notAccepting' && (
        <Alert severity="warning">{t('branch.notAcceptingWarning')}</Alert>
      )}
      {state === 'busy' && <Alert severity="info">{t('branch.busyNote')}</Alert>}
      {children}

      <ConfirmDialog
        open={confirmingClose}
        title={t('confirmClose.title', { branch: name })}
        message={t('confirmClose.message')}
        confirmLabel={t('confirmClose.confirm')}
        cancelLabel={t('confirmClose.cancel')}
        destructive
        onConfirm={() => {
          setConfirmingClose(false);
          onChange({ ...status, closed: true });
        }}
        onClose={() => setConfirmingClose(false)}
      />
    </SectionCard>
  );
}
