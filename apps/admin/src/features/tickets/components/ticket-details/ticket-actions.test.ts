import { describe, expect, it } from 'vitest';
import { TICKET_TRANSITIONS, TicketStatus, isNotAccepted } from '@app/contracts';
import { actionsFor } from './ticket-actions.tsx';
import { STATUS_ACTION_TARGET } from './status-dialog.tsx';

describe('the status actions of a ticket', () => {
  it.each(TicketStatus.options)(
    'offers exactly the moves the contracts allow from %s',
    (status) => {
      const actions = actionsFor(status);
      expect(actions.map((a) => STATUS_ACTION_TARGET[a]).sort()).toEqual(
        [...TICKET_TRANSITIONS[status]].sort(),
      );
      // Cancelling an order not yet accepted is a reject, with the reject's wording.
      if (isNotAccepted(status)) expect(actions).not.toContain('cancel');
      else expect(actions).not.toContain('reject');
    },
  );
});
