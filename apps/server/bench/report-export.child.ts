// One measured export in a process of its own: either the server's export over HTTP to curl
// (mode "export") or the same rows written from memory through the same sheet writer, i.e.
// exceljs's streaming writer alone (mode "exceljs"). Prints one JSON line (ChildResult).
//
// measure "time": wall time, CPU time (this process; for the export also PostgreSQL's backends
// and curl) and the resident set's peak growth. measure "memory": every `sampleMs` a full
// garbage collection, then the heap in use plus the memory held outside it (buffers, zlib):
// what the process really keeps, whatever room V8 chose to reserve.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { ReportFilterInput } from '@app/contracts';
import { REPORT_LABELS } from '../src/modules/reports/report-labels.ts';
import type { ExportRow } from '../src/modules/reports/reports.repository.ts';
import { StreamedSheet } from '../src/modules/reports/report-workbook.ts';
import { DRAIN_EVERY, exportCells, sheetSpec } from '../src/modules/reports/reports.service.ts';
import { benchTicket, type BenchWorld } from './report-tickets.ts';

type Common = { measure: 'time' | 'memory'; sampleMs?: number };
type ExportArgs = Common & {
  mode: 'export';
  databaseUrl: string;
  tenantId: string;
  email: string;
  filter: ReportFilterInput;
};
type ExceljsArgs = Common & {
  mode: 'exceljs';
  world: BenchWorld;
  branchNames: Record<string, string>;
  /** Ticket indexes written, newest first: from `last` down to `last − rows + 1`. */
  last: number;
  rows: number;
  /** The seed's clock: ticket i was placed at newestMs − (count − i) × stepMs. */
  count: number;
  newestMs: number;
  stepMs: number;
  offsetMinutes: number;
};
export type ChildResult = {
  ms: number;
  /** CPU milliseconds of this process, and of PostgreSQL's backends and curl (export). */
  cpuMs: number;
  dbCpuMs: number;
  clientCpuMs: number;
  rssGrowthBytes: number;
  /** measure "memory": peak of heap used + external after a full GC, over the start. */
  retainedGrowthBytes: number;
  samples: number;
  bytes: number;
};
const args = JSON.parse(process.argv[2]!) as ExportArgs | ExceljsArgs;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const retained = () => {
  // Twice: after one full collection the freed buffers' bytes are still counted as external
  // until the next (V8 sweeps array buffers lazily), a lag that grows with the time between
  // samples and made the longer export look as if it kept more.
  gc!();
  gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/** CPU milliseconds of the processes `pids` (Linux /proc), 0 for those gone or unreadable. */
function cpuOf(pids: number[]): Map<number, number> {
  const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      out.set(pid, 0);
    }
  }
  return out;
}

/** Rows written before the measured run by the writer alone (about a week of the seed's). */
const WARM_UP_ROWS = 2_000;

type Work = () => Promise<{ bytes: number; clientCpuMs?: number }>;

async function measured(work: Work, backends: () => Promise<number[]>) {
  const start = retained();
  await new Promise((r) => setTimeout(r, 50));
  const before = cpuOf(await backends());
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let peakRetained = start;
  let samples = 0;
  const sampler =
    args.measure === 'memory'
      ? setInterval(() => {
          peakRetained = Math.max(peakRetained, retained());
          samples++;
        }, args.sampleMs ?? 250)
      : setInterval(() => {
          peakRss = Math.max(peakRss, process.memoryUsage().rss);
        }, 10);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const { bytes, clientCpuMs = 0 } = await work();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const after = cpuOf(await backends());
  let dbCpuMs = 0;
  for (const [pid, t] of after) dbCpuMs += t - (before.get(pid) ?? 0);
  const result: ChildResult = {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    dbCpuMs,
    clientCpuMs,
    rssGrowthBytes: peakRss - startRss,
    retainedGrowthBytes: args.measure === 'memory' ? peakRetained - start : NaN,
    samples,
    bytes,
  };
  return result;
}

/** Counts what it is given, keeping nothing. */
const counter = () => {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { sink, bytes: () => bytes };
};

