import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HeadphonesOutlined from '@mui/icons-material/HeadphonesOutlined';
import { useQuery } from '@tanstack/react-query';
import { pushRoutes } from '@app/contracts';
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
}: {
  tenantId: string;
  branchId: string;
  takingOrders: boolean;
}) {
  const { t } = useTranslation('outlet');
  const listeners = useQuery({
    queryKey: [...outletKeys.all(tenantId), 'listeners', branchId],
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
    </Stack>
  );
}
