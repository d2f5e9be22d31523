import { useEffect } from 'react';
import { useNotify } from '../../../../lib/notify.tsx';
import { isRefusal } from '../../api/ticket-detail.ts';

/**
 * Spec §8: a ticket that fails to load offers a page refresh, unless the server refused it
 * (404 or any other 4xx), which the page says as 'Order not found or expired'.
 */
export function useTicketLoadError(error: unknown) {
  const notify = useNotify();
  useEffect(() => {
    if (error && !isRefusal(error)) notify.errorWithRefresh();
  }, [error, notify]);
}
