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

/** A percentage (up to three decimals) of an amount, both in thousandths. */
export const percentOf = (amountMilli: bigint, percentMilli: bigint) =>
  mulDivRound(amountMilli, percentMilli, 100n * SCALE);
