import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { EMAIL_ERROR_CODES, type EmailVerificationStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { useResendVerification } from '../api/account-queries.ts';

/** The move's dialogs and their form library load when the banner's button is first used. */
const LegacyEmailDialog = lazy(async () => ({
  default: (await import('./legacy-email-dialog.tsx')).LegacyEmailDialog,
}));
const MigratedDialog = lazy(async () => ({
  default: (await import('./legacy-email-dialog.tsx')).MigratedDialog,
}));

const DAY_MS = 24 * 60 * 60 * 1000;

/** §4.7 and §9: whole days left to verify, 0 once the deadline has passed. */
export function daysLeft(deadline: string | null, now: number = Date.now()): number {
  if (!deadline) return 0;
  return Math.max(0, Math.ceil((Date.parse(deadline) - now) / DAY_MS));
}

export type EmailBannerKind = 'verify' | 'update' | 'pending' | 'migrated' | null;

/**
 * Which of §4.7's banners the status asks for, if any; between the update and the migrated
 * banner, the new address's link waiting to be opened.
 */
export function bannerFor(status: EmailVerificationStatus): EmailBannerKind {
  if (status.isLegacyEmail) {
    if (status.linkedLegacyEmail) return 'migrated';
    if (status.pendingEmail) return 'pending';
    return status.forceLegacyEmailMigrate ? 'update' : null;
  }
  return status.isVerified ? null : 'verify';
}

/**
 * The top bar's e-mail banners (§2.12, §4.7): a countdown to verify the address with a resend
 * button; a forced legacy address asked to move (the legacy email dialog); the new address's
 * link waiting to be opened (resend, or change the address); a moved one asked to log out and
 * sign in with its new address.
 */
export function EmailBanners({
  status,
  tenantId,
}: {
  status: EmailVerificationStatus;
  tenantId: string;
}) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const notify = useNotify();
  const resend = useResendVerification(tenantId);
  const [dialog, setDialog] = useState<'update' | 'done' | null>(null);
  const [movedTo, setMovedTo] = useState('');
  const kind = bannerFor(status);
  // Mounted from the first opening on, so that closing plays its transition.
  const [dialogsUsed, setDialogsUsed] = useState(false);
  const openUpdate = () => {
    setDialogsUsed(true);
    setDialog('update');
  };

  const logOut = (
    <Button component={RouterLink} to={paths.logout} color="inherit" size="small">
      {t('banners.logOut')}
    </Button>
  );

  const send = () =>
    resend.mutate(lang, {
      onSuccess: (sent) => notify.success(t('banners.sent', { email: sent.sentTo })),
      onError: (error) => {
        // §8: 400 'Email just sent please wait two minutes'; any failure the send-error text.
        if (isApiError(error, 400) && error.code === EMAIL_ERROR_CODES.justSent) {
          notify.error(t('banners.justSent'));
        } else notify.error(t('banners.sendFailed'));
      },
    });

  const resendButton = (
    <Button color="inherit" size="small" onClick={send} disabled={resend.isPending}>
      {t('banners.resend')}
    </Button>
  );

  return (
    <>
      {kind === 'verify' && (
        <Alert
          severity="info"
          sx={{ borderRadius: 0 }}
          data-testid="email-verify-banner"
          action={resendButton}
        >
          {t('banners.verify', {
            email: status.email,
            count: daysLeft(status.verificationDeadline),
          })}
        </Alert>
      )}
      {kind === 'update' && (
        <Alert
          severity="warning"
          sx={{ borderRadius: 0 }}
          action={
            <Button color="inherit" size="small" onClick={openUpdate}>
              {t('banners.update')}
            </Button>
          }
        >
          {t('banners.legacy', { email: status.email })}
        </Alert>
      )}
      {kind === 'pending' && (
        <Alert
          severity="info"
          sx={{ borderRadius: 0 }}
          data-testid="email-pending-banner"
          action={
            <>
              {resendButton}
              <Button color="inherit" size="small" onClick={openUpdate}>
                {t('banners.change')}
              </Button>
            </>
          }
        >
          {t('banners.pending', { pending: status.pendingEmail, email: status.email })}
        </Alert>
      )}
      {kind === 'migrated' && (
        <Alert severity="success" sx={{ borderRadius: 0 }} action={logOut}>
          {t('banners.migrated', { legacy: status.linkedLegacyEmail, email: status.email })}
        </Alert>
      )}
      {dialogsUsed && (
        <Suspense fallback={null}>
          <LegacyEmailDialog
            open={dialog === 'update'}
            tenantId={tenantId}
            account={status.email}
            onClose={() => setDialog(null)}
            onMigrated={(email) => {
              setMovedTo(email);
              setDialog('done');
            }}
          />
          <MigratedDialog
            open={dialog === 'done'}
            email={movedTo}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </>
  );
}
