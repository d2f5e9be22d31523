import { useEffect, useState } from 'react';
import type { PublicQuote, QuoteBody } from '@app/contracts';
import { api, asApiError, type ApiError } from './api.ts';

/** Changes of the cart or the code within this time make one price preview, not several. */
export const QUOTE_DELAY_MS = 300;

export type Quote = {
  /** The preview of the cart as it is now; undefined while it is asked or when it failed. */
  data: PublicQuote | undefined;
  /** The last answer, kept on screen while the next one is asked. */
  last: PublicQuote | undefined;
  /** Why the cart as it is now cannot be priced (a line no longer offered, say). */
  error: ApiError | undefined;
};

/** The server's price of the cart (taxes, fees, discount) as the intake will charge it. */
export function useQuote(tenantId: string, branchId: string, body: QuoteBody | null): Quote {
  const key = body ? JSON.stringify(body) : null;
  const [state, setState] = useState<{
    key: string | null;
    data?: PublicQuote;
    error?: ApiError;
  }>({ key: null });
  const [last, setLast] = useState<PublicQuote | undefined>(undefined);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .quote(tenantId, branchId, JSON.parse(key) as QuoteBody, controller.signal)
        .then((data) => {
          setState({ key, data });
          setLast(data);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ key, error: asApiError(error) });
        });
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [tenantId, branchId, key]);
  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    last,
    error: current ? state.error : undefined,
  };
}
