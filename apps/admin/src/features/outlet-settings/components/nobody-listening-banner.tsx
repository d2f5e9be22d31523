import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { localize, type BranchStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * Issue 36: the branches that take orders but where nobody would hear one (no screen with its
 * chime on, no device told by push). Nothing when every such branch is heard.
 */
export function NobodyListeningBanner({
  branches,
  listening,
  showLink,
}: {
  branches: readonly BranchStatus[];
  listening: readonly { branchId: string; listening: boolean }[];
  /** Links to the outlet status screen, where each branch's listeners show (when not there). */
  showLink: boolean;
}) {
  const { t } = useTranslation('outlet');
  const lang = useLanguage();
  const heard = new Map(listening.map((l) => [l.branchId, l.listening]));
  const unheard = branches.filter(
    (b) =>
      !b.branchOperatingStatus.closed &&
      b.branchOperatingStatus.acceptingOrders &&
      heard.get(b.branchId) === false,
  );
  if (unheard.length === 0) return null;
  return (
    <Alert
      severity="warning"
      // A standing state, not an interruption: said politely, and no page's own alert is hidden.
      role="status"
      data-testid="nobody-listening-banner"
      sx={{ borderRadius: 0 }}
      action={
        showLink ? (
          <Button component={RouterLink} to={paths.operatingStatus} color="inherit" size="small">
            {t('listeners.see')}
          </Button>
        ) : undefined
      }
    >
      {t('listeners.banner', {
        branches: unheard.map((b) => localize(b.branchName, lang)).join(', '),
      })}
    </Alert>
  );
}
