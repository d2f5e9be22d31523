import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { recordChange } from '../../audit/audit.ts';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  PAPER_DOTS,
  PRINTER_LIMITS as L,
  type CreatePrinterBody,
  type Language,
  type LocalizedText,
  type Printer,
  type PrinterState,
  type PrintJob,
  type PrintKind,
  type ReprintBody,
  type Ticket,
} from '@app/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { tenantRow } from '../../../db/tenant-keys.ts';
import { findTenantRow } from '../../../db/tenant-rows.ts';
import { inScope, inTenant } from '../../../db/tenant-scope.ts';
import { NotFound, ValidationFailed } from '../../../errors.ts';
import { branches } from '../../identity/identity.table.ts';
import { tickets } from '../tickets.table.ts';
import { kitchenDocument, receiptDocument } from '../ticket-document.ts';
import { drawDocument, type Raster } from './raster.ts';
import { printers, printJobs, type PrinterRow, type PrintJobRow } from './printing.table.ts';
import { printerPollPath } from './poll-path.ts';

export type PrintingService = ReturnType<typeof createPrintingService>;

/** What a printer said of itself at a poll, decoded by its protocol. */
export type PrinterReport = { state: PrinterState; detail: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Printers added and removed, in their branch's history. */
const printerEntry = (
  tenantId: string,
  branchId: string,
  label: LocalizedText | null,
  action: 'update',
) => ({ tenantId, entityType: 'branch', entityId: branchId, branchId, action, label }) as const;

/**
 * Printers of a branch and their jobs (issue 37). Jobs are rows: exactly one per printer, ticket
 * and kind when an order is accepted (written in the accept's transaction); a reprint adds
 * copies; a job taken by its printer and never confirmed is offered again, as a copy.
 */
export function createPrintingService(deps: {
  db: Db;
  clock: () => Date;
  /** Where printers reach this server: the poll URL's origin. */
  publicUrl: string;
  /** The ticket as printed, and its branch's time zone. */
  printable: (tenantId: string, ticketId: string) => Promise<{ ticket: Ticket; timeZone: string }>;
}) {
  const { db, clock } = deps;

  const stateOf = (p: PrinterRow): PrinterState => {
    if (!p.lastSeenAt) return 'never_seen';
    const silentFor = clock().getTime() - p.lastSeenAt.getTime();
    return silentFor > L.offlineAfterSeconds * 1000 ? 'offline' : p.state;
  };

  const toJob = (j: PrintJobRow, printerName: string): PrintJob => ({
    id: j.id,
    printerId: j.printerId,
    printerName,
    ticketId: j.ticketId,
    kind: j.kind,
    copy: j.copy,
    state: j.state,
    reason: j.reason,
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
  });

  async function branchPrinters(tenantId: string, branchId: string): Promise<Printer[]> {
    const rows = await db
      .select()
      .from(printers)
      .where(and(eq(printers.tenantId, tenantId), eq(printers.branchId, branchId)))
      .orderBy(asc(printers.createdAt));
    if (rows.length === 0) return [];
    const waiting = await db
      .select({ printerId: printJobs.printerId, n: count() })
      .from(printJobs)
      .where(
        and(
          eq(printJobs.tenantId, tenantId),
          inArray(
            printJobs.printerId,
            rows.map((p) => p.id),
          ),
          inArray(printJobs.state, ['queued', 'printing']),
        ),
      )
      .groupBy(printJobs.printerId);
    const waitingOf = new Map(waiting.map((w) => [w.printerId, w.n]));
    return rows.map((p) => ({
      id: p.id,
      branchId: p.branchId,
      name: p.name,
      protocol: p.protocol,
      paperWidthMm: p.paperWidthMm,
      prints: p.prints,
      autoPrintOnAccept: p.autoPrintOnAccept,
      createdAt: p.createdAt.toISOString(),
      lastSeenAt: p.lastSeenAt?.toISOString() ?? null,
      state: stateOf(p),
      stateDetail: p.stateDetail,
      waitingJobs: waitingOf.get(p.id) ?? 0,
    }));
  }

  /** Jobs that were taken and never confirmed go back to the queue, printed COPY this time. */
  async function reofferUnconfirmed(q: Db | Tx, printer: PrinterRow) {
    const before = new Date(clock().getTime() - L.unconfirmedAfterSeconds * 1000);
    await q
      .update(printJobs)
      .set({ state: 'queued', copy: true, takenAt: null })
      .where(
        and(
          eq(printJobs.tenantId, printer.tenantId),
          eq(printJobs.printerId, printer.id),
          eq(printJobs.state, 'printing'),
          lt(printJobs.takenAt, before),
        ),
      );
  }

  return {
    branchPrinters,

    async create(tenantId: string, branchId: string, body: CreatePrinterBody) {
      const branch = await findTenantRow(db, branches, tenantId, branchId);
      if (!branch) throw new NotFound('Branch');
      const secret = randomBytes(24).toString('base64url');
      const id = await db.transaction(async (tx) => {
        // The branch's row locked: two adds at once cannot both pass the limit.
        await tx.execute(
          sql`select 1 from ${branches} where ${tenantRow(branches, tenantId, branchId)} for update`,
        );
        const [taken] = await tx
          .select({ n: count() })
          .from(printers)
          .where(and(eq(printers.tenantId, tenantId), eq(printers.branchId, branchId)));
        if ((taken?.n ?? 0) >= L.perBranchMax)
          throw new ValidationFailed('branchId', ['printers_limit_reached']);
        const [row] = await tx
          .insert(printers)
          .values({
            tenantId,
            branchId,
            name: body.name,
            protocol: body.protocol,
            paperWidthMm: body.paperWidthMm,
            prints: [...new Set(body.prints)],
            autoPrintOnAccept: body.autoPrintOnAccept ?? true,
            secretHash: hashOf(secret),
          })
          .returning({ id: printers.id });
        await recordChange(tx, {
          ...printerEntry(tenantId, branchId, branch.name, 'update'),
          before: null,
          after: { [`printers.${body.name}`]: { protocol: body.protocol, prints: body.prints } },
        });
        return row!.id;
      });
      return { id, pollUrl: `${deps.publicUrl}${printerPollPath(id, secret)}` };
    },

    async remove(tenantId: string, branchId: string, id: string) {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(printers)
          .where(and(tenantRow(printers, tenantId, id), eq(printers.branchId, branchId)))
          .returning({ id: printers.id, name: printers.name, protocol: printers.protocol });
        if (!gone) throw new NotFound('Printer');
        await recordChange(tx, {
          ...printerEntry(tenantId, branchId, null, 'update'),
          before: { [`printers.${gone.name}`]: { protocol: gone.protocol } },
          after: null,
        });
      });
      return { id };
    },

    /**
     * In the accept's transaction: one job per auto-printing printer of the branch and kind it
     * prints. The unique index makes a second accept of the same order print nothing.
     */
    async queueOnAccept(tx: Tx, tenantId: string, ticket: { id: string; branchId: string }) {
      const auto = await tx
        .select({ id: printers.id, prints: printers.prints })
        .from(printers)
        .where(
          and(
            eq(printers.tenantId, tenantId),
            eq(printers.branchId, ticket.branchId),
            eq(printers.autoPrintOnAccept, true),
          ),
        );
      const rows = auto.flatMap((p) =>
        p.prints.map((kind) => ({
          tenantId,
          printerId: p.id,
          ticketId: ticket.id,
          kind,
          cause: 'accept' as const,
        })),
      );
      if (rows.length > 0) await tx.insert(printJobs).values(rows).onConflictDoNothing();
    },

    async ticketJobs(tenantId: string, ticketId: string): Promise<PrintJob[]> {
      const [ticket] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(tenantRow(tickets, tenantId, ticketId));
      if (!ticket) throw new NotFound('Ticket');
      const rows = await db
        .select({ job: printJobs, printerName: printers.name })
        .from(printJobs)
        .innerJoin(printers, eq(printers.id, printJobs.printerId))
        .where(and(eq(printJobs.tenantId, tenantId), eq(printJobs.ticketId, ticketId)))
        .orderBy(desc(printJobs.createdAt), desc(printJobs.id))
        .limit(L.jobsPerTicketMax);
      return rows.map((r) => toJob(r.job, r.printerName));
    },

    /** New jobs, marked COPY, on one printer of the ticket's branch or every one printing `kind`. */
    async reprint(tenantId: string, ticketId: string, body: ReprintBody, userId: string) {
      const [ticket] = await db
        .select({ id: tickets.id, branchId: tickets.branchId })
        .from(tickets)
        .where(tenantRow(tickets, tenantId, ticketId));
      if (!ticket) throw new NotFound('Ticket');
      const candidates = await db
        .select()
        .from(printers)
        .where(and(eq(printers.tenantId, tenantId), eq(printers.branchId, ticket.branchId)));
      const chosen = candidates.filter((p) =>
        body.printerId ? p.id === body.printerId : p.prints.includes(body.kind),
      );
      if (chosen.length === 0) throw new ValidationFailed('printerId', ['no_printer']);
      const rows = await db
        .insert(printJobs)
        .values(
          chosen.map((p) => ({
            tenantId,
            printerId: p.id,
            ticketId,
            kind: body.kind,
            cause: 'reprint' as const,
            copy: true,
            userId,
          })),
        )
        .returning();
      const names = new Map(chosen.map((p) => [p.id, p.name]));
      return rows.map((j) => toJob(j, names.get(j.printerId)!));
    },

    /**
     * The printer of a poll URL, or null for any other id or secret. Found across tenants (the
     * printer has no session; its secret is its key), then worked on in its own tenant.
     */
    async printerOf(id: string, secret: string): Promise<PrinterRow | null> {
      if (!UUID.test(id) || secret.length > 100) return null;
      const [row] = await inScope({ tenantIds: [], crossTenantRead: true }, () =>
        db.select().from(printers).where(eq(printers.id, id)),
      );
      if (!row) return null;
      const given = Buffer.from(hashOf(secret), 'hex');
      return timingSafeEqual(given, Buffer.from(row.secretHash, 'hex')) ? row : null;
    },

    /**
     * A poll: the printer is heard from (its state kept), jobs it never confirmed go back to
     * the queue, and the oldest queued job is answered; `take` marks it taken (printing).
     */
    async poll(printer: PrinterRow, report: PrinterReport | null, take: boolean) {
      return inTenant(printer.tenantId, () =>
        db.transaction(async (tx) => {
          await tx
            .update(printers)
            .set({
              lastSeenAt: clock(),
              ...(report ? { state: report.state, stateDetail: report.detail } : {}),
              ...(!report && printer.state === 'never_seen' ? { state: 'online' as const } : {}),
            })
            .where(tenantRow(printers, printer.tenantId, printer.id));
          await reofferUnconfirmed(tx, printer);
          const [job] = await tx
            .select()
            .from(printJobs)
            .where(
              and(
                eq(printJobs.tenantId, printer.tenantId),
                eq(printJobs.printerId, printer.id),
                eq(printJobs.state, 'queued'),
              ),
            )
            // Of one accept's jobs, the kitchen's first: the cooks wait for it, the guest can wait.
            .orderBy(asc(printJobs.createdAt), asc(printJobs.kind), asc(printJobs.id))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!job || !take) return job ?? null;
          await tx
            .update(printJobs)
            .set({ state: 'printing', takenAt: clock() })
            .where(tenantRow(printJobs, printer.tenantId, job.id));
          return job;
        }),
      );
    },

    /** The printer fetches a job it was offered (CloudPRNT's GET): marked taken, then drawn. */
    async take(printer: PrinterRow, jobId: string | null): Promise<PrintJobRow | null> {
      if (!jobId) return this.poll(printer, null, true);
      if (!UUID.test(jobId)) return null;
      return inTenant(printer.tenantId, async () => {
        const [job] = await db
          .update(printJobs)
          .set({ state: 'printing', takenAt: clock() })
          .where(
            and(
              tenantRow(printJobs, printer.tenantId, jobId),
              eq(printJobs.printerId, printer.id),
              inArray(printJobs.state, ['queued', 'printing']),
            ),
          )
          .returning();
        return job ?? null;
      });
    },

    /** The printer's word on a job: printed, or failed with its reason. */
    async finish(printer: PrinterRow, jobId: string, printed: boolean, reason: string | null) {
      if (!UUID.test(jobId)) return;
      await inTenant(printer.tenantId, () =>
        db
          .update(printJobs)
          .set({
            state: printed ? 'printed' : 'failed',
            reason: printed ? null : reason,
            finishedAt: clock(),
          })
          .where(
            and(
              tenantRow(printJobs, printer.tenantId, jobId),
              eq(printJobs.printerId, printer.id),
              inArray(printJobs.state, ['queued', 'printing']),
            ),
          ),
      );
    },

    /** A printer's report without a poll (an ePOS result): its state kept. */
    async heard(printer: PrinterRow, report: PrinterReport) {
      await inTenant(printer.tenantId, () =>
        db
          .update(printers)
          .set({ lastSeenAt: clock(), state: report.state, stateDetail: report.detail })
          .where(tenantRow(printers, printer.tenantId, printer.id)),
      );
    },

    /** The job drawn for its printer's paper, in the ticket's language. */
    async render(printer: PrinterRow, job: PrintJobRow): Promise<Raster> {
      const { ticket, timeZone } = await inTenant(printer.tenantId, () =>
        deps.printable(printer.tenantId, job.ticketId),
      );
      return drawTicket(ticket, job.kind, {
        lang: ticket.lang,
        timeZone,
        copy: job.copy,
        width: PAPER_DOTS[printer.paperWidthMm],
      });
    },
  };
}

/** A kitchen ticket or a receipt as a printer's raster image. */
export function drawTicket(
  ticket: Ticket,
  kind: PrintKind,
  opts: { lang: Language; timeZone: string; copy: boolean; width: number },
): Raster {
  const document = kind === 'kitchen' ? kitchenDocument : receiptDocument;
  return drawDocument(document(ticket, opts), { width: opts.width, lang: opts.lang });
}
