import { describe, expect, it } from 'vitest';
import { mergeChanges } from './tickets-list.ts';
import { ticket } from '../test/fixtures.tsx';

const HOUR = 3_600_000;

describe('catching up the live list with what changed', () => {
  it('replaces changed rows, adds new ones and keeps the list newest first', () => {
    const older = ticket({ minutesAgo: 30, status: 'New' });
    const newer = ticket({ minutesAgo: 10, status: 'UnVerified' });
    const accepted = {
      ...older,
      status: 'InProgress' as const,
      updatedAt: new Date().toISOString(),
    };
    const placed = ticket({ minutesAgo: 0 });
    const merged = mergeChanges([newer, older], [accepted, placed]);
    expect(merged.map((t) => [t.id, t.status])).toEqual([
      [placed.id, 'UnVerified'],
      [newer.id, 'UnVerified'],
      [older.id, 'InProgress'],
    ]);
  });

  it('drops finished tickets 12 hours after they closed, as the full list would', () => {
    const now = Date.now();
    const closedAt = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
    const stale = ticket({ minutesAgo: 800, status: 'Completed', closedAt: closedAt(12.5) });
    const recent = ticket({ minutesAgo: 800, status: 'Cancelled', closedAt: closedAt(11) });
    const open = ticket({ minutesAgo: 2000, status: 'InProgress' });
    const ids = mergeChanges([stale, recent, open], [], now).map((t) => t.id);
    expect(ids).toEqual([recent.id, open.id]);
  });
});
