import fc from 'fast-check';
import { z } from 'zod';

/** A key path inside a value: `['cartItems', 0, 'variantId']`. */
export type ValuePath = readonly (string | number)[];

/**
 * Values that reach deep code: a string field may also be drawn from known ids, slugs or
 * upload URLs, picked by its path. Answer undefined to keep the schema's own arbitrary.
 */
export type ArbitraryHint = (
  path: ValuePath,
  kind: 'uuid' | 'string',
) => fc.Arbitrary<string> | undefined;

/** The parts of zod 4's internal definition the mapping reads. */
type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
};
type CheckDef = {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Lengths a generated value keeps to when its schema allows more (bounded requests). */
const STRING_MAX = 40;
const ARRAY_EXTRA = 3;
const MAX_DEPTH = 4;

/** Strings at and around a limit: where off-by-one and byte-length bugs live. */
function edgeStrings(min: number, max: number | undefined): fc.Arbitrary<string>[] {
  if (max === undefined) return [];
  const at = (ch: string, n: number) => ch.repeat(Math.max(0, n));
  return [
    fc.constant(at('x', max)),
    // Three bytes each in UTF-8, one UTF-16 unit each: a limit counted in bytes breaks here.
    fc.constant(at('ع', max)),
    // Two UTF-16 units each (a surrogate pair): half as many characters.
    fc.constant(at('😀', Math.floor(max / 2))),
    fc.constant(at(' ', max)),
    fc.constant(at('x', Math.max(min, 1))),
  ];
}

function stringArbitrary(def: Def, path: ValuePath, hint: ArbitraryHint): fc.Arbitrary<string> {
  let min = 0;
  let max: number | undefined;
  let uuid = def.format === 'uuid';
  const patterns: RegExp[] = def.format === 'regex' && def.pattern ? [def.pattern] : [];
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max ?? Infinity, c.maximum ?? Infinity);
    if (c.check === 'length_equals') min = max = c.value as number;
    if (c.check === 'string_format' && c.format === 'uuid') uuid = true;
    if (c.check === 'string_format' && c.format === 'regex' && c.pattern) patterns.push(c.pattern);
  }
  const hinted = hint(path, uuid ? 'uuid' : 'string');
  if (uuid) return hinted ? fc.oneof({ arbitrary: hinted, weight: 4 }, fc.uuid()) : fc.uuid();
  let own: fc.Arbitrary<string>;
  if (patterns.length > 0) {
    const [first, ...rest] = patterns as [RegExp, ...RegExp[]];
    own = fc
      .stringMatching(first, { size: 'small' })
      .filter(
        (s) => s.length >= min && s.length <= (max ?? Infinity) && rest.every((p) => p.test(s)),
      );
  } else {
    const maxLength = Math.min(max ?? STRING_MAX, Math.max(min, STRING_MAX));
    own = fc.oneof(
      { arbitrary: fc.string({ minLength: min, maxLength }), weight: 6 },
      {
        // Graphemes outside the BMP count two UTF-16 units, as zod's lengths do.
        arbitrary: fc
          .string({ minLength: min, maxLength, unit: 'grapheme' })
          .filter((s) => s.length <= (max ?? Infinity)),
        weight: 3,
      },
      ...edgeStrings(min, max).map((arbitrary) => ({ arbitrary, weight: 1 })),
    );
  }
  return hinted ? fc.oneof({ arbitrary: hinted, weight: 3 }, { arbitrary: own, weight: 2 }) : own;
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let integer = false;
  let min = -1_000_000;
  let max = 1_000_000;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) integer = true;
    if (c.check === 'greater_than') min = Number(c.value) + (c.inclusive ? 0 : 1e-9);
    if (c.check === 'less_than') max = Number(c.value) - (c.inclusive ? 0 : 1e-9);
  }
  if (integer) {
    const lo = Math.ceil(min);
    const hi = Math.floor(max);
    return fc.oneof(
      { arbitrary: fc.integer({ min: lo, max: Math.min(hi, lo + 20) }), weight: 3 },
      { arbitrary: fc.integer({ min: lo, max: hi }), weight: 2 },
      { arbitrary: fc.constantFrom(lo, hi), weight: 1 },
    );
  }
  // Mostly amounts as people type them (three decimals at most), near zero; sometimes any double.
  const lo = Math.max(min, -100);
  const hi = Math.min(max, 100);
  return fc.oneof(
    {
      arbitrary: fc
        .integer({ min: Math.ceil(lo * 1000), max: Math.floor(hi * 1000) })
        .map((n) => n / 1000),
      weight: 3,
    },
    { arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), weight: 1 },
  );
}

