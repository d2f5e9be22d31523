import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
};

/** Runs `load` when its key changes (aborting the one before); `reload` runs it again. */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown }>({
    key: null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ key, data }),
      (error: unknown) => {
        // A failed refresh keeps what was shown (a poll on a flaky connection).
        if (!controller.signal.aborted)
          setState((prev) => ({ key, data: prev.key === key ? prev.data : undefined, error }));
      },
    );
    return () => controller.abort();
    // `load` is a new function every render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: key !== null && (!current || (state.data === undefined && state.error === undefined)),
    reload,
  };
}
