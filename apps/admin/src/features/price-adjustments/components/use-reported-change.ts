import { isApiError } from '../../../lib/api-client.ts';
import { useCatalogNotify } from '../../../lib/use-catalog-notify.tsx';

/**
 * Runs a change to price adjustments and says how it went; a 403 is left to the app's own
 * forbidden handling, any other failure is logged and said.
 */
export function useReportedChange() {
  const notify = useCatalogNotify();
  return async (
    run: () => Promise<unknown>,
    { done, failed, what }: { done: string; failed: string; what: string },
  ) => {
    try {
      await run();
      notify.success(done);
    } catch (error) {
      if (!isApiError(error, 403)) {
        console.error(what, error);
        notify.error(failed);
      }
    }
  };
}
