import type { FastifyRequest } from 'fastify';
import {
  DISCOUNT_CODE_TRIES,
  DISCOUNT_CODE_TRIES_EXCEEDED,
  normalizeDiscountCode,
} from '@app/contracts';
import { TooManyRequests, ValidationFailed } from '../../errors.ts';

/** Addresses remembered at once; past it the oldest windows are forgotten first. */
const CAPACITY = 50_000;

/**
 * Refused discount codes per client address and tenant, in fixed windows: a guesser gets
 * DISCOUNT_CODE_TRIES.max different codes refused, then every request of theirs carrying a code
 * answers 429 until the window ends. The same code refused again (the price preview asks again
 * as the cart changes) counts once. One server's memory (like the public rate limits); several
 * copies each allow as many.
 */
export function createCodeTries(
  options: { max?: number; windowMs?: number; now?: () => number } = {},
) {
  const max = options.max ?? DISCOUNT_CODE_TRIES.max;
  const windowMs = options.windowMs ?? DISCOUNT_CODE_TRIES.windowMs;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { codes: Set<string>; endsAt: number }>();
  const keyOf = (address: string, tenantId: string) => `${tenantId}|${address}`;

  function forget() {
    const at = now();
    for (const [key, w] of windows) if (w.endsAt <= at) windows.delete(key);
    // Still full: the oldest windows (the Map keeps insertion order) go.
    for (const key of windows.keys()) {
      if (windows.size < CAPACITY) break;
      windows.delete(key);
    }
  }

  return {
    /** Seconds until this address may try codes at this tenant again; 0 when it may now. */
    blockedFor(address: string, tenantId: string): number {
      const w = windows.get(keyOf(address, tenantId));
      const left = w ? w.endsAt - now() : 0;
      return w && w.codes.size >= max && left > 0 ? Math.ceil(left / 1000) : 0;
    },
    /** A refused code (as normalised). */
    failed(address: string, tenantId: string, code: string): void {
      const key = keyOf(address, tenantId);
      const w = windows.get(key);
      if (w && w.endsAt > now()) {
        if (w.codes.size < max) w.codes.add(code);
        return;
      }
      if (windows.size >= CAPACITY) forget();
      windows.set(key, { codes: new Set([code]), endsAt: now() + windowMs });
    },
  };
}
export type CodeTries = ReturnType<typeof createCodeTries>;

/** Whether the request carries a signed-in member of the tenant (or a super admin). */
export type StaffCheck = (request: FastifyRequest, tenantId: string) => Promise<boolean>;

/**
 * Runs a public call that may carry a discount code (price preview, intake) under the limit:
 * refused with 429 before any work when the address has used up its tries, and a refused code
 * counted after. `refusedIn` tells a refused code from the call's result or error.
 */
export function guardCodeTries(tries: CodeTries, isStaff: StaffCheck) {
  return async <T>(
    request: FastifyRequest,
    tenantId: string,
    code: string | null | undefined,
    run: () => Promise<T>,
    refusedIn: (outcome: { result?: T; error?: unknown }) => boolean,
  ): Promise<T> => {
    const typed = code ? normalizeDiscountCode(code) : '';
    if (!typed || (await isStaff(request, tenantId))) return run();
    const address = request.ip;
    const wait = tries.blockedFor(address, tenantId);
    if (wait > 0) {
      throw new TooManyRequests(
        wait,
        DISCOUNT_CODE_TRIES_EXCEEDED,
        'Too many codes tried; try again later, or order without a code',
      );
    }
    try {
      const result = await run();
      if (refusedIn({ result })) tries.failed(address, tenantId, typed);
      return result;
    } catch (error) {
      if (refusedIn({ error })) tries.failed(address, tenantId, typed);
      throw error;
    }
  };
}

/** The intake's refusal of a code: 422 on `discountCode`. */
export const codeRefusedBy = (error: unknown) =>
  error instanceof ValidationFailed && error.errors.some((e) => e.field === 'discountCode');
