import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The history state field that marks the entry pushed for an open sheet. */
export const SHEET_STATE_KEY = 'ticketSheet';

type SheetState = Record<string, unknown> & { [SHEET_STATE_KEY]?: string };

const stateOf = (state: unknown): SheetState =>
  state && typeof state === 'object' ? (state as SheetState) : {};

/**
 * Spec §2.4: browser Back closes the sheet. Opening pushes a history entry of the same page
 * marked with the sheet's key; Back pops it and the sheet closes, leaving the user on the page.
 * Returns the close action for the sheet's own close button, which pops the entry the same way.
 */
export function useBackToClose(key: string | null, onClose: () => void): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const marked = stateOf(location.state)[SHEET_STATE_KEY];
  // The key an entry was pushed for, and whether the location has shown it since.
  const pushed = useRef<{ key: string; seen: boolean } | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const entry = pushed.current;
    if (key === null) {
      pushed.current = null;
      return;
    }
    if (marked === key) {
      pushed.current = { key, seen: true };
      return;
    }
    const to = { pathname: location.pathname, search: location.search, hash: location.hash };
    const state = { ...stateOf(location.state), [SHEET_STATE_KEY]: key };
    if (entry === null) {
      pushed.current = { key, seen: false };
      void navigate(to, { state });
    } else if (entry.key !== key) {
      // Another ticket opened in the open sheet: the same entry now stands for it.
      pushed.current = { key, seen: false };
      void navigate(to, { state, replace: true });
    } else if (entry.seen) {
      // The marked entry is gone: the user went back.
      pushed.current = null;
      onCloseRef.current();
    }
  }, [key, marked, location, navigate]);

  return () => {
    if (pushed.current?.seen && marked === key) void navigate(-1);
    else onCloseRef.current();
  };
}
