import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  PaperWidth,
  PrinterProtocol,
  PrintJobState,
  PrintKind,
  PrinterState,
} from '@app/contracts';
import { branches, tenantIdColumn, users } from '../../identity/identity.table.ts';
import { tickets } from '../tickets.table.ts';

/**
 * A kitchen or receipt printer of a branch that polls the server (issue 37). Only the hash of
 * its secret is kept: the poll URL is shown once, when the printer is added.
 */
export const printers = pgTable(
  'printers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    protocol: text('protocol').$type<PrinterProtocol>().notNull(),
    paperWidthMm: integer('paper_width_mm').$type<PaperWidth>().notNull(),
    prints: text('prints').array().$type<PrintKind[]>().notNull(),
    autoPrintOnAccept: boolean('auto_print_on_accept').notNull().default(true),
    /** sha256 of the secret in the poll URL, hex. */
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** What the printer last said of itself, decoded, and in its own words. */
    state: text('state').$type<PrinterState>().notNull().default('never_seen'),
    stateDetail: text('state_detail'),
  },
  (t) => [index('printers_branch_idx').on(t.tenantId, t.branchId)],
);
export type PrinterRow = typeof printers.$inferSelect;

/**
 * One print of one ticket on one printer. A kitchen ticket (or receipt) printed because the
 * order was accepted is unique per printer, ticket and kind: a retried or raced accept never
 * prints twice. A reprint, or a job offered again after its printer never confirmed it, is a
 * copy.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    printerId: uuid('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PrintKind>().notNull(),
    /** 'accept' (once per acceptance) or 'reprint'. */
    cause: text('cause').$type<'accept' | 'reprint'>().notNull(),
    copy: boolean('copy').notNull().default(false),
    state: text('state').$type<PrintJobState>().notNull().default('queued'),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('print_jobs_accept_uq')
      .on(t.printerId, t.ticketId, t.kind)
      .where(sql`${t.cause} = 'accept'`),
    index('print_jobs_waiting_idx')
      .on(t.printerId, t.createdAt)
      .where(sql`${t.state} in ('queued', 'printing')`),
    index('print_jobs_ticket_idx').on(t.tenantId, t.ticketId),
  ],
);
export type PrintJobRow = typeof printJobs.$inferSelect;
