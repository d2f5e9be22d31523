import { CURRENCY_DECIMALS, type Currency, type Language } from './common.ts';

/**
 * Exact money arithmetic on decimal text. Amounts are held as integer thousandths (enough for
 * JOD's three minor digits) in BigInt; no binary float ever touches a price.
 */
const SCALE = 1000n;

export function toMilli(value: string | number): bigint {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) throw new Error(`not a decimal amount: ${text}`);
  const milli = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -milli : milli;
}

/**
 * toMilli for a value a schema has not accepted yet (a rule between fields sees the fields as
 * sent, each field's own error already reported): null when it is not a decimal amount.
 */
export function toMilliOrNull(value: string | number): bigint | null {
  try {
    return toMilli(value);
  } catch {
    return null;
  }
}

export function fromMilli(milli: bigint): string {
  const negative = milli < 0n;
  const abs = negative ? -milli : milli;
  const whole = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** a × b / c, rounded half away from zero to a whole thousandth. */
export function mulDivRound(a: bigint, b: bigint, c: bigint): bigint {
  const n = a * b;
  const q = n / c;
  const r = n % c;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const away = twice >= (c < 0n ? -c : c);
  if (!away) return q;
  return n < 0n !== c < 0n ? q - 1n : q + 1n;
}

/** The currency's smallest unit in thousandths: 1 for JOD, 10 for EUR and USD. */
export const minorUnit = (currency: Currency) => 10n ** BigInt(3 - CURRENCY_DECIMALS[currency]);

/**
 * THE rounding of money: `amount × num / den` (thousandths) rounded half away from zero to a
 * whole `unit` (minorUnit). Prices, taxes, discounts and averages all round through it.
 */
export const roundedShare = (amount: bigint, num: bigint, den: bigint, unit: bigint) =>
  mulDivRound(amount, num, den * unit) * unit;

/** An amount in thousandths rounded to a whole `unit`. */
export const roundToUnit = (milli: bigint, unit: bigint) => roundedShare(milli, 1n, 1n, unit);

/** A percentage (up to three decimals) of an amount, both in thousandths. */
export const percentOf = (amountMilli: bigint, percentMilli: bigint) =>
  mulDivRound(amountMilli, percentMilli, 100n * SCALE);

/** An amount as the API sends it (a JSON number, exact to the thousandth) or as decimal text. */
const milliOf = (amount: number | string): bigint =>
  toMilli(typeof amount === 'number' ? amount.toFixed(3) : amount);

/**
 * THE way an amount is shown, on every screen, receipt, script and export. The rule: an amount
 * shows its currency's own decimals (CURRENCY_DECIMALS: JOD 3, EUR and USD 2), so JOD 31.125
 * reads 31.125 everywhere, never 31.13 — the spec's "2 decimals" would show JOD amounts other
 * than the ones charged. A finer amount is rounded half away from zero, as orders are priced.
 * Latin digits in every language; without `symbol`, the number alone (a receipt prints the
 * currency code beside it). An unknown currency (not loaded yet) keeps all three digits there are.
 */
export function formatMoney(
  amount: number | string,
  currency: Currency | null,
  lang: Language = 'en',
  { symbol = true }: { symbol?: boolean } = {},
): string {
  const digits = currency ? CURRENCY_DECIMALS[currency] : 3;
  const unit = 10n ** BigInt(3 - digits);
  const exact = fromMilli(mulDivRound(milliOf(amount), 1n, unit) * unit);
  const format = new Intl.NumberFormat(`${lang}-u-nu-latn`, {
    ...(currency && symbol ? { style: 'currency', currency } : {}),
    minimumFractionDigits: currency ? digits : 2,
    maximumFractionDigits: digits,
  });
  // At most three decimals: the nearest double formats back to exactly these digits.
  return format.format(Number(exact));
}
