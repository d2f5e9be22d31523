import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { reloadPage } from '../lib/notify.tsx';

/** A load that failed, in place of what it would have shown, with a button to try again. */
export function RetryAlert({
  retryLabel,
  onRetry,
  children,
}: {
  retryLabel: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/** A failure only a fresh page mends: the message (by default "please refresh") and Refresh. */
export function ReloadPageAlert({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <RetryAlert retryLabel={t('snackbar.refresh')} onRetry={reloadPage}>
      {children ?? t('snackbar.pleaseRefresh')}
    </RetryAlert>
  );
}
