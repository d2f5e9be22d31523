import { describe, expect, it } from 'vitest';
import { Ticket } from '@app/contracts';
import { placedTicket } from './ticket.ts';

describe('the placed ticket of the apps’ tests', () => {
  it('is a ticket as the contracts define it (the apps parse answers with them)', () => {
    expect(Ticket.safeParse(placedTicket()).error).toBeUndefined();
  });
});
