import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HeadphonesOutlined from '@mui/icons-material/HeadphonesOutlined';
import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PUSH_LIMITS, pushRoutes } from '@app/contracts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { useNotify } from '../../../lib/notify.tsx';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client.ts';
import { outletKeys } from '../api/outlet-status-queries.ts';

/** Screens come and go: asked again every 30 s, as the hub hears from them. */
export const LISTENERS_POLL_MS = 30_000;

/**
 * Who would hear a new order of the branch (issue 36): the open screens, how many with their
 * chime on, and the devices told by push; a warning when a branch taking orders has nobody.
 */
export function BranchListeners({
  tenantId,
  branchId,
  takingOrders,
  canEdit,
}: {
  tenantId: string;
  branchId: string;
  takingOrders: boolean;
  /** Managers and owners set how long an order may wait before they are pushed again. */
  canEdit: boolean;
}) {
  const { t } = useTranslation('outlet');
  const key = [...outletKeys.all(tenantId), 'listeners', branchId];
  const listeners = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      callApi(pushRoutes.listeners, { params: { tenantId, branchId } }, { signal }),
    refetchInterval: LISTENERS_POLL_MS,
  });
  if (!listeners.data) return null;
  const { screens, pushDevices, listening } = listeners.data;
  const withSound = screens.filter((screen) => screen.soundOn).length;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <HeadphonesOutlined fontSize="small" color="action" />
        <Typography variant="body2">
          {t('listeners.screens', { count: screens.length, sound: withSound })}
          {' · '}
          {t('listeners.devices', { count: pushDevices.length })}
        </Typography>
      </Stack>
      {!listening && takingOrders && <Alert severity="warning">{t('listeners.nobody')}</Alert>}
      <EscalationField
        key={listeners.data.escalateAfterMinutes}
        tenantId={tenantId}
        branchId={branchId}
        minutes={listeners.data.escalateAfterMinutes}
        canEdit={canEdit}
        queryKey={key}
      />
    </Stack>
  );
}

/** "Alert managers when an order waits [n] minutes", saved on Save (1 to 60). */
function EscalationField({
  tenantId,
  branchId,
  minutes,
  canEdit,
  queryKey,
}: {
  tenantId: string;
  branchId: string;
  minutes: number;
  canEdit: boolean;
  queryKey: readonly unknown[];
}) {
  const { t } = useTranslation('outlet');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(minutes));
  const number = Number(value);
  const valid =
    Number.isInteger(number) &&
    number >= PUSH_LIMITS.escalateAfterMinutesMin &&
    number <= PUSH_LIMITS.escalateAfterMinutesMax;
  const save = useMutation({
    mutationFn: () =>
      callApi(pushRoutes.setEscalation, {
        params: { tenantId, branchId },
        body: { escalateAfterMinutes: number },
      }),
    onSuccess: () => {
      notify.success(t('listeners.escalationSaved'));
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: () => notify.error(t('snackbar.unableToSave')),
  });
  if (!canEdit) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('listeners.escalation', { minutes })}
      </Typography>
    );
  }
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (valid) save.mutate();
      }}
    >
      <TextField
        size="small"
        type="number"
        label={t('listeners.escalationLabel')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={!valid}
        helperText={
          valid
            ? t('listeners.escalationHint')
            : t('listeners.escalationRange', {
                min: PUSH_LIMITS.escalateAfterMinutesMin,
                max: PUSH_LIMITS.escalateAfterMinutesMax,
              })
        }
        slotProps={{
          htmlInput: {
            min: PUSH_LIMITS.escalateAfterMinutesMin,
            max: PUSH_LIMITS.escalateAfterMinutesMax,
          },
        }}
        sx={{ inlineSize: 260 }}
      />
      <BusyButton
        type="submit"
        variant="outlined"
        busy={save.isPending}
        disabled={!valid || number === minutes}
      >
        {t('listeners.save')}
      </BusyButton>
    </Stack>
  );
}
