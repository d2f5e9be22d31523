import { useEffect } from 'react';
import { isApiError } from '../../../../lib/api-client.ts';
import { useNotify } from '../../../../lib/notify.tsx';

/** Spec §8: a ticket that fails to load for another reason than 404 offers a page refresh. */
export function useTicketLoadError(error: unknown) {
  const notify = useNotify();
  useEffect(() => {
    if (error && !isApiError(error, 404)) notify.errorWithRefresh();
  }, [error, notify]);
}
