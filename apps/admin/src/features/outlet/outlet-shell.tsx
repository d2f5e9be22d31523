import type { ReactNode } from 'react';

export interface OutletShell {
  /** The branch status text of the top bar (spec §4.4). */
  branchStatus?: ReactNode;
}

/** Placeholder until the outlet status work. */
export function useOutletShell(): OutletShell {
  return {};
}
