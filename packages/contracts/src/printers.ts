import { z } from 'zod';
import { TENANT_PATH, routesOf } from './http.ts';
import { BranchParams, Deleted, TenantParams, Text, Uuid } from './common.ts';

/**
 * Kitchen and receipt printers that poll the server over HTTP (issue 37): Star CloudPRNT and
 * Epson Server Direct Print. A printer is typed its poll URL (with a secret of its own); the
 * server answers it jobs rendered as 1-bit raster images of the ticket.
 */
export const PRINTER_LIMITS = {
  nameMax: 60,
  /** Printers per branch. */
  perBranchMax: 10,
  /** A printer not heard from for this long is offline. */
  offlineAfterSeconds: 60,
  /** A job a printer took and never confirmed is offered again, marked COPY, after this long. */
  unconfirmedAfterSeconds: 90,
  /** Job history kept per ticket in its answer. */
  jobsPerTicketMax: 50,
} as const;

export const PRINTER_PROTOCOLS = ['cloudprnt', 'epson-sdp'] as const;
export const PrinterProtocol = z.enum(PRINTER_PROTOCOLS);
export type PrinterProtocol = z.infer<typeof PrinterProtocol>;

/** Paper width in mm and the dots a line holds at 203 dpi (8 dots a mm, less the margins). */
export const PAPER_DOTS = { 58: 384, 80: 576 } as const;
export const PaperWidth = z.union([z.literal(58), z.literal(80)]);
export type PaperWidth = z.infer<typeof PaperWidth>;

export const PRINT_KINDS = ['kitchen', 'receipt'] as const;
export const PrintKind = z.enum(PRINT_KINDS);
export type PrintKind = z.infer<typeof PrintKind>;

export const PRINT_JOB_STATES = ['queued', 'printing', 'printed', 'failed'] as const;
export const PrintJobState = z.enum(PRINT_JOB_STATES);
export type PrintJobState = z.infer<typeof PrintJobState>;

/** What a printer last said of itself, decoded from its protocol's status. */
export const PRINTER_STATES = [
  'never_seen',
  'online',
  'offline',
  'paper_low',
  'paper_out',
  'cover_open',
  'error',
] as const;
export const PrinterState = z.enum(PRINTER_STATES);
export type PrinterState = z.infer<typeof PrinterState>;

/** A state in which the printer still prints. */
export const printerPrints = (state: PrinterState): boolean =>
  state === 'online' || state === 'paper_low';

export const CreatePrinterBody = z.object({
  name: Text.trim().min(1).max(PRINTER_LIMITS.nameMax),
  protocol: PrinterProtocol,
  paperWidthMm: PaperWidth,
  /** Kitchen tickets, receipts or both; a kind named twice counts once. */
  prints: z.array(PrintKind).min(1).max(PRINT_KINDS.length),
  /** A kitchen ticket (and a receipt, when it prints them) as soon as an order is accepted. */
  autoPrintOnAccept: z.boolean().default(true),
});
export type CreatePrinterBody = z.input<typeof CreatePrinterBody>;

export const PrinterCreated = z.object({
  id: Uuid,
  /** The URL to type into the printer; it carries the printer's secret and is shown once. */
  pollUrl: z.string(),
});
export type PrinterCreated = z.infer<typeof PrinterCreated>;

export const Printer = z.object({
  id: Uuid,
  branchId: Uuid,
  name: z.string(),
  protocol: PrinterProtocol,
  paperWidthMm: PaperWidth,
  prints: z.array(PrintKind),
  autoPrintOnAccept: z.boolean(),
  createdAt: z.string(),
  /** The printer's last poll; null before its first. */
  lastSeenAt: z.string().nullable(),
  state: PrinterState,
  /** The printer's own words for its state (CloudPRNT's status code, ePOS's status bits). */
  stateDetail: z.string().nullable(),
  /** Jobs waiting for it (queued or taken, not yet confirmed). */
  waitingJobs: z.number().int(),
});
export type Printer = z.infer<typeof Printer>;

export const PrintJob = z.object({
  id: Uuid,
  printerId: Uuid,
  printerName: z.string(),
  ticketId: Uuid,
  kind: PrintKind,
  /** A reprint, or a job offered again after its printer never confirmed it: printed "COPY". */
  copy: z.boolean(),
  state: PrintJobState,
  /** A failed job: the printer's reason. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof PrintJob>;

export const ReprintBody = z.object({
  kind: PrintKind,
  /** One printer of the ticket's branch; every printer of the branch printing `kind` when absent. */
  printerId: Uuid.optional(),
});
export type ReprintBody = z.input<typeof ReprintBody>;

const TicketJobsParams = TenantParams.extend({ ticketId: Uuid });
const PrinterParams = BranchParams.extend({ id: Uuid });

const route = routesOf('tickets');
const PRINTERS = `${TENANT_PATH}/branches/:branchId/printers`;
const JOBS = `${TENANT_PATH}/tickets/:ticketId/printjobs`;

export const printerRoutes = {
  createPrinter: route({
    method: 'POST',
    path: PRINTERS,
    access: { permission: 'OperatingStatus' },
    summary: 'Add a kitchen or receipt printer to a branch: answers the URL to type into it',
    description: [
      '`protocol`: `cloudprnt` (Star CloudPRNT: the printer posts its status, gets the job as',
      '`image/png`, deletes it to confirm) or `epson-sdp` (Epson Server Direct Print: the printer',
      'posts, gets ePOS-Print XML with the same image, posts its result). `pollUrl` carries a',
      'secret of its own and is shown only in this answer. At most',
      `${PRINTER_LIMITS.perBranchMax} printers a branch (422 \`printers_limit_reached\`).`,
    ].join('\n'),
    params: BranchParams,
    body: CreatePrinterBody,
    status: 201,
    results: PrinterCreated,
  }),
  branchPrinters: route({
    method: 'GET',
    path: PRINTERS,
    access: { permission: 'LiveTickets' },
    summary: "A branch's printers, each with its state and waiting jobs",
    description: `A printer not heard from for ${PRINTER_LIMITS.offlineAfterSeconds} s is \`offline\`.`,
    params: BranchParams,
    results: z.array(Printer),
  }),
  deletePrinter: route({
    method: 'DELETE',
    path: `${PRINTERS}/:id`,
    access: { permission: 'OperatingStatus' },
    summary: 'Remove a printer: its URL stops working and its waiting jobs go',
    params: PrinterParams,
    results: Deleted,
  }),
  ticketPrintJobs: route({
    method: 'GET',
    path: JOBS,
    access: { permission: 'LiveTickets' },
    summary: "A ticket's print jobs, newest first, with their state",
    params: TicketJobsParams,
    results: z.array(PrintJob),
  }),
  reprint: route({
    method: 'POST',
    path: JOBS,
    access: { permission: 'LiveTickets' },
    summary: 'Print a ticket again: new jobs marked COPY',
    description:
      "422 `no_printer` (field `printerId`) when the ticket's branch has no printer for `kind`.",
    params: TicketJobsParams,
    body: ReprintBody,
    status: 201,
    results: z.array(PrintJob),
  }),
};
