import type { ReactNode } from 'react';
import type { ConnectionState } from '../../components/connection-dot.tsx';

export interface LiveTicketsShell {
  /** New plus unverified tickets: the side menu's Live orders badge (spec §2.12). */
  liveOrdersCount?: number;
  /** The realtime hub's state for the top bar's dot (spec §4.6). */
  connectionState?: ConnectionState;
}

/** Placeholder until the live orders work: holds the realtime connection for the shell. */
export function LiveTicketsProvider({ children }: { children: ReactNode }) {
  return children;
}

export function useLiveTicketsShell(): LiveTicketsShell {
  return {};
}
