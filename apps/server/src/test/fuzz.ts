import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import {
  FieldError,
  ProblemResponse,
  envelope,
  pathParamNames,
  type RouteDef,
} from '@app/contracts';
import { arbitraryOf, preferValid, type ArbitraryHint, type ValuePath } from './zod-arbitrary.ts';

/**
 * The seed of the property tests over the contracts, from the checked-out commit: two runs of
 * one commit try the same values (a run that passed before a push passes in CI, a failure
 * replays), while each new commit explores new ones. Outside a git checkout, fast-check's own
 * random seed.
 */
export function commitSeed(): number | undefined {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return /^[0-9a-f]{8}/.test(head) ? parseInt(head.slice(0, 8), 16) : undefined;
  } catch {
    return undefined;
  }
}

/** Who calls: a member of each role, the platform admin, another tenant's owner, or no one. */
export const CALLERS = [
  'owner',
  'manager',
  'staff',
  'superAdmin',
  'outsider',
  'none',
  'expired',
  'unsigned',
  'garbage',
] as const;
export type Caller = (typeof CALLERS)[number];

/** Authorization header values per caller ('none' sends none). */
export type CallerHeaders = Record<Exclude<Caller, 'none'>, string>;

/** One generated request, before it becomes light-my-request's options. */
export type FuzzRequest = {
  /** 'valid' (shaped as the contract says) or the part made hostile. */
  kind: string;
  caller: Caller;
  method: RouteDef['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** An Authorization header that is no token at all, instead of the caller's. */
  auth?: string;
};

// ---------------------------------------------------------------------------------------------
// Hostile values

/**
 * JSON text that JSON.stringify cannot make (1e999 parses to Infinity, 100,000 nested arrays):
 * a value holds a marker that `toJson` swaps for the raw text.
 */
const RAW_JSON = [
  '1e999',
  '-1e999',
  '1e-999',
  '123456789012345678901234567890',
  '-0.0',
  '1E2',
  '[' + '['.repeat(99_999) + ']'.repeat(100_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
  '[' + '0,'.repeat(200_000) + '0]',
  '{' + Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',') + '}',
  '{"__proto__":{"isSuperAdmin":true}}',
  '{"constructor":{"prototype":{"isSuperAdmin":true}}}',
] as const;
const rawMarker = (i: number) => `\u0001RAW${i}\u0001`;

/** A value serialised to JSON, raw markers replaced by their text. */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_, i: string) => RAW_JSON[Number(i)]!);
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udfff\ud800',
  '\u202e\u202d',
  '\ufeff',
  '\u200b',
  '%00',
  '%',
  "' OR 1=1 --",
  '"; DROP TABLE tickets; --',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  'Infinity',
  '1e309',
  '-1',
  '0x10',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
  '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}',
  '2025-02-30T25:61',
  '9999-12-31T23:59',
  '0000-01-01T00:00',
  '+0000000',
  '\r\n\r\n',
  '👩‍👩‍👧‍👦',
  'ﷺ',
  'x'.repeat(100_000),
  'ع'.repeat(30_000),
  '😀'.repeat(20_000),
] as const;

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.0000001,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e21,
] as const;

/** Any value where the contract wants something else: types, sizes, text and numbers at the edges. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom(...RAW_JSON.map((_, i) => rawMarker(i))), weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, {}, [], [null], [[]], { '': '' }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 30 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.constant(Array.from({ length: 10_000 }, (_, i) => i)), weight: 1 },
  {
    arbitrary: fc.constant(Array.from({ length: 2_000 }, () => ({ id: 'x'.repeat(200) }))),
    weight: 1,
  },
);

/** Every node of a JSON value with its path, the root first. */
function nodesOf(value: unknown, path: ValuePath = [], out: ValuePath[] = []): ValuePath[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => nodesOf(v, [...path, i], out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nodesOf(v, [...path, k], out);
  }
  return out;
}

