import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { localize } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { inScope, inTenant } from '../../db/tenant-scope.ts';
import { escapeHtml } from '../../html.ts';
import { branches, tenants } from '../../modules/identity/identity.table.ts';
import type { PrintingService } from '../../modules/tickets/printing/printing.service.ts';
import { printers } from '../../modules/tickets/printing/printing.table.ts';

export const PRINTER_EMULATOR_PREFIX = '/emulators/printers';
/** The demo's tenant whose branches each get a printer. */
const DEMO_TENANT_SLUG = 'al-bayt';
const PRINTER_NAME = 'Kitchen (emulated Star)';
/** Prints kept per printer, newest first. */
const KEEP = 30;

type Emulated = { printerId: string; url: string; branch: string };

/**
 * The demo's printers: a Star printer per Al Bayt branch polling this server over CloudPRNT
 * every 2 s, as a real one polls (POST its status, GET the PNG it is offered, DELETE it with
 * "200 OK"), keeping each print in DATA_DIR/printer-emulator to show at /emulators/printers.
 * Its poll URLs (they hold the printers' secrets) are kept beside them to survive a restart.
 */
export function createPrinterEmulator(deps: {
  db: Db;
  printing: PrintingService;
  dataDir: string;
  /** Where this server listens, for the printers' polls. */
  localUrl: () => string | null;
  log: { warn(obj: object, msg: string): void };
}) {
  const dir = path.join(deps.dataDir, 'printer-emulator');
  const stateFile = path.join(dir, 'printers.json');
  let emulated: Emulated[] = [];
  let timer: NodeJS.Timeout | null = null;
  let busy = false;

  /** One printer per demo branch: the kept ones that still exist, new ones for the rest. */
  async function setUp() {
    await fs.mkdir(dir, { recursive: true });
    const kept = JSON.parse(await fs.readFile(stateFile, 'utf8').catch(() => '[]')) as Emulated[];
    const everyTenant = <T>(work: () => Promise<T>) =>
      inScope({ tenantIds: [], crossTenantRead: true }, work);
    const [tenant] = await everyTenant(() =>
      deps.db.select().from(tenants).where(eq(tenants.slug, DEMO_TENANT_SLUG)),
    );
    if (!tenant) return;
    const rows = await inTenant(tenant.id, () =>
      deps.db.select().from(branches).where(eq(branches.tenantId, tenant.id)),
    );
    const existing = await inTenant(tenant.id, () =>
      deps.db
        .select({ id: printers.id })
        .from(printers)
        .where(and(eq(printers.tenantId, tenant.id), eq(printers.name, PRINTER_NAME))),
    );
    const alive = new Set(existing.map((p) => p.id));
    emulated = kept.filter((e) => alive.has(e.printerId));
    for (const branch of rows) {
      const name = localize(branch.name, 'en');
      if (emulated.some((e) => e.branch === name)) continue;
      const created = await inTenant(tenant.id, () =>
        deps.printing.create(tenant.id, branch.id, {
          name: PRINTER_NAME,
          protocol: 'cloudprnt',
          paperWidthMm: 80,
          prints: ['kitchen', 'receipt'],
          autoPrintOnAccept: true,
        }),
      );
      emulated.push({ printerId: created.id, url: created.pollUrl, branch: name });
    }
    await fs.writeFile(stateFile, JSON.stringify(emulated, null, 2), { mode: 0o600 });
  }

  /** A Star printer's round: report ready, fetch what is offered, print it, confirm it. */
  async function pollOnce(printer: Emulated, origin: string) {
    const url = `${origin}${new URL(printer.url).pathname}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        status: '23860000000000000000',
        printerMAC: `00:11:62:00:00:${String(emulated.indexOf(printer) + 1).padStart(2, '0')}`,
        statusCode: '200%20OK',
        printingInProgress: false,
      }),
    });
    if (!res.ok) return;
    const offer = (await res.json()) as { jobReady: boolean; jobToken?: string };
    if (!offer.jobReady || !offer.jobToken) return;
    const job = await fetch(`${url}?type=image%2Fpng&token=${encodeURIComponent(offer.jobToken)}`);
    const ok = job.ok && job.headers.get('content-type') === 'image/png';
    if (ok) {
      const folder = path.join(dir, printer.printerId);
      await fs.mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}.png`;
      await fs.writeFile(path.join(folder, name), Buffer.from(await job.arrayBuffer()));
      const files = (await fs.readdir(folder)).sort().reverse();
      for (const old of files.slice(KEEP)) await fs.rm(path.join(folder, old), { force: true });
    }
    const code = ok ? '200 OK' : '510 Media type not supported';
    await fetch(
      `${url}?code=${encodeURIComponent(code)}&token=${encodeURIComponent(offer.jobToken)}`,
      {
        method: 'DELETE',
      },
    );
  }

  async function round() {
    const origin = deps.localUrl();
    if (busy || !origin) return;
    busy = true;
    try {
      for (const printer of emulated) await pollOnce(printer, origin);
    } catch (err) {
      deps.log.warn({ err }, 'printer emulator: poll failed');
    } finally {
      busy = false;
    }
  }

  async function prints(printerId: string) {
    const names = await fs.readdir(path.join(dir, printerId)).catch(() => [] as string[]);
    return names
      .filter((n) => n.endsWith('.png'))
      .sort()
      .reverse();
  }

  const routes: FastifyPluginAsync = async (app) => {
    const hidden = { schema: { hide: true } };
    app.get('/', hidden, async (_req, reply) => {
      const sections = await Promise.all(
        emulated.map(async (p) => {
          const images = (await prints(p.printerId))
            .map(
              (n) =>
                `<figure><img src="${PRINTER_EMULATOR_PREFIX}/prints/${p.printerId}/${n}" alt="${escapeHtml(n)}"><figcaption>${escapeHtml(n.slice(0, 19).replace(/T(\d\d)-(\d\d)-(\d\d)/, ' $1:$2:$3'))} UTC</figcaption></figure>`,
            )
            .join('');
          return `<section><h2>${escapeHtml(p.branch)}</h2>${images || '<p>Nothing printed yet: accept an order of this branch.</p>'}</section>`;
        }),
      );
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Printers (emulated)</title><style>body{font-family:system-ui,sans-serif;margin:2rem;background:#f1f3f4}section{margin-bottom:2rem}.strip{display:flex}figure{display:inline-block;margin:0 1rem 1rem 0;vertical-align:top}img{background:#fff;box-shadow:0 1px 4px #0003;width:288px;image-rendering:pixelated}figcaption{font-size:.8rem;color:#555}</style></head><body><h1>Printers (emulated Star CloudPRNT)</h1><p>Each Al Bayt branch has a printer polling every 2 s. Accept an order on Live orders: its kitchen ticket and receipt appear here within seconds.</p>${sections.join('')}</body></html>`,
        );
    });
    app.get<{ Params: { printerId: string; name: string } }>(
      '/prints/:printerId/:name',
      hidden,
      async (req, reply) => {
        const { printerId, name } = req.params;
        if (!emulated.some((p) => p.printerId === printerId) || !/^[\w.-]+\.png$/.test(name))
          return reply.status(404).send();
        const file = await fs.readFile(path.join(dir, printerId, name)).catch(() => null);
        if (!file) return reply.status(404).send();
        return reply.type('image/png').send(file);
      },
    );
    app.get('/prints.json', hidden, async () => ({
      printers: await Promise.all(
        emulated.map(async (p) => ({ ...p, url: undefined, prints: await prints(p.printerId) })),
      ),
    }));
  };

  return {
    routes,
    async start(everyMs = 2000) {
      await setUp();
      timer = setInterval(() => void round(), everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    round,
  };
}
