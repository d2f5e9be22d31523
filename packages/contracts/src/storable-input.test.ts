import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ALL_ROUTES } from './routes.ts';

/**
 * Every string a client can send (path, query, headers, JSON body, record keys included) must
 * refuse text PostgreSQL cannot store — an unpaired UTF-16 surrogate, a NUL — and every number
 * must be bounded within what its column holds, so the server answers 422 before the database
 * fails with a 500. A plain `z.string()` or an unbounded `z.number()` in a request schema is the
 * mistake this catches: use `Text` (or a format that refuses such text, as a uuid does) and a
 * bound (`Position` for list places).
 */
const PROBES = ['\ud800', 'ab\udc00', 'abcdefgh\ud800', 'a\u0000', 'abcdefgh\u0000'];
/** Numbers past a PostgreSQL integer column (and far past any limit of the spec). */
const NUMBER_PROBES = [2 ** 31, -(2 ** 31) - 1, 1e300, -1e300];

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The type a value enters a schema as, through wrappers and a pipe's input side. */
function inputType(schema: z.ZodType): string {
  const def = defOf(schema);
  if (def.innerType) return inputType(def.innerType);
  if (def.type === 'pipe') return inputType(def.in!);
  return def.type;
}

/** Paths of the string inputs of a schema that accept one of the unstorable probes. */
function leaks(schema: z.ZodType, at: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (s: z.ZodType, p = at) => leaks(s, p, seen);
  switch (def.type) {
    case 'string':
      return PROBES.some((probe) => schema.safeParse(probe).success) ? [at] : [];
    case 'number':
      return NUMBER_PROBES.some((probe) => schema.safeParse(probe).success) ? [`${at}#`] : [];
    case 'pipe': {
      // A transform is judged whole: text it turns into a number or refuses does not leak.
      const input = inputType(schema);
      if (input === 'string' || input === 'union')
        return PROBES.some((probe) => schema.safeParse(probe).success) ? [at] : [];
      return walk(def.in!);
    }
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, s]) => walk(s, `${at}.${k}`));
    case 'array':
      return walk(def.element!, `${at}[]`);
    case 'record':
      return [...walk(def.keyType!, `${at}{key}`), ...walk(def.valueType!, `${at}{}`)];
    case 'union':
      return (def.options ?? []).flatMap((s) => walk(s));
    case 'tuple':
      return (def.items ?? []).flatMap((s, i) => walk(s, `${at}[${i}]`));
    case 'intersection':
      return [...walk(def.left!), ...walk(def.right!)];
    case 'lazy':
      return walk(def.getter!());
    default:
      return def.innerType ? walk(def.innerType) : [];
  }
}

describe('request text', () => {
  it('finds a plain string (in a record key, behind a pipe) and an unbounded number', async () => {
    const { z } = await import('zod');
    const { Text } = await import('./common.ts');
    const leaky = z.object({
      a: Text,
      b: z.string().trim().max(5).optional(),
      c: z.record(z.string(), Text),
      d: z.string().transform((s) => s.trim()),
      e: z.array(z.object({ f: z.string().nullable() })),
      g: Text.trim().max(5),
      h: z.uuid(),
      i: z.union([z.number(), z.string()]).transform(Number).pipe(z.number()),
      j: z.union([z.number(), z.string()]),
      k: z.number().int().min(0),
      l: z.number().int().min(0).max(100),
    });
    expect(leaks(leaky, 'body')).toEqual([
      'body.b',
      'body.c{key}',
      'body.d',
      'body.e[].f',
      'body.j#',
      'body.j',
      'body.k#',
    ]);
  });

  it.each(ALL_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s refuses unstorable text and numbers',
    (_name, route) => {
      const found = (['params', 'query', 'headers', 'body'] as const).flatMap((part) =>
        route[part] ? leaks(route[part] as z.ZodType, part) : [],
      );
      expect(found).toEqual([]);
    },
  );
});
