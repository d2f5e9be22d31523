import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LocalizedText,
  foldForSearch,
  Text,
  isStorableText,
  issueCode,
  localMoment,
  wallClock,
} from './common.ts';

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

describe('Text', () => {
  const unstorable = ['a\u0000b', '\u0000', 'a\ud800', '\udc00b', 'x\udbff\udbffy', '\udc00\ud800'];
  const storable = ['', 'Kunafa', 'كنافة', 'Crème brûlée 🍰', '\ud83c\udf70', 'tab\tand\nnewline'];

  it('tells text PostgreSQL can store from text it cannot', () => {
    for (const text of storable) expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    for (const text of unstorable) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('refuses NUL and unpaired surrogates with invalid_text, in forms and on the server', () => {
    const Name = Text.trim().min(1).max(5);
    expect(Name.parse(' ok ')).toBe('ok');
    for (const text of unstorable) {
      const result = Name.safeParse(text, { error: (issue) => issueCode(issue) });
      expect(result.error?.issues.map((i) => i.message)).toContain('invalid_text');
      const server = Name.safeParse(text);
      expect(server.error?.issues.map((i) => issueCode(i))).toContain('invalid_text');
    }
    // The other rules still apply beside it.
    const long = Name.safeParse('\u0000123456');
    expect(long.error?.issues.map((i) => issueCode(i)).sort()).toEqual(['invalid_text', 'max']);
  });

  it('guards every language of a localized text', () => {
    const result = LocalizedText.safeParse({ fieldValue: 'ok', ar: '\u0000', es: '\ud800' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), issueCode(i)])).toEqual([
      ['ar', 'invalid_text'],
      ['es', 'invalid_text'],
    ]);
  });
});

describe('the wall clock of a time zone', () => {
  // 2026-11-22 is a Sunday; 22:30 UTC is already Monday 01:30 in Amman (UTC+3).
  const at = new Date(Date.UTC(2026, 10, 22, 22, 30));

  it('reads the weekday and minutes there, as schedules are kept', () => {
    expect(localMoment(at, 'UTC')).toEqual({ day: 0, minutes: 22 * 60 + 30 });
    expect(localMoment(at, 'Asia/Amman')).toEqual({ day: 1, minutes: 90 });
  });

  it('gives two-digit parts on a 24-hour clock, midnight as 00', () => {
    expect(wallClock(at, 'Asia/Amman')).toEqual({
      year: '2026',
      month: '11',
      day: '23',
      hour: '01',
      minute: '30',
      weekday: 1,
    });
    expect(wallClock(new Date(Date.UTC(2026, 0, 1, 0, 5)), 'UTC').hour).toBe('00');
  });
});

describe('foldForSearch', () => {
  it('ignores case, accents and compatibility forms, as every search box and the POS search do', () => {
    expect(foldForSearch('CAFÉ Crème')).toBe('cafe creme');
    expect(foldForSearch('ﬁlet')).toBe('filet');
    expect(foldForSearch('شَاي')).toBe(foldForSearch('شاي'));
    expect(foldForSearch('Tea')).not.toBe(foldForSearch('Tee'));
  });
});
