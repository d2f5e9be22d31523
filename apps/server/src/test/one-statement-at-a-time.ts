import { afterAll, expect } from 'vitest';

/**
 * Every server test file checks that no pg client was given a statement while it was still
 * running one (statements of one transaction sent together, e.g. with Promise.all): pg 8 queues
 * them with a warning, pg 9 refuses them, and the app keeps no queue of its own. Node prints
 * the warning once a process, with the stack of the statement that was sent too early.
 */
Error.stackTraceLimit = 40;
const busy: string[] = [];
const onWarning = (warning: Error) => {
  if (/already executing a query/.test(warning.message)) busy.push(warning.stack ?? '');
};
process.on('warning', onWarning);

afterAll(async () => {
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  process.off('warning', onWarning);
  expect(busy, 'a statement was sent to a pg client still running one').toEqual([]);
});
