import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ROUTES } from '@app/contracts';
import { arbitraryOf, preferValid } from './zod-arbitrary.ts';

// If zod's internals moved, the mapping would fall back to any JSON and the fuzz would stay at
// the validation door without anyone noticing: these keep it honest.
describe('zod → fast-check', () => {
  it('keeps to lengths, bounds, patterns, uuids and enums', () => {
    const schema = z.object({
      id: z.uuid(),
      name: z.string().trim().min(2).max(5),
      code: z.string().regex(/^[A-Z]{3}-\d{2}$/),
      n: z.number().int().min(3).max(9),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).min(1).max(2),
      note: z.string().nullish(),
    });
    fc.assert(
      fc.property(arbitraryOf(schema), (value) => {
        const v = value as Record<string, unknown>;
        expect(z.uuid().safeParse(v.id).success).toBe(true);
        expect((v.name as string).length).toBeGreaterThanOrEqual(2);
        expect((v.name as string).length).toBeLessThanOrEqual(5);
        expect(v.code).toMatch(/^[A-Z]{3}-\d{2}$/);
        expect(v.n).toBeGreaterThanOrEqual(3);
        expect(v.n).toBeLessThanOrEqual(9);
        expect(['a', 'b']).toContain(v.kind);
        expect((v.tags as string[]).length).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  it('makes bodies every route with a body accepts, when a few tries are allowed', () => {
    const refused: string[] = [];
    for (const route of ALL_ROUTES) {
      for (const schema of [route.params, route.query, route.body]) {
        if (!schema) continue;
        const values = fc.sample(preferValid(schema, arbitraryOf(schema)), 30);
        const accepted = values.filter((v) => schema.safeParse(v).success).length;
        if (accepted === 0) refused.push(`${route.method} ${route.path}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
