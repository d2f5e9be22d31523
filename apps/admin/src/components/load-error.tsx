import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from './retry-alert.tsx';
import { Spinner } from './spinner.tsx';
import { useCatalogNotify } from '../lib/use-catalog-notify.tsx';

/** A failed load: the refresh snackbar of §8 once, and an alert with a retry in place. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('catalog');
  const notify = useCatalogNotify();
  // Once per failure, whatever re-renders (a language switch) happen meanwhile.
  const announce = useEffectEvent((cause: unknown) => notify.loadFailed(cause));
  useEffect(() => announce(error), [error]);
  return (
    <RetryAlert retryLabel={t('actions.retry')} onRetry={onRetry}>
      {t('snackbar.error_please_refresh')}
    </RetryAlert>
  );
}

/** A query a page shows once it is ready: a spinner while it loads, the load error if it fails. */
export function QueryStatus({
  query,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}) {
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return query.isPending ? <Spinner /> : null;
}
