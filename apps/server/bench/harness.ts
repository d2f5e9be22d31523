import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** Drives one URL with a fixed number of connections for a fixed time; bounded and loopback-only. */
export async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 10,
) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error('benchmarks only target loopback');
  const r = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  } satisfies LoadResult;
}

/**
 * Measures a route and its ceiling in the order A B B A, half the time each turn, and averages
 * the halves: a machine that speeds up or slows down during the run favours neither.
 */
export async function abba(
  seconds: number,
  a: (seconds: number) => Promise<LoadResult>,
  b: (seconds: number) => Promise<LoadResult>,
): Promise<[LoadResult, LoadResult]> {
  const half = Math.max(1, Math.round(seconds / 2));
  const a1 = await a(half);
  const b1 = await b(half);
  const b2 = await b(half);
  const a2 = await a(half);
  const mean = (x: LoadResult, y: LoadResult): LoadResult => ({
    rps: (x.rps + y.rps) / 2,
    p50: (x.p50 + y.p50) / 2,
    p99: (x.p99 + y.p99) / 2,
    errors: x.errors + y.errors,
    non2xx: x.non2xx + y.non2xx,
  });
  return [mean(a1, a2), mean(b1, b2)];
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * Runs `work` from `workers` concurrent loops for `seconds`, like `load` does over HTTP: the
 * in-process ceilings (a bare INSERT) are measured with the same concurrency as the route.
 */
export async function loop(seconds: number, work: () => Promise<unknown>, workers = 10) {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        await work();
        times.push(performance.now() - start);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

export type Figure = {
  name: string;
  value: number;
  unit: string;
  /** What the figure is compared with, measured in the same run; the ratio is value / ceiling. */
  ceiling?: { value: number; label: string };
  target?: string;
  ok?: boolean;
  /** Printed instead of a value: why the figure was not measured in this run. */
  skipped?: string;
};

const number = (v: number, unit: string) =>
  unit === 's' ? v.toFixed(2) : v >= 100 || Number.isInteger(v) ? v.toFixed(0) : v.toFixed(1);

export function printFigures(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  for (const f of figures) {
    if (f.skipped) {
      console.log(`  ${f.name.padEnd(46)} skipped: ${f.skipped}`);
      continue;
    }
    const value = `${number(f.value, f.unit).padStart(8)} ${f.unit.padEnd(5)}`;
    const ratio = f.ceiling
      ? `  ${(f.value / f.ceiling.value).toFixed(2)}× ${f.ceiling.label} (${number(f.ceiling.value, f.unit)} ${f.unit})`
      : '';
    const verdict = f.ok === undefined ? '' : f.ok ? '  PASS' : '  MISS';
    const target = f.target ? `  target ${f.target}` : '';
    console.log(`  ${f.name.padEnd(46)} ${value}${ratio}${target}${verdict}`);
  }
}
