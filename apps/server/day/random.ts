// @ts-expect-error a plain Node script without types
import { randomSource as source } from '../../../scripts/orders.mjs';

/** A small seeded random source (scripts/orders.mjs's), so that a day can be run again. */
export type Rnd = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
};

export const randomSource = (seed: number): Rnd => (source as (seed: number) => Rnd)(seed);
