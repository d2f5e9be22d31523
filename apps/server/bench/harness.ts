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

export type Figure = {
  name: string;
  value: number;
  unit: string;
  ceiling?: number;
  target?: string;
  ok?: boolean;
};

export function printFigures(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  for (const f of figures) {
    const ratio = f.ceiling
      ? `  ratio ${(f.value / f.ceiling).toFixed(2)} of ceiling ${f.ceiling.toFixed(1)} ${f.unit}`
      : '';
    const verdict = f.ok === undefined ? '' : f.ok ? '  ✓' : '  ✗';
    console.log(
      `  ${f.name.padEnd(38)} ${f.value.toFixed(1).padStart(10)} ${f.unit}${ratio}${f.target ? `  (target ${f.target})` : ''}${verdict}`,
    );
  }
}
