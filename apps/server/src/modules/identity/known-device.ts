import { createHmac, timingSafeEqual } from 'node:crypto';

/** The cookie a browser keeps after signing in; it names no one (one MAC per email). */
export const KNOWN_DEVICE_COOKIE = '_known_device';
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** Accounts one browser is remembered for (a shared tablet at the till). */
const MAX_ENTRIES = 5;

export type KnownDevices = {
  /** Whether the cookie says this browser signed in to this email before. */
  recognizes(cookie: string | undefined, email: string): boolean;
  /** The Set-Cookie header after a successful sign-in to this email. */
  setCookie(cookie: string | undefined, email: string): string;
};

/**
 * Signed "this browser signed in here before" cookies: each entry is an expiry and an HMAC of
 * the email with it, under keys from the database (so every server copy checks the same).
 */
export function createKnownDevices(opts: {
  /** Newest first; the first signs, any verifies. */
  secrets: string[];
  secure: boolean;
  now?: () => number;
}): KnownDevices {
  const now = () => Math.floor((opts.now?.() ?? Date.now()) / 1000);
  const keys = opts.secrets.map((s) => createHmac('sha256', s).update('known-device').digest());
  const normal = (email: string) => email.trim().toLowerCase();
  const mac = (key: Buffer, email: string, exp: number) =>
    createHmac('sha256', key)
      .update(`${normal(email)}|${exp}`)
      .digest('base64url');

  type Entry = { exp: number; mac: string };
  const entries = (cookie: string | undefined): Entry[] =>
    (cookie ?? '')
      .split('~')
      .slice(0, MAX_ENTRIES)
      .map((part) => /^(\d{1,12})\.([\w-]{43})$/.exec(part))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ exp: Number(m[1]), mac: m[2]! }))
      .filter((e) => e.exp > now());
  const matches = (e: Entry, email: string) =>
    keys.some((key) => timingSafeEqual(Buffer.from(mac(key, email, e.exp)), Buffer.from(e.mac)));

  return {
    recognizes: (cookie, email) => entries(cookie).some((e) => matches(e, email)),

    setCookie(cookie, email) {
      const [key] = keys;
      if (!key) throw new Error('no known-device key');
      const exp = now() + MAX_AGE_SECONDS;
      const others = entries(cookie).filter((e) => !matches(e, email));
      const value = [{ exp, mac: mac(key, email, exp) }, ...others]
        .slice(0, MAX_ENTRIES)
        .map((e) => `${e.exp}.${e.mac}`)
        .join('~');
      return [
        `${KNOWN_DEVICE_COOKIE}=${value}`,
        'Path=/oidc',
        `Max-Age=${MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(opts.secure ? ['Secure'] : []),
      ].join('; ');
    },
  };
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
