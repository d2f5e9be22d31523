import { useEffect, useEffectEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useCatalogNotify } from '../lib/use-catalog-notify.tsx';

/** A failed load: the refresh snackbar of §8 once, and an alert with a retry in place. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('catalog');
  const notify = useCatalogNotify();
  // Once per failure, whatever re-renders (a language switch) happen meanwhile.
  const announce = useEffectEvent((cause: unknown) => notify.loadFailed(cause));
  useEffect(() => announce(error), [error]);
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {t('snackbar.error_please_refresh')}
    </Alert>
  );
}
