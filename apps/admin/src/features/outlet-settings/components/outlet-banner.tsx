import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { BranchStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { summarize } from '../lib/status-summary.ts';

export interface OutletBannerProps {
  branches: readonly BranchStatus[];
  /** Shows the link to the status screen (owners and managers, when not already there). */
  showManageLink: boolean;
}

/**
 * The admin banner (spec §2.12): how many branches the admin closed and how many do not accept
 * orders, in single-branch wording when the tenant has one branch. Nothing when all take orders.
 */
export function OutletBanner({ branches, showManageLink }: OutletBannerProps) {
  const { t } = useTranslation('outlet');
  const summary = summarize(branches);
  if (summary.closed === 0 && summary.notAccepting === 0) return null;

  let message: string;
  if (summary.total === 1) {
    message = summary.closed > 0 ? t('banner.singleClosed') : t('banner.singleNotAccepting');
  } else {
    const parts: string[] = [];
    if (summary.closed > 0) parts.push(t('banner.closedCount', { number: summary.closed }));
    if (summary.notAccepting > 0) {
      parts.push(t('banner.notAcceptingCount', { number: summary.notAccepting }));
    }
    message = parts.join(' · ');
  }

  return (
    <Alert
      severity={summary.accepting === 0 ? 'error' : 'warning'}
      data-testid="outlet-banner"
      sx={{ borderRadius: 0 }}
      action={
        showManageLink ? (
          <Button component={RouterLink} to={paths.acceptOrders} color="inherit" size="small">
            {t('banner.manage')}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
