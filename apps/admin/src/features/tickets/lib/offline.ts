import { useSyncExternalStore } from 'react';
import type { RejectReason, Ticket, TicketStatus } from '@app/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { currentTicketOf, ticketDetailApi } from '../api/ticket-detail.ts';

/** Whether the browser says it is online; changes the moment Wi-Fi drops or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/** A status change made without a connection, sent when it is back (issue 36). */
export type QueuedChange = {
  tenantId: string;
  ticketId: string;
  ticketNumber: number;
  status: TicketStatus;
  /** The status the user saw: the server refuses the change if someone moved it meanwhile. */
  fromStatus: TicketStatus;
  note: string | null;
  reason: RejectReason | null;
};

const KEY = 'offline-status-changes';
const listeners = new Set<() => void>();
/** The last text read and what it holds: the same array while nothing changed (React needs it). */
let cached: { text: string | null; changes: QueuedChange[] } = { text: null, changes: [] };

function read(): QueuedChange[] {
  const text = localStorage.getItem(KEY);
  if (text === cached.text) return cached.changes;
  let changes: QueuedChange[] = [];
  try {
    const stored = JSON.parse(text ?? '[]') as unknown;
    if (Array.isArray(stored)) changes = stored as QueuedChange[];
  } catch {
    // Not ours: as if none.
  }
  cached = { text, changes };
  return changes;
}

function write(next: QueuedChange[]) {
  if (next.length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

export const queuedChanges = () => read();

/** Keeps a change for later, after those already kept. */
export function queueChange(change: QueuedChange): void {
  write([...read(), change]);
}

export function useQueuedChanges(): QueuedChange[] {
  return useSyncExternalStore(
    (changed) => {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
    read,
    () => [],
  );
}

/** What became of one queued change once sent. */
export type Replayed =
  | { change: QueuedChange; outcome: 'sent'; ticket: Ticket }
  /** Someone else moved the ticket first: what it is now, and who did it. */
  | { change: QueuedChange; outcome: 'lost'; current: Ticket | null; by: string | null };

let replaying: Promise<Replayed[]> | null = null;

/**
 * Sends the queued changes in order, each with the status it expects. One that lost a race
 * (409) is dropped and reported with who moved the ticket; a network failure stops the replay
 * and keeps the rest for the next time the connection is back. Never two replays at once.
 */
export function replayQueued(): Promise<Replayed[]> {
  replaying ??= (async () => {
    const done: Replayed[] = [];
    try {
      for (const change of [...read()]) {
        try {
          const ticket = await ticketDetailApi.updateStatus(change.tenantId, change.ticketId, {
            status: change.status,
            fromStatus: change.fromStatus,
            note: change.note,
            reason: change.reason,
          });
          done.push({ change, outcome: 'sent', ticket });
        } catch (error) {
          if (!isApiError(error) || error.status === 0 || error.status >= 500) break;
          const current = currentTicketOf(error);
          const last = current?.history.filter((h) => h.kind === 'status').at(-1);
          done.push({ change, outcome: 'lost', current, by: last?.by ?? null });
        }
        write(read().filter((queued) => !sameChange(queued, change)));
      }
    } finally {
      replaying = null;
    }
    return done;
  })();
  return replaying;
}

const sameChange = (a: QueuedChange, b: QueuedChange) =>
  a.ticketId === b.ticketId && a.status === b.status && a.fromStatus === b.fromStatus;
