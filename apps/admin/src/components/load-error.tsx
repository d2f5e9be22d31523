import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from './retry-alert.tsx';
import { Spinner } from './spinner.tsx';
import { useCatalogNotify } from '../lib/use-catalog-notify.tsx';

type LoadErrorProps = {
  error: unknown;
  onRetry: () => void;
  /** The area's own words for what failed; "please refresh" when not given. */
  message?: string;
  /**
   * Also say it once in the refresh snackbar of menu-management §8 (the default). Pages that
   * keep their data on screen while they poll say it in place only.
   */
  snackbar?: boolean;
};

/** A failed load: an alert with a retry in place of what it would have shown. */
export function LoadError({ error, onRetry, message, snackbar = true }: LoadErrorProps) {
  const { t } = useTranslation('catalog');
  const notify = useCatalogNotify();
  // Once per failure, whatever re-renders (a language switch) happen meanwhile.
  const announce = useEffectEvent((cause: unknown) => {
    if (snackbar) notify.loadFailed(cause);
  });
  useEffect(() => announce(error), [error]);
  return (
    <RetryAlert retryLabel={t('actions.retry')} onRetry={onRetry}>
      {message ?? t('snackbar.error_please_refresh')}
    </RetryAlert>
  );
}

/**
 * The one way a page shows a query it is waiting for: a spinner while it loads, the load error
 * with a retry if it fails, nothing once it is there.
 */
export function QueryStatus({
  query,
  loadingLabel,
  ...shown
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loadingLabel?: string;
} & Pick<LoadErrorProps, 'message' | 'snackbar'>) {
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} {...shown} />;
  return query.isPending ? <Spinner label={loadingLabel} /> : null;
}
