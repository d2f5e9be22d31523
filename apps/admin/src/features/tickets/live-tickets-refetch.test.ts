import { describe, expect, it } from 'vitest';
import { coalesced } from './live-tickets.tsx';

/** A fetch that answers when told to, counting how many ran and how many ran at once. */
function controlledFetch() {
  const pending: (() => void)[] = [];
  let started = 0;
  let completed = 0;
  let running = 0;
  let most = 0;
  const fetch = () => {
    started++;
    running++;
    most = Math.max(most, running);
    return new Promise<void>((resolve) =>
      pending.push(() => {
        running--;
        completed++;
        resolve();
      }),
    );
  };
  const answer = async () => {
    pending.shift()?.();
    // Let the loop see the answer and start the next run.
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    fetch,
    answer,
    stats: () => ({ started, most, waiting: pending.length }),
    completed: () => completed,
  };
}

describe('the live list refetched on hub events', () => {
  it('never runs two fetches at once, and fetches once more after events that came meanwhile', async () => {
    const f = controlledFetch();
    const refetch = coalesced(f.fetch);
    void refetch();
    // A burst of events while the list is loading: none cancels it, none starts another.
    for (let i = 0; i < 20; i++) void refetch();
    expect(f.stats()).toEqual({ started: 1, most: 1, waiting: 1 });
    await f.answer();
    // One more fetch, for what those events changed.
    expect(f.stats()).toEqual({ started: 2, most: 1, waiting: 1 });
    await f.answer();
    expect(f.stats()).toEqual({ started: 2, most: 1, waiting: 0 });
    // A later event fetches again.
    void refetch();
    expect(f.stats().started).toBe(3);
  });

  it('keeps the list moving under a steady stream of events', async () => {
    const f = controlledFetch();
    const refetch = coalesced(f.fetch);
    // Three events for every answer the list gives: each load still completes (cancelling
    // the one in flight on each event, none would).
    for (let i = 0; i < 10; i++) {
      void refetch();
      void refetch();
      void refetch();
      await f.answer();
    }
    expect(f.completed()).toBe(10);
    expect(f.stats().most).toBe(1);
  });
});