/**
 * A fast-check arbitrary of values shaped as a zod 4 schema's INPUT: objects with their keys
 * (optional ones sometimes left out), strings within their lengths and patterns, numbers within
 * their bounds, enums, unions, arrays kept short. Refinements across fields are not solved: a
 * value may still fail them, which the fuzz counts as a 422 like any other. Exotic types fall
 * back to any JSON.
 */
export function arbitraryOf(
  schema: z.ZodType,
  hint: ArbitraryHint = () => undefined,
  path: ValuePath = [],
  depth = 0,
): fc.Arbitrary<unknown> {
  const base = structuralArbitrary(schema, hint, path, depth);
  // A contract's documented examples (`.meta({ examples })`) reach rules no random value meets
  // by chance: a real phone number, a discount whose fields agree.
  const examples = z.globalRegistry.get(schema)?.examples;
  return Array.isArray(examples) && examples.length > 0
    ? fc.oneof(fc.constantFrom(...(examples as unknown[])), base)
    : base;
}

function structuralArbitrary(
  schema: z.ZodType,
  hint: ArbitraryHint,
  path: ValuePath,
  depth: number,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const recurse = (s: z.ZodType, at: ValuePath = path) => arbitraryOf(s, hint, at, depth + 1);
  if (depth > MAX_DEPTH * 4) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, path, hint);
    case 'number':
      return numberArbitrary(def);
    case 'int':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const model = Object.fromEntries(keys.map((k) => [k, recurse(shape[k]!, [...path, k])]));
      // Every key is generated; an optional one comes out undefined (left out of the JSON) a
      // fifth of the time, so requests with most fields filled are common.
      return fc.record(model);
    }
    case 'array': {
      let min = 0;
      let max: number | undefined;
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === 'min_length') min = c.minimum ?? 0;
        if (c.check === 'max_length') max = c.maximum;
        if (c.check === 'length_equals') min = max = c.value as number;
      }
      if (depth > MAX_DEPTH) return min === 0 ? fc.constant([]) : fc.constant(null);
      return fc.array(recurse(def.element!, [...path, 0]), {
        minLength: min,
        maxLength: Math.min(max ?? min + ARRAY_EXTRA, min + ARRAY_EXTRA),
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((s, i) => recurse(s, [...path, i])));
    case 'record':
      return fc.dictionary(recurse(def.keyType!) as fc.Arbitrary<string>, recurse(def.valueType!), {
        maxKeys: 4,
      });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((s) => recurse(s)));
    case 'intersection':
      return recurse(def.left!);
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(recurse(def.innerType!), { nil: undefined, freq: 5 });
    case 'nullable':
      return fc.option(recurse(def.innerType!), { nil: null, freq: 5 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return recurse(def.innerType!);
    case 'pipe': {
      // A transform's input is the left side; a pipe into a stricter schema (a phone number
      // normalised, then matched) is best aimed at from its right side.
      const out = defOf(def.out!);
      if (out.type === 'transform') return recurse(def.in!);
      return fc.oneof(recurse(def.in!), recurse(def.out!));
    }
    case 'lazy':
      return depth > MAX_DEPTH ? fc.constant(null) : recurse(def.getter!());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Values of `arbitrary` that the schema accepts, when one of a few tries is accepted: refinements
 * across fields (a delivery needs an address) rarely hold by chance, and a request that passes
 * validation reaches the service and the database.
 */
export function preferValid<T>(
  schema: z.ZodType | undefined,
  arbitrary: fc.Arbitrary<T>,
  tries = 12,
): fc.Arbitrary<T> {
  if (!schema) return arbitrary;
  return fc
    .array(arbitrary, { minLength: tries, maxLength: tries })
    .map((candidates) => candidates.find((c) => schema.safeParse(c).success) ?? candidates[0]!);
}
