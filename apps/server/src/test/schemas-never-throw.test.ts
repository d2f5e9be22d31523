import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ALL_ROUTES } from '@app/contracts';
import { commitSeed, hostileOf } from './fuzz.ts';
import { arbitraryOf } from './zod-arbitrary.ts';

/**
 * A request schema answers every input with a result, never an exception: an exception in a
 * rule between fields (one that reads a field its own check has refused) is a 500 for the
 * client. The HTTP fuzz finds these by chance among its requests; here every route's schemas
 * parse thousands of valid-shaped values broken in one place, with no server in between.
 * SCHEMA_RUNS raises the count; the seed is the commit's, as the HTTP fuzz's.
 */
const RUNS = Number(process.env.SCHEMA_RUNS) || 400;
const SEED = commitSeed();

/** What a field's own check refuses while a rule between fields may still read it. */
const REFUSED_LEAVES = ['\u0000', 'a\ud800', '', ' ', 'x', '-1', 2 ** 31, -1, 1e300, 0.5];

/** The paths of a JSON value's strings and numbers. */
function leavesOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string' || typeof value === 'number') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => leavesOf(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...path, k]));
  return [];
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withLeaf(copy[head], rest, leaf);
  return copy;
}

/** A valid-shaped value with one string or number replaced by one its check refuses. */
const oneLeafRefused = (valid: fc.Arbitrary<unknown>) =>
  fc.tuple(valid, fc.nat(), fc.constantFrom(...REFUSED_LEAVES)).map(([value, at, leaf]) => {
    const leaves = leavesOf(value);
    return leaves.length === 0 ? value : withLeaf(value, leaves[at % leaves.length]!, leaf);
  });

/** Broken in one leaf, or anywhere (a node replaced, dropped, repeated or wrapped). */
const brokenOf = (schema: z.ZodType) => {
  const valid = arbitraryOf(schema);
  return fc.oneof(oneLeafRefused(valid), hostileOf(valid));
};

describe('request schemas never throw', () => {
  const parts = ALL_ROUTES.flatMap((route) =>
    (['params', 'query', 'headers', 'body'] as const).flatMap((part) => {
      const schema = route[part] as z.ZodType | undefined;
      return schema ? [[`${route.method} ${route.path} ${part}`, schema] as const] : [];
    }),
  );

  it.each(parts)('%s', (_name, schema) => {
    fc.assert(
      fc.property(brokenOf(schema), (value) => {
        expect(() => schema.safeParse(value)).not.toThrow();
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  });

  it('would catch a rule that throws on a refused field', async () => {
    const { z } = await import('zod');
    const { Text } = await import('@app/contracts');
    const leaky = z
      .object({ amount: z.union([z.number(), Text]).transform(String) })
      .superRefine((b) => {
        if (!/^\d+$/.test(b.amount)) throw new Error('not a number');
      });
    expect(() =>
      fc.assert(
        fc.property(brokenOf(leaky), (value) => {
          expect(() => leaky.safeParse(value)).not.toThrow();
        }),
        { numRuns: RUNS },
      ),
    ).toThrow();
  });
});
