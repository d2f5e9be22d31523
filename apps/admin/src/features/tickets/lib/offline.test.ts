import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { fakeServer } from '../../../test/fake-server.ts';
import { testTicket } from '../test/test-ticket.ts';
import { queueChange, queuedChanges, replayQueued, type QueuedChange } from './offline.ts';

const TENANT = '11111111-1111-4111-8111-111111111111';
const ticketUrl = (id: string) => `/api/admin/tenants/${TENANT}/tickets/${id}`;
const change = (id: string, number: number): QueuedChange => ({
  tenantId: TENANT,
  ticketId: id,
  ticketNumber: number,
  status: 'InProgress',
  fromStatus: 'UnVerified',
  note: null,
  reason: null,
});
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  configureApiClient({});
});

describe('changes made offline', () => {
  it('are sent in order with the status they expect; a lost race says who won', async () => {
    configureApiClient({ getAccessToken: async () => 'token' });
    const sent: unknown[] = [];
    const current = testTicket({
      id: A,
      status: 'InProgress',
      history: [
        {
          at: '2026-01-01T10:00:00.000Z',
          kind: 'status',
          fromStatus: 'UnVerified',
          toStatus: 'InProgress',
          reason: null,
          note: null,
          fromBranchId: null,
          toBranchId: null,
          by: 'Maha Manager',
        },
      ],
    });
    fakeServer({
      [`PUT ${ticketUrl(A)}`]: () =>
        Response.json(
          { error: { code: 'status_changed', message: 'x', ticket: current } },
          { status: 409 },
        ),
      [`PUT ${ticketUrl(B)}`]: (request) => {
        sent.push(JSON.parse(request.body!));
        return Response.json({ results: testTicket({ id: B, status: 'InProgress' }) });
      },
    });
    queueChange(change(A, 1));
    queueChange(change(B, 2));
    const done = await replayQueued();
    expect(done.map((d) => [d.change.ticketNumber, d.outcome])).toEqual([
      [1, 'lost'],
      [2, 'sent'],
    ]);
    expect(done[0]).toMatchObject({ outcome: 'lost', by: 'Maha Manager' });
    expect(sent).toEqual([
      { status: 'InProgress', fromStatus: 'UnVerified', note: null, reason: null },
    ]);
    expect(queuedChanges()).toEqual([]);
  });

  it('stop at a network failure and keep the rest for the next time', async () => {
    configureApiClient({ getAccessToken: async () => 'token' });
    fakeServer({
      [`PUT ${ticketUrl(C)}`]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    queueChange(change(C, 3));
    queueChange(change(B, 2));
    expect(await replayQueued()).toEqual([]);
    expect(queuedChanges().map((c) => c.ticketNumber)).toEqual([3, 2]);
  });
});
