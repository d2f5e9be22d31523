import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

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
