import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeliveryDiningIcon from '@mui/icons-material/DeliveryDining';
import {
  DRIVER_DISPATCH_CANNOT_BE_CANCELLED,
  canCancelDispatch,
  canRequestDriver,
  isNotAccepted,
  type DispatchIntegrationType,
  type DispatchStatus,
  type Ticket,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useNotify } from '../../../../lib/notify.tsx';
import {
  useCancelDispatch,
  useDispatchConfig,
  useDispatchStatus,
  useRequestDriver,
} from '../../api/dispatch.ts';
import { formatTimestamp } from './ticket-format.ts';
import { useBranchTimeZone } from './use-branch-time-zone.ts';
import { DetailsSection } from './details-section.tsx';

const STATUS_COLOURS: Partial<
  Record<DispatchStatus, 'default' | 'info' | 'success' | 'error' | 'warning'>
> = {
  DISPATCH_REQUEST_FAILED: 'error',
  REJECTED: 'error',
  CANCELED: 'default',
  UPCOMING: 'info',
  CAPTAIN_ASSIGNED: 'info',
  CAPTAIN_HERE: 'warning',
  DELIVERY_STARTED: 'warning',
  CAPTAIN_COMING: 'warning',
  DELIVERY_ENDED: 'success',
};

const Ltr = ({ children }: { children: string }) => (
  <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
    {children}
  </Box>
);

/**
 * The driver dispatch panel of spec §2.4 and §4.2, on delivery tickets of a branch with a
 * dispatch provider: the status and driver, request and cancel (each confirmed first, each
 * enabled by §4.2's rules), and the provider's support number.
 */
export function DriverDispatchPanel({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticketDetails');
  const isDelivery =
    ticket.ticketType === 'cartticket' && ticket.ticketDetails.checkoutUiTemplate === 'DELIVERY';
  const config = useDispatchConfig(ticket.tenantId, ticket.id, isDelivery);
  const available = config.data?.available === true;
  if (!isDelivery || !available || !config.data) return null;
  return (
    <DetailsSection title={t('dispatch.title')}>
      <PanelBody
        ticket={ticket}
        provider={config.data.integrationType}
        supportPhoneNumber={config.data.supportPhoneNumber}
        requested={config.data.requested}
      />
    </DetailsSection>
  );
}

function PanelBody({
  ticket,
  provider,
  supportPhoneNumber,
  requested,
}: {
  ticket: Ticket;
  provider: DispatchIntegrationType | null;
  supportPhoneNumber: string | null;
  /** A driver was requested once: the status is asked (never for a ticket not dispatched). */
  requested: boolean;
}) {
  const { t } = useTranslation('ticketDetails');
  const lang = useLanguage();
  const notify = useNotify();
  const timeZone = useBranchTimeZone(ticket);
  // Only a dispatch there is: a ticket never dispatched asks nothing (no 404 in the console).
  const status = useDispatchStatus(ticket.tenantId, ticket.id, requested);
  const request = useRequestDriver(ticket.tenantId, ticket.id);
  const cancel = useCancelDispatch(ticket.tenantId, ticket.id);
  const [confirm, setConfirm] = useState<'request' | 'cancel' | null>(null);

  // §8: a status failure other than 404 (kept silent) asks for a refresh.
  const statusFailed = status.isError;
  useEffect(() => {
    if (statusFailed) notify.errorWithRefresh();
  }, [statusFailed, notify]);

  const dispatch = status.data ?? null;
  const current: DispatchStatus = dispatch?.dispatchStatus ?? 'DISPATCH_NOT_REQUESTED';
  const accepted = !isNotAccepted(ticket.status) && ticket.status !== 'Cancelled';
  const busy = request.isPending || cancel.isPending;
  // Never requested: nothing to wait for (the status is not asked).
  const loading = requested && status.data === undefined && !status.isError;
  const providerName = provider ? t(`dispatch.providers.${provider}`) : '';

  const requestDriver = async () => {
    try {
      await request.mutateAsync();
      notify.success(t('dispatch.requested'));
    } catch {
      notify.error(t('dispatch.tryAgain'));
    }
    setConfirm(null);
  };
  const cancelDispatch = async () => {
    try {
      await cancel.mutateAsync();
      notify.success(t('dispatch.cancelled'));
    } catch (error) {
      const cannot = isApiError(error, 409) && error.code === DRIVER_DISPATCH_CANNOT_BE_CANCELLED;
      notify.error(cannot ? t('dispatch.cannotCancel') : t('dispatch.tryAgain'));
    }
    setConfirm(null);
  };

  const time = (iso: string | null | undefined) =>
    iso ? formatTimestamp(iso, lang, timeZone) : null;
  // Estimates matter while a driver is on the way.
  const onTheWay = !canRequestDriver(current) && current !== 'DELIVERY_ENDED';
  const pickupEta = time(dispatch?.estimatedPickupTime);
  const deliveryEta = time(dispatch?.estimatedDeliveryTime);

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      data-testid="driver-dispatch-panel"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {providerName}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLOURS[current] ?? 'default'}
          label={loading ? t('dispatch.loading') : t(`dispatch.status.${current}`)}
          data-testid="dispatch-status"
          aria-live="polite"
        />
      </Box>
      {dispatch?.driverName && (
        <Typography variant="body2">
          {t('dispatch.driver')}: {dispatch.driverName}
          {dispatch.driverPhoneNumber && (
            <>
              {' · '}
              <Link href={`tel:${dispatch.driverPhoneNumber}`}>
                <Ltr>{dispatch.driverPhoneNumber}</Ltr>
              </Link>
            </>
          )}
        </Typography>
      )}
      {onTheWay && pickupEta && (
        <Typography variant="body2" color="text.secondary">
          {t('dispatch.pickupEta')}: <bdi>{pickupEta}</bdi>
        </Typography>
      )}
      {onTheWay && deliveryEta && (
        <Typography variant="body2" color="text.secondary">
          {t('dispatch.deliveryEta')}: <bdi>{deliveryEta}</bdi>
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="contained"
          startIcon={<DeliveryDiningIcon />}
          disabled={busy || loading || !accepted || !canRequestDriver(current)}
          title={accepted ? undefined : t('dispatch.acceptFirst')}
          onClick={() => setConfirm('request')}
        >
          {t('dispatch.request')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={busy || loading || !canCancelDispatch(current)}
          onClick={() => setConfirm('cancel')}
        >
          {t('dispatch.cancel')}
        </Button>
        {supportPhoneNumber && (
          <Typography variant="body2" color="text.secondary">
            {t('dispatch.support', { provider: providerName })}:{' '}
            <Link href={`tel:${supportPhoneNumber}`}>
              <Ltr>{supportPhoneNumber}</Ltr>
            </Link>
          </Typography>
        )}
      </Box>
      <ConfirmDialog
        open={confirm === 'request'}
        title={t('dispatch.request')}
        message={t('dispatch.confirmRequest', {
          number: ticket.ticketNumber,
          provider: providerName,
        })}
        confirmLabel={t('dispatch.request')}
        cancelLabel={t('dispatch.keep')}
        onConfirm={requestDriver}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        title={t('dispatch.cancelTitle')}
        message={t('dispatch.confirmCancel', { number: ticket.ticketNumber })}
        confirmLabel={t('dispatch.cancelConfirm')}
        cancelLabel={t('dispatch.keep')}
        destructive
        onConfirm={cancelDispatch}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