async function viaServer(a: ExportArgs) {
  const [{ buildApp }, { openDatabase }, { testConfig }, { accessTokenFor, baseUrlOf }, { sql }] =
    await Promise.all([
      import('../src/app.ts'),
      import('../src/db/client.ts'),
      import('../src/test/harness.ts'),
      import('../src/test/auth.ts'),
      import('drizzle-orm'),
    ]);
  const database = await openDatabase({ databaseUrl: a.databaseUrl });
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const origin = await baseUrlOf(app);
  const token = await accessTokenFor({ app, config, database }, a.email);
  // The client is another process (curl), as a browser would be; `times` prints its CPU.
  const download = (filter: ReportFilterInput) =>
    new Promise<{ bytes: number; clientCpuMs: number }>((resolve, reject) => {
      const curl = spawn(
        'bash',
        [
          '-c',
          'curl "$@"; rc=$?; times >&2; exit $rc',
          'bash',
          '-sS',
          '-X',
          'POST',
          '-H',
          `authorization: Bearer ${token}`,
          '-H',
          'content-type: application/json',
          '--data-binary',
          JSON.stringify({ ...filter, exportFormat: 'excel', lang: 'en' }),
          '-o',
          '/dev/null',
          '-w',
          '%{http_code} %{size_download}',
          `${origin}/api/admin/tenants/${a.tenantId}/reports/carttickets/export`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      curl.stdout.on('data', (d: Buffer) => (out += d.toString()));
      curl.stderr.on('data', (d: Buffer) => (err += d.toString()));
      curl.on('error', reject);
      curl.on('close', () => {
        const [status, size] = out.trim().split(' ');
        // `times`: the shell's own line, then its children's "0m1.234s 0m0.056s".
        const seconds = (err.trim().split('\n').pop() ?? '')
          .split(' ')
          .map((t) => /(\d+)m([\d.]+)s/.exec(t))
          .reduce((s, m) => s + (m ? Number(m[1]) * 60 + Number(m[2]) : 0), 0);
        if (status !== '200') reject(new Error(`export answered ${status}: ${err}`));
        else resolve({ bytes: Number(size), clientCpuMs: seconds * 1000 });
      });
    });
  const backends = async () =>
    (
      (await database.db.execute(
        sql`select pid from pg_stat_activity where datname = current_database()`,
      )) as unknown as { rows: { pid: number }[] }
    ).rows.map((r) => r.pid);
  // Warm-up: the same code paths on the last week's rows (a few thousand), so that what V8
  // compiles once for the hot path is not counted as memory the export holds.
  const end = a.filter.endDate ?? new Date().toISOString().slice(0, 10);
  const weekBefore = new Date(Date.parse(`${end}T00:00:00Z`) - 6 * 86_400_000);
  await download({ ...a.filter, startDate: weekBefore.toISOString().slice(0, 10) });
  const result = await measured(() => download(a.filter), backends);
  await app.close();
  await database.close();
  return result;
}

async function exceljsAlone(a: ExceljsArgs) {
  const labels = REPORT_LABELS.en;
  const write = async (rows: number) => {
    const { sink, bytes } = counter();
    const out = new PassThrough();
    out.pipe(sink);
    const sheet = new StreamedSheet(
      out,
      sheetSpec(labels, 'en', [[labels.title], [labels.dates, 'bench']]),
    );
    const cells = exportCells(labels, new Map(Object.entries(a.branchNames)));
    for (let k = 0; k < rows; k++) {
      const i = a.last - k;
      const t = benchTicket(i, a.world);
      const at = a.newestMs - (a.count - i) * a.stepMs + a.offsetMinutes * 60_000;
      const row: ExportRow = [
        String(i),
        t.status,
        t.firstName,
        t.lastName,
        null,
        t.phone,
        t.payment,
        t.template,
        (t.totalMilli / 1000).toFixed(3),
        'JOD',
        t.branchId,
        t.zone?.title.en ?? null,
        t.table,
        at / 86_400_000 + 25569,
        false,
      ];
      sheet.addRow(cells(row), 'JOD');
      // As the export does after each batch it writes: the zip and the reader catch up.
      if ((k + 1) % DRAIN_EVERY === 0 && sheet.needsDrain()) await sheet.drained();
    }
    sheet.addBlankRow();
    sheet.addTotal(labels.count, rows);
    await sheet.finish();
    await new Promise((r) => setImmediate(r));
    return { bytes: bytes() };
  };
  // Warm-up, as the export's: a few thousand rows.
  await write(WARM_UP_ROWS);
  return measured(
    () => write(a.rows),
    async () => [],
  );
}

const result = args.mode === 'export' ? await viaServer(args) : await exceljsAlone(args);
console.log(JSON.stringify(result));
process.exit(0);
