import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { EMAIL_ERROR_CODES, LIMITS_EMAIL, type EmailVerificationStatus } from '@app/contracts';
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

/** 95 → "1:35". */
export const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * A wait of some seconds: `start(seconds)` begins it, `left` counts the whole seconds down to 0
 * (re-rendering each second meanwhile).
 */
function useCountdown() {
  const [clock, setClock] = useState({ until: 0, now: 0 });
  useEffect(() => {
    if (clock.until <= clock.now) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setClock((c) => ({ ...c, now }));
      if (now >= clock.until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [clock.until, clock.now]);
  const start = (seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  };
  return { left: Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), start };
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

  // After a send (or the server's "just sent"), Resend waits out the two minutes instead of
  // asking for a refusal.
  const countdown = useCountdown();
  const secondsLeft = countdown.left;
  const send = () =>
    resend.mutate(lang, {
      onSuccess: (sent) => {
        countdown.start(LIMITS_EMAIL.resendAfterSeconds);
        notify.success(t('banners.sent', { email: sent.sentTo }));
      },
      onError: (error) => {
        // §8: 400 'Email just sent please wait two minutes'; any failure the send-error text.
        if (isApiError(error, 400) && error.code === EMAIL_ERROR_CODES.justSent) {
          const wait = error.retryAfterSeconds ?? LIMITS_EMAIL.resendAfterSeconds;
          countdown.start(wait);
          notify.error(t('banners.justSent'));
        } else notify.error(t('banners.sendFailed'));
      },
    });

  const resendButton = (
    <Button
      color="inherit"
      size="small"
      onClick={send}
      disabled={resend.isPending || secondsLeft > 0}
    >
      {secondsLeft > 0
        ? t('banners.resendIn', { time: minutesAndSeconds(secondsLeft) })
        : t('banners.resend')}
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