function setAt(value: unknown, path: ValuePath, next: (old: unknown) => unknown): unknown {
  if (path.length === 0) return next(value);
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, next);
    return copy;
  }
  const obj = { ...(value as Record<string, unknown>) };
  obj[head] = setAt(obj[head], rest, next);
  return obj;
}

const REMOVE = Symbol('remove');

function removeMarked(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== REMOVE).map(removeMarked);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== REMOVE)
        .map(([k, v]) => [k, removeMarked(v)]),
    );
  }
  return value;
}

type Mutation = { op: 'replace' | 'remove' | 'unknown' | 'repeat' | 'wrap'; at: number };

/** A valid-shaped value broken in one place: one node replaced, dropped, repeated or wrapped. */
function mutate(value: unknown, { op, at }: Mutation, hostile: unknown): unknown {
  const nodes = nodesOf(value);
  const path = nodes[at % nodes.length]!;
  const changed = setAt(value, path, (old) => {
    switch (op) {
      case 'replace':
        return hostile;
      case 'remove':
        return path.length === 0 ? undefined : REMOVE;
      case 'unknown':
        return old && typeof old === 'object' && !Array.isArray(old)
          ? { ...old, [`unknown_${at}`]: hostile }
          : { value: old, unknown: hostile };
      case 'repeat':
        return Array.from({ length: 1_000 }, () => (Array.isArray(old) ? old[0] : old));
      case 'wrap':
        return at % 2 === 0 ? [old] : { value: old };
    }
  });
  return removeMarked(changed);
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('replace', 'replace', 'replace', 'remove', 'unknown', 'repeat', 'wrap'),
  at: fc.nat(),
});

/** A valid-shaped value, or the same broken in one place. */
export const hostileOf = (valid: fc.Arbitrary<unknown>) =>
  fc.tuple(valid, mutation, hostileValue).map(([value, m, hostile]) => mutate(value, m, hostile));

// ---------------------------------------------------------------------------------------------
// URLs

/**
 * Percent-encodes everything but unreserved characters, a lone surrogate as the three bytes
 * WTF-8 gives it (encodeURIComponent throws on those): the server must refuse, not crash.
 */
export function encodeComponent(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (/^[A-Za-z0-9\-._~]$/.test(ch)) {
      out += ch;
      continue;
    }
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [
                0xf0 | (cp >> 18),
                0x80 | ((cp >> 12) & 63),
                0x80 | ((cp >> 6) & 63),
                0x80 | (cp & 63),
              ];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** Path segments sent as they are (not encoded): broken percent-encoding, dot segments. */
// No dot segments: the URL parser resolves them, so the request would reach another route.
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '%2F', '%C0%AF', '%FF'];
const RAW_SEGMENT = '\u0001SEG';

const pathValue = (v: unknown) => (typeof v === 'string' ? v : toJson(v));

