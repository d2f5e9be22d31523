import { useCallback, useEffect, useState } from 'react';
import { addLine, setQuantity, type CartLine } from './cart.ts';

function read(key: string): CartLine[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as CartLine[]) : [];
  } catch {
    return [];
  }
}

/** The cart of one branch and template (and table), kept in the tab across reloads. */
export function useCart(key: string) {
  const storageKey = `storefront.cart:${key}`;
  const [state, setState] = useState(() => ({ key: storageKey, lines: read(storageKey) }));
  // Another branch or table: its own cart (a state update while rendering, as React advises).
  if (state.key !== storageKey) setState({ key: storageKey, lines: read(storageKey) });
  const { lines } = state;
  useEffect(() => {
    try {
      if (state.lines.length) sessionStorage.setItem(state.key, JSON.stringify(state.lines));
      else sessionStorage.removeItem(state.key);
    } catch {
      // Storage full or disabled: the cart still works for this page.
    }
  }, [state]);
  const update = useCallback(
    (change: (lines: CartLine[]) => CartLine[]) =>
      setState((s) => ({ key: s.key, lines: change(s.lines) })),
    [],
  );
  return {
    lines,
    add: useCallback((line: CartLine) => update((ls) => addLine(ls, line)), [update]),
    setQuantity: useCallback(
      (id: string, q: number) => update((ls) => setQuantity(ls, id, q)),
      [update],
    ),
    // Written at once, not by the effect: an order placed leaves this page in the same turn,
    // and an effect that never ran would leave the ordered lines in the tab's storage.
    clear: useCallback(() => {
      try {
        sessionStorage.removeItem(storageKey);
      } catch {
        // Storage disabled: nothing was kept.
      }
      update(() => []);
    }, [update, storageKey]),
  };
}

export type Cart = ReturnType<typeof useCart>;
