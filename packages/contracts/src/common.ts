import { z } from 'zod';

/** The success envelope every admin call answers with. */
export const envelope = <T extends z.ZodType>(results: T) => z.object({ results });

/** One field's server validation failure; codes come from the spec's validation lists. */
export const FieldError = z.object({
  field: z.string(),
  codes: z.array(z.string()).min(1),
  /** Values the message needs (store_closed_hours: the next opening time). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
});
export type FieldError = z.infer<typeof FieldError>;

export const ValidationErrorResponse = z.object({ errors: z.array(FieldError) });
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponse>;

export const Problem = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
});

export const ProblemResponse = z.object({ error: Problem });
export type ProblemResponse = z.infer<typeof ProblemResponse>;

/** An error envelope whose `error` carries more than code and message (a 409's current state). */
export const problemWith = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ error: Problem.extend(shape) });

export const Uuid = z.uuid();

/** Text shaped like a UUID (any version, any case): worth a lookup, not yet a valid id. */
export const looksLikeUuid = (text: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/** The path parameters of every tenant route. */
export const TenantParams = z.object({ tenantId: Uuid });
/** The path parameters of one row of a tenant: `.../tenants/:tenantId/.../:id`. */
/** The path parameters of a branch's routes: `.../tenants/:tenantId/branches/:branchId/...`. */
export const BranchParams = TenantParams.extend({ branchId: Uuid });
export const TenantIdParams = TenantParams.extend({ id: Uuid });
/** A delete's answer: the id it deleted. */
export const Deleted = z.object({ id: Uuid });

export const Language = z.enum(['en', 'ar', 'es']);
export type Language = z.infer<typeof Language>;
export const LANGUAGES = Language.options;
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

// In unicode mode \p{Cs} matches only a surrogate without its partner.
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** False for text PostgreSQL cannot store: a NUL character or an unpaired UTF-16 surrogate. */
export const isStorableText = (value: string): boolean =>
  !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);

/**
 * Every string a client sends (body, query, path): refuses what PostgreSQL cannot store with
 * `invalid_text`, so it answers 422 instead of failing in the database. Chain the field's own
 * rules after it: `Text.trim().max(50)`.
 */
export const Text = z.string().refine(isStorableText, { message: 'invalid_text' });

/** An instant with its offset (ISO 8601), as queries and bodies send one. */
export const Instant = Text.pipe(z.iso.datetime({ offset: true, message: 'date_invalid' }));

/** The largest value an integer column holds (PostgreSQL `integer`). */
export const INTEGER_MAX = 2_147_483_647;

/**
 * A place in an ordered list (sections, items, variants, modifier items): a whole number from 0
 * that the position columns can store, so an absurd one is a 422 and not a database error.
 */
export const Position = z.number().int().min(0).max(INTEGER_MAX);

/** Text in the three product languages; display falls back to the generic value. */
export const LocalizedText = z.object({
  fieldValue: Text,
  en: Text.optional(),
  ar: Text.optional(),
  es: Text.optional(),
});
export type LocalizedText = z.infer<typeof LocalizedText>;

export const localize = (text: LocalizedText, lang: Language): string =>
  text[lang] && text[lang].length > 0 ? text[lang] : text.fieldValue;

export const CheckoutTemplate = z.enum(['DELIVERY', 'PICKUP', 'DINING', 'MENU']);
export type CheckoutTemplate = z.infer<typeof CheckoutTemplate>;

export const Currency = z.enum(['EUR', 'JOD', 'USD']);
export type Currency = z.infer<typeof Currency>;

/** A tenant's stored currency code; one the product does not know reads as JOD. */
export const currencyOf = (value: string): Currency => Currency.catch('JOD').parse(value);

/** A text as searches compare it: case, accents and compatibility forms ignored. */
export const foldForSearch = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Minor units per currency: money is stored and computed as exact decimals. */
export const CURRENCY_DECIMALS: Record<Currency, number> = { EUR: 2, JOD: 3, USD: 2 };

/** The parts of a zod issue that decide its code (a raw issue, or one a validator flattened). */
export type IssueLike = {
  code?: string;
  message?: string;
  input?: unknown;
  origin?: unknown;
  minimum?: unknown;
};

/**
 * The stable code of a failed rule, the same in the server's 422 `codes` and in the forms, so
 * one message shows whether the browser or the server found the rule broken. A contract that
 * names the spec's own code as its message (error_modifierGroups_minimumQuantity_range,
 * operating_hour_intersection) wins.
 */
export function issueCode(issue: IssueLike): string {
  // Also the text type's `invalid_text`.
  if (issue.message && /^[a-z][A-Za-z0-9]*(_[A-Za-z0-9]+)+$/.test(issue.message))
    return issue.message;
  // Forms see the input; the server's validator drops it, and zod's message tells instead.
  const missing =
    'input' in issue
      ? issue.input === undefined || issue.input === null
      : /received (undefined|null)$/.test(issue.message ?? '');
  switch (issue.code) {
    case 'invalid_type':
      return missing ? 'required' : 'invalid_type';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'required' : 'min';
    case 'too_big':
      return 'max';
    case 'invalid_format':
      return 'pattern';
    case 'invalid_value':
      return missing ? 'required' : 'invalid_value';
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return issue.message && /^[a-z0-9_]+$/i.test(issue.message) ? issue.message : 'invalid';
  }
}

/** A moment in the branch's local time: weekday 0–6 from Sunday and minutes since midnight. */
export type LocalMoment = { day: number; minutes: number };

/**
 * Whether a slot from `start` to `end` (minutes since midnight) holds `minutes`; a slot that
 * closes at 23:59 runs through midnight.
 */
export const slotHolds = (start: number, end: number, minutes: number) =>
  start <= minutes && (minutes < end || end === 23 * 60 + 59);

/** A moment as a clock in some time zone shows it: two-digit parts, 24 hours, Sunday = 0. */
export type WallClock = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  weekday: number;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** `at` on the clocks of an IANA time zone (the runtime's own without one). */
export function wallClock(at: Date, timeZone?: string): WallClock {
  let format = wallClockFormats.get(timeZone ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone ?? '', format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(at)) parts[p.type] = p.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    // Some engines write midnight as 24.
    hour: String(Number(parts.hour) % 24).padStart(2, '0'),
    minute: parts.minute ?? '',
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The weekday and minutes of `at` in a time zone, as schedules are kept. */
export function localMoment(at: Date, timeZone?: string): LocalMoment {
  const c = wallClock(at, timeZone);
  return { day: c.weekday, minutes: Number(c.hour) * 60 + Number(c.minute) };
}
