import type { BranchOperatingStatus, BranchStatus } from '@app/contracts';

/**
 * What a branch's status means to a customer: closed wins over everything; open and not
 * accepting orders shows the menu without taking orders; busy still takes orders.
 */
export type BranchState = 'closed' | 'notAccepting' | 'busy' | 'accepting';

export function branchStateOf(status: BranchOperatingStatus): BranchState {
  if (status.closed) return 'closed';
  if (!status.acceptingOrders) return 'notAccepting';
  return status.busy ? 'busy' : 'accepting';
}

export interface StatusSummary {
  total: number;
  /** Closed by the admin (the 'close outlet' toggle). */
  closed: number;
  /** Open but not accepting orders; closed branches are counted as closed only. */
  notAccepting: number;
  /** Taking orders, busy or not. */
  accepting: number;
}

export function summarize(branches: readonly BranchStatus[]): StatusSummary {
  const summary: StatusSummary = {
    total: branches.length,
    closed: 0,
    notAccepting: 0,
    accepting: 0,
  };
  for (const branch of branches) {
    const state = branchStateOf(branch.branchOperatingStatus);
    if (state === 'closed') summary.closed += 1;
    else if (state === 'notAccepting') summary.notAccepting += 1;
    else summary.accepting += 1;
  }
  return summary;
}
