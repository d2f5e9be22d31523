// What a simulated day prints: its one line, and an HTML page a restaurant owner can read.
import { percentile } from '../bench/harness.ts';
import type { BookRow } from './books.ts';

export type Fault = { name: string; from: number; to: number };

export type DaySummary = {
  placed: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  seen: number;
  balanced: boolean;
  p50: number;
  p99: number;
};

/** The day's line, exactly: `day: placed 2000, acknowledged 1987, lost 0, …`. */
export const dayLine = (s: DaySummary) =>
  `day: placed ${s.placed}, acknowledged ${s.acknowledged}, lost ${s.lost}, duplicated ${s.duplicated}, seen by staff ${s.seen}/${s.acknowledged}, books balance ${s.balanced ? 'yes' : 'no'}, order→screen p50 ${Math.round(s.p50)} ms p99 ${Math.round(s.p99)} ms`;

/** The value at `p` (0–1) of numbers in any order (the benchmarks' percentile); NaN for none. */
export const percentileOf = (values: number[], p: number): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    p * 100,
  );

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The report page: orders per minute, order→screen latency over the day (each minute's median
 * and slowest), the faults marked as bands on both, and the books table. Plain HTML with
 * inline SVG: it opens from the folder, offline.
 */
export function reportHtml(input: {
  title: string;
  line: string;
  minutes: number;
  /** Acknowledgements by time (ms from the start). */
  acks: number[];
  /** [acknowledged at, ms until a staff screen showed it]. */
  latencies: [number, number][];
  faults: Fault[];
  books: BookRow[];
  notes: string[];
}): string {
  const { minutes } = input;
  const W = 900;
  const H = 220;
  const pad = { l: 48, r: 12, t: 12, b: 28 };
  const x = (ms: number) => pad.l + (ms / (minutes * 60_000)) * (W - pad.l - pad.r);
  const bins = Math.max(1, Math.ceil(minutes * 4));
  const binMs = (minutes * 60_000) / bins;
  const perBin = Array.from({ length: bins }, () => 0);
  for (const at of input.acks) perBin[Math.min(bins - 1, Math.floor(at / binMs))]!++;
  const perMinute = perBin.map((n) => (n * 60_000) / binMs);
  const maxRate = Math.max(1, ...perMinute);
  const bands = (h: number) =>
    input.faults
      .map(
        (f) =>
          `<rect x="${x(f.from).toFixed(1)}" y="${pad.t}" width="${Math.max(2, x(f.to) - x(f.from)).toFixed(1)}" height="${h - pad.t - pad.b}" fill="#f4b400" opacity="0.25"><title>${esc(f.name)}</title></rect>`,
      )
      .join('');
  const axis = (h: number, max: number) => {
    const ticks = [0, max / 2, max]
      .map((v) => {
        const y = h - pad.b - (v / max) * (h - pad.t - pad.b);
        return `<text x="${pad.l - 6}" y="${y + 4}" text-anchor="end">${Math.round(v)}</text><line x1="${pad.l}" x2="${W - pad.r}" y1="${y}" y2="${y}" stroke="#ddd"/>`;
      })
      .join('');
    const minutesTicks = Array.from({ length: Math.min(minutes, 10) + 1 }, (_, i) => {
      const m = (i * minutes) / Math.min(minutes, 10);
      return `<text x="${x(m * 60_000)}" y="${h - 8}" text-anchor="middle">${Math.round(m)} min</text>`;
    }).join('');
    return `${ticks}${minutesTicks}`;
  };
  const bars = perMinute
    .map((rate, i) => {
      const h = (rate / maxRate) * (H - pad.t - pad.b);
      return `<rect x="${x(i * binMs).toFixed(1)}" y="${(H - pad.b - h).toFixed(1)}" width="${Math.max(1, x(binMs) - x(0) - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="#1a73e8"/>`;
    })
    .join('');
  const latencyBins = Array.from({ length: bins }, () => [] as number[]);
  for (const [at, ms] of input.latencies)
    latencyBins[Math.min(bins - 1, Math.floor(at / binMs))]!.push(ms);
  const p50s = latencyBins.map((l) => percentileOf(l, 0.5));
  const maxes = latencyBins.map((l) => percentileOf(l, 1));
  const maxLatency = Math.max(50, ...maxes.filter(Number.isFinite));
  const y = (ms: number) => H - pad.b - (ms / maxLatency) * (H - pad.t - pad.b);
  const path = (values: number[]) =>
    values
      .map((v, i) =>
        Number.isFinite(v) ? `${x((i + 0.5) * binMs).toFixed(1)},${y(v).toFixed(1)}` : null,
      )
      .filter(Boolean)
      .join(' ');
  const svg = (h: number, body: string, label: string) =>
    `<svg viewBox="0 0 ${W} ${h}" width="100%" role="img" aria-label="${esc(label)}" font-size="11" font-family="sans-serif">${body}</svg>`;
  const books = input.books
    .map(
      (r) =>
        `<tr class="${r.ok ? 'ok' : 'bad'}"><th scope="row">${esc(r.what)}</th><td>${esc(r.ledger)}</td><td>${esc(r.product)}</td><td>${r.ok ? '✓' : '✗'}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(input.title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:960px;padding:0 1rem;color:#202124}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:2rem}
code{background:#f1f3f4;padding:.2rem .4rem;border-radius:4px;display:block;white-space:pre-wrap}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e0e0e0;padding:.4rem;text-align:start}
td{font-variant-numeric:tabular-nums}tr.bad{background:#fce8e6}.legend span{margin-inline-end:1rem}
</style></head><body>
<h1>${esc(input.title)}</h1>
<code>${esc(input.line)}</code>
<h2>Orders acknowledged per minute</h2>
${svg(H, `${bands(H)}${axis(H, maxRate)}${bars}`, 'Orders acknowledged per minute over the day')}
<h2>From order to a staff screen (ms)</h2>
<p class="legend"><span style="color:#1a73e8">— median</span><span style="color:#d93025">— slowest</span><span style="background:#f4b40040">&nbsp;fault&nbsp;</span></p>
${svg(H, `${bands(H)}${axis(H, maxLatency)}<polyline fill="none" stroke="#1a73e8" stroke-width="2" points="${path(p50s)}"/><polyline fill="none" stroke="#d93025" stroke-width="1.5" points="${path(maxes)}"/>`, 'Order to screen latency over the day')}
<h2>Faults</h2>
<ul>${input.faults.map((f) => `<li>${esc(f.name)}: ${(f.from / 1000).toFixed(0)} s – ${(f.to / 1000).toFixed(0)} s</li>`).join('') || '<li>none</li>'}</ul>
<h2>The books</h2>
<table><thead><tr><th scope="col">Check</th><th scope="col">The simulator's ledger</th><th scope="col">The product</th><th scope="col"></th></tr></thead><tbody>${books}</tbody></table>
${input.notes.length > 0 ? `<h2>Notes</h2><ul>${input.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}
