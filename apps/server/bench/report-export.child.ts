// One measured export in a process of its own, so each peak of memory is its own: either the
// server's export over HTTP (mode "export") or exceljs's streaming writer alone writing the
// same rows (mode "exceljs"). Prints one JSON line: { ms, growthBytes, bytes }.
import { spawn } from 'node:child_process';
import { PassThrough, Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import type { ReportFilterInput } from '@app/contracts';
import { REPORT_LABELS } from '../src/modules/reports/report-labels.ts';
import { amountFormat, DATE_TIME_FORMAT } from '../src/modules/reports/report-workbook.ts';
import { EXPORT_BATCH } from '../src/modules/reports/reports.service.ts';
import { benchTicket, type BenchWorld } from './report-tickets.ts';

type ExportArgs = {
  mode: 'export';
  databaseUrl: string;
  tenantId: string;
  email: string;
  filter: ReportFilterInput;
};
type ExceljsArgs = {
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
const args = JSON.parse(process.argv[2]!) as ExportArgs | ExceljsArgs;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

/** Runs `work` and samples the resident set every 10 ms: the growth over the start is the peak. */
async function measured(work: () => Promise<number>) {
  gc!();
  await new Promise((r) => setTimeout(r, 50));
  gc!();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  const bytes = await work();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, growthBytes: peak - start, bytes };
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
  const [{ buildApp }, { openDatabase }, { testConfig }, { accessTokenFor, baseUrlOf }] =
    await Promise.all([
      import('../src/app.ts'),
      import('../src/db/client.ts'),
      import('../src/test/harness.ts'),
      import('../src/test/auth.ts'),
    ]);
  const database = await openDatabase({ databaseUrl: a.databaseUrl });
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const origin = await baseUrlOf(app);
  const token = await accessTokenFor({ app, config, database }, a.email);
  // The client is another process (curl), as a browser would be: only the server is measured.
  const download = (filter: ReportFilterInput) =>
    new Promise<number>((resolve, reject) => {
      const curl = spawn(
        'curl',
        [
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
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      curl.stdout.on('data', (d: Buffer) => (out += d.toString()));
      curl.on('error', reject);
      curl.on('close', () => {
        const [status, size] = out.trim().split(' ');
        if (status !== '200') reject(new Error(`export answered ${status}`));
        else resolve(Number(size));
      });
    });
  // Warm-up: the same code paths on a handful of rows.
  await download({ ...a.filter, ticketNumber: '1' });
  const result = await measured(() => download(a.filter));
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
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(labels.sheet);
    const amount = { numFmt: amountFormat('JOD') };
    const date = { numFmt: DATE_TIME_FORMAT };
    sheet.addRow(Object.values(labels.columns)).commit();
    for (let k = 0; k < rows; k++) {
      const i = a.last - k;
      const t = benchTicket(i, a.world);
      const at = a.newestMs - (a.count - i) * a.stepMs + a.offsetMinutes * 60_000;
      const row = sheet.addRow([
        i,
        at / 86_400_000 + 25569,
        labels.status[t.status],
        labels.type[t.template],
        t.firstName,
        t.lastName,
        null,
        t.phone,
        labels.payment[t.payment],
        a.branchNames[t.branchId] ?? '',
        t.zone?.title.en ?? null,
        t.table,
        t.totalMilli / 1000,
        'JOD',
      ]);
      row.getCell(13).style = amount;
      row.getCell(2).style = date;
      row.commit();
      // As if each batch came from somewhere: the zip catches up between batches.
      if ((k + 1) % EXPORT_BATCH === 0) {
        await new Promise((r) => setImmediate(r));
        const pipes = (sheet as unknown as { stream: { pipes?: Writable[] } }).stream.pipes ?? [];
        for (const p of pipes)
          if (p.writableNeedDrain) await new Promise((r) => p.once('drain', r));
      }
    }
    sheet.commit();
    await workbook.commit();
    await new Promise((r) => setImmediate(r));
    return bytes();
  };
  await write(100);
  return measured(() => write(a.rows));
}

const result = args.mode === 'export' ? await viaServer(args) : await exceljsAlone(args);
console.log(JSON.stringify(result));
process.exit(0);