function fillPath(path: string, params: Record<string, unknown>): string {
  return path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const v = pathValue(params[part.slice(1)]);
      return v.startsWith(RAW_SEGMENT) ? v.slice(RAW_SEGMENT.length) : encodeComponent(v);
    })
    .join('/');
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) {
      const text = pathValue(one);
      const value = text.startsWith(RAW_SEGMENT)
        ? text.slice(RAW_SEGMENT.length)
        : encodeComponent(text);
      parts.push(`${encodeComponent(k)}=${value}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Not empty: `/categories/` is another route than `/categories/:id`. */
const hostilePathValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length > 0 && s.length < 1000)),
  fc.constantFrom(...RAW_SEGMENTS.map((s) => RAW_SEGMENT + s)),
  fc.constant('a'.repeat(10_000)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.integer().map(String),
);

/** Query values: strings, repeated keys, or keys the contract does not know. */
const hostileQuery = (valid: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(
      valid,
      fc.constantFrom('replace', 'repeat', 'unknown', 'proto'),
      fc.nat(),
      hostilePathValue,
    )
    .map(([query, op, at, hostile]): Record<string, unknown> => {
      const keys = Object.keys(query);
      const key = keys.length ? keys[at % keys.length]! : 'q';
      switch (op) {
        case 'replace':
          return { ...query, [key]: hostile };
        case 'repeat':
          return { ...query, [key]: [hostile, hostile, String(query[key] ?? '')] };
        case 'unknown':
          return { ...query, [`unknown${at % 7}`]: hostile };
        case 'proto':
          return { ...query, ['__proto__']: hostile, constructor: hostile };
      }
    });

// ---------------------------------------------------------------------------------------------
// Bodies

/** A 2×2 24-bit BMP, made by hand: the one image type sharp cannot read. */
export function tinyBmp(): Buffer {
  const row = 2 * 3 + 2;
  const pixels = row * 2;
  const b = Buffer.alloc(14 + 40 + pixels);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(2, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.fill(0x7f, 54);
  return b;
}

export type ImageSamples = { png: Buffer; jpeg: Buffer; bmp: Buffer };

function multipart(
  parts: { name: string; filename?: string; type?: string; data: Buffer }[],
  boundary: string,
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Uploads: real images of each type, damaged ones, impostors, too many parts, broken framing. */
function multipartArbitrary(images: ImageSamples, hostile: boolean) {
  const good = fc.constantFrom(images.png, images.jpeg, images.bmp);
  const bad = fc.oneof(
    fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)),
    fc.constantFrom(
      Buffer.alloc(0),
      images.png.subarray(0, 40),
      Buffer.concat([images.png.subarray(0, 8), Buffer.alloc(500, 0xff)]),
      Buffer.concat([images.jpeg.subarray(0, 3), Buffer.alloc(500, 0x00)]),
      Buffer.concat([Buffer.from('BM'), Buffer.alloc(60, 0xff)]),
      images.bmp.subarray(0, 30),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.alloc(1_100_000, 0x41),
    ),
  );
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  if (!hostile) {
    return good.map((data) => ({
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: multipart(
        [{ name: 'file', filename: 'photo.png', type: 'image/png', data }],
        boundary,
      ),
    }));
  }
  return fc
    .record({
      data: fc.oneof(good, bad),
      name: fc.constantFrom('file', 'image', '', 'file"; name="x'),
      filename: fc.constantFrom('a.png', '', '../../../etc/passwd', 'x'.repeat(2_000), 'ö.png'),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/html', '', 'image/svg+xml'),
      extraFields: fc.nat({ max: 8 }),
      extraFiles: fc.nat({ max: 2 }),
      close: fc.boolean(),
      contentType: fc.constantFrom(
        `multipart/form-data; boundary=${boundary}`,
        `multipart/form-data; boundary=${boundary}`,
        'multipart/form-data',
        'multipart/form-data; boundary=other',
        'application/json',
        'image/png',
      ),
    })
    .map((r) => {
      const parts = [
        { name: r.name, filename: r.filename, type: r.type, data: r.data },
        ...Array.from({ length: r.extraFields }, (_, i) => ({
          name: `field${i}`,
          data: Buffer.from('x'.repeat(i * 100)),
        })),
        ...Array.from({ length: r.extraFiles }, () => ({
          name: 'file',
          filename: 'b.png',
          type: 'image/png',
          data: images.png,
        })),
      ];
      return { contentType: r.contentType, payload: multipart(parts, boundary, r.close) };
    });
}

/** Bodies JSON cannot parse, or in a type the route does not take. */
const BROKEN_JSON = [
  '',
  '{',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  'null',
  '"text"',
  '[]',
  '{"a":1}{"a":2}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\u0000',
  '{"a":NaN}',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json, text/plain',
  '*/*',
];

// ---------------------------------------------------------------------------------------------
// Requests

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Authorization values that are not a token at all. */
const GARBAGE_AUTH = [
  'Bearer',
  'Bearer ',
  'Bearer a.b.c',
  'Basic YWRtaW46YWRtaW4=',
  `Bearer ${'a'.repeat(10_000)}`,
  'Bearer eyJhbGciOiJub25lIn0.e30.',
  'bearer  \t token',
];

const CALLER_WEIGHTS: Record<Caller, number> = {
  owner: 10,
  manager: 3,
  staff: 3,
  superAdmin: 2,
  outsider: 2,
  none: 1,
  expired: 1,
  unsigned: 1,
  garbage: 1,
};

const callerArbitrary = fc.oneof(
  ...CALLERS.map((c) => ({ arbitrary: fc.constant(c), weight: CALLER_WEIGHTS[c] })),
);

export type FuzzWorld = {
  /** Hint for a route: known ids, slugs and upload URLs by field name. */
  hint: (route: RouteDef) => ArbitraryHint;
  images: ImageSamples;
};

/**
 * Requests for one route from its contract: half shaped as the contract says (to reach the
 * service and the database), half with one part made hostile (params, query, headers, body,
 * content type, authorization).
 */
export function requestArbitrary(route: RouteDef, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const hint = world.hint(route);
  const paramNames = pathParamNames(route.path);
  const shaped = (schema: z.ZodType | undefined) =>
    (schema ? preferValid(schema, arbitraryOf(schema, hint)) : fc.constant({})) as fc.Arbitrary<
      Record<string, unknown>
    >;
  const params = shaped(route.params);
  const query = shaped(route.query);
  const headers = shaped(route.headers);
  const jsonBody = route.body
    ? preferValid(route.body, arbitraryOf(route.body, hint))
    : fc.constant(undefined);
  const multipartRoute = route.consumes === 'multipart/form-data';

  type Parts = {
    params: Record<string, unknown>;
    query: Record<string, unknown>;
    headers: Record<string, unknown>;
    body: { contentType?: string; payload?: string | Buffer };
    auth?: string;
  };
  const bodyOf = (value: fc.Arbitrary<unknown>) =>
    value.map((v) =>
      v === undefined && !route.body ? {} : { contentType: 'application/json', payload: toJson(v) },
    );
  const validBody: fc.Arbitrary<Parts['body']> = multipartRoute
    ? multipartArbitrary(world.images, false)
    : HAS_BODY.has(route.method)
      ? bodyOf(jsonBody)
      : fc.constant({});

  const valid = fc.record({ params, query, headers, body: validBody });
  const hostileParts: fc.Arbitrary<[string, Parts]>[] = [];
  const tagged = (kind: string, arb: fc.Arbitrary<Parts>) =>
    hostileParts.push(arb.map((p) => [kind, p] as [string, Parts]));
  if (paramNames.length > 0) {
    tagged(
      'params',
      fc
        .tuple(valid, fc.constantFrom(...paramNames), hostilePathValue)
        .map(([p, name, v]) => ({ ...p, params: { ...p.params, [name]: v } })),
    );
  }
  tagged(
    'query',
    fc.tuple(valid, hostileQuery(query)).map(([p, q]) => ({ ...p, query: q })),
  );
  tagged(
    'headers',
    fc
      .tuple(
        valid,
        fc.constantFrom('idempotency-key', 'content-length', 'x-request-id', 'accept', 'host'),
        fc.oneof(
          fc.constantFrom('', ' ', 'a'.repeat(300), 'a'.repeat(8_000), '../x', 'k e y', '-1'),
          fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
        ),
      )
      .map(([p, name, v]) => ({ ...p, headers: { ...p.headers, [name]: v } })),
  );
  tagged(
    'auth',
    fc.tuple(valid, fc.constantFrom(...GARBAGE_AUTH)).map(([p, auth]) => ({ ...p, auth })),
  );
  if (multipartRoute) {
    tagged(
      'multipart',
      fc.tuple(valid, multipartArbitrary(world.images, true)).map(([p, body]) => ({ ...p, body })),
    );
  } else {
    tagged(
      'body',
      fc
        .tuple(
          valid,
          route.body ? bodyOf(hostileOf(jsonBody)) : bodyOf(fc.jsonValue({ maxDepth: 2 })),
        )
        .map(([p, body]) => ({ ...p, body })),
    );
    tagged(
      'raw body',
      fc
        .tuple(
          valid,
          fc.constantFrom(...BROKEN_JSON),
          fc.constantFrom('application/json', ...CONTENT_TYPES),
        )
        .map(([p, payload, contentType]) => ({ ...p, body: { contentType, payload } })),
    );
    tagged(
      'content type',
      fc.tuple(valid, fc.constantFrom(...CONTENT_TYPES)).map(([p, contentType]) => ({
        ...p,
        body: { contentType, payload: p.body.payload ?? 'a=1' },
      })),
    );
  }

  const parts = fc.oneof(
    { arbitrary: valid.map((p) => ['valid', p] as [string, Parts]), weight: hostileParts.length },
    ...hostileParts.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
  return fc.tuple(parts, callerArbitrary).map(([[kind, p], caller]): FuzzRequest => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(p.headers)) {
      if (v !== undefined) headers[k] = pathValue(v);
    }
    if (p.body.contentType !== undefined) headers['content-type'] = p.body.contentType;
    return {
      kind,
      caller,
      method: route.method,
      url: fillPath(route.path, p.params) + queryString(p.query),
      headers,
      ...(p.body.payload !== undefined ? { payload: p.body.payload } : {}),
      ...(p.auth ? { auth: p.auth } : {}),
    };
  });
}

/** Light-my-request's options for a request as a caller sends it. */
export function injectOptions(request: FuzzRequest, callers: CallerHeaders): InjectOptions {
  const headers = { ...request.headers };
  const auth = request.auth ?? (request.caller === 'none' ? undefined : callers[request.caller]);
  if (auth) headers.authorization = auth;
  return {
    method: request.method,
    url: request.url,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

const ValidationEnvelope = z.strictObject({ errors: z.array(FieldError).min(1) });
const ProblemEnvelope = ProblemResponse.strict();

/** Why an answer breaks the contract, or null when it keeps it. */
export function contractViolation(route: RouteDef, res: LightMyRequestResponse): string | null {
  const status = res.statusCode;
  const type = String(res.headers['content-type'] ?? '');
  const json = () => {
    try {
      return { ok: true as const, value: JSON.parse(res.body) as unknown };
    } catch {
      return { ok: false as const };
    }
  };
  if (status >= 500) return `answered ${status}`;
  if (status >= 200 && status < 300) {
    const expected = [route.status ?? 200, ...(route.alsoAnswers ?? [])];
    if (!expected.includes(status as 200)) return `success ${status}, documented ${expected}`;
    if (status === 204) return res.body === '' ? null : 'a 204 with a body';
    if (route.produces) {
      return type.startsWith(route.produces) ? null : `content type ${type}, not ${route.produces}`;
    }
    const schema = route.results ? envelope(route.results) : route.response;
    if (!schema) return `success ${status} from a route that documents none`;
    if (!type.startsWith('application/json')) return `content type ${type}`;
    const body = json();
    if (!body.ok) return 'a success body that is not JSON';
    const parsed = schema.safeParse(body.value);
    return parsed.success
      ? null
      : `success body outside its schema: ${z.prettifyError(parsed.error).slice(0, 400)}`;
  }
  if (status >= 400) {
    if (!type.startsWith('application/json')) return `${status} with content type ${type}`;
    const body = json();
    if (!body.ok) return `${status} body is not JSON`;
    if (status === 422) {
      const parsed = ValidationEnvelope.safeParse(body.value);
      return parsed.success ? null : `422 outside { errors: [{ field, codes }] }`;
    }
    const parsed = ProblemEnvelope.safeParse(body.value);
    if (!parsed.success) return `${status} outside { error: { code, message } }`;
    if (status === 409 && !route.conflicts?.includes(parsed.data.error.code)) {
      return `409 ${parsed.data.error.code} is not among the route's documented conflicts`;
    }
    return null;
  }
  return `answered ${status}`;
}
