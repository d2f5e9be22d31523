import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueCode } from './common.ts';

const Body = z.object({
  kind: z.enum(['A', 'B']),
  amount: z.number(),
  name: z.string().min(1).max(3),
});

/** The codes of a parse as a form sees them: issueCode as the error map, given the input. */
function formCodes(input: unknown): Record<string, string> {
  const result = Body.safeParse(input, { error: (issue) => issueCode(issue) });
  expect(result.success).toBe(false);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

/** The codes as the server sees them: flattened issues without the input. */
function serverCodes(input: unknown): Record<string, string> {
  const result = Body.safeParse(input);
  expect(result.success).toBe(false);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issueCode(issue)]),
  );
}

describe('issueCode', () => {
  it('calls a missing value required, in forms and on the server alike', () => {
    expect(formCodes({})).toEqual({ kind: 'required', amount: 'required', name: 'required' });
    expect(serverCodes({})).toMatchObject({ amount: 'required', name: 'required' });
  });

  it('tells a wrong value from a missing one', () => {
    const wrong = { kind: 'C', amount: 'ten', name: 'long name' };
    expect(formCodes(wrong)).toEqual({
      kind: 'invalid_value',
      amount: 'invalid_type',
      name: 'max',
    });
    expect(serverCodes(wrong)).toEqual({
      kind: 'invalid_value',
      amount: 'invalid_type',
      name: 'max',
    });
  });

  it('keeps a spec code given as the message', () => {
    expect(issueCode({ code: 'custom', message: 'operating_hour_intersection' })).toBe(
      'operating_hour_intersection',
    );
  });
});
