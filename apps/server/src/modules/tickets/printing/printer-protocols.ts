import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PAPER_DOTS } from '@app/contracts';
import { eposImageData, pngOf, type Raster } from './raster.ts';
import { PRINTER_POLL_PATH } from './poll-path.ts';
import type { PrinterReport, PrintingService } from './printing.service.ts';
import type { PrinterRow, PrintJobRow } from './printing.table.ts';

/** A printer's own words, kept to show: no control characters (NUL), 120 characters at most. */
export const printerWords = (text: string): string =>
  [...text]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
    .join('')
    .trim()
    .slice(0, 120);

// ---------------------------------------------------------------------------------------------
// Star CloudPRNT: the printer POSTs its status as JSON and is answered whether a job is ready
// (`jobReady`, the `mediaTypes` it may ask for, a `jobToken`); it GETs the job with `type` and
// `token`; it DELETEs it with `code` ("200 OK" when printed, else the printer's error).

type CloudPrntPoll = {
  status?: string;
  printerMAC?: string;
  statusCode?: string;
  printingInProgress?: boolean;
};

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** The ASB bytes CloudPRNT sends as hex ("23 86 00 …" or "238600…"). */
function asbBytes(status: string | undefined): number[] {
  const hex = (status ?? '').replace(/[^0-9a-f]/gi, '');
  const bytes: number[] = [];
  for (let i = 0; i + 1 < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
  return bytes;
}

/**
 * A CloudPRNT status: its `statusCode` class (2xx ready, 4xx/5xx an error) and text, with the
 * ASB bits for the cause (byte 3: 0x20 cover open; byte 6: 0x08 paper empty, 0x04 near end).
 */
export function decodeStarStatus(poll: CloudPrntPoll): PrinterReport {
  const detail = typeof poll.statusCode === 'string' ? printerWords(decode(poll.statusCode)) : null;
  const code = Number(detail?.slice(0, 3));
  const asb = asbBytes(poll.status);
  const coverOpen = ((asb[2] ?? 0) & 0x20) !== 0 || /cover/i.test(detail ?? '');
  const paperOut =
    ((asb[5] ?? 0) & 0x08) !== 0 || /paper (out|empty)|out of paper/i.test(detail ?? '');
  const paperLow = ((asb[5] ?? 0) & 0x04) !== 0 || /paper (low|near)/i.test(detail ?? '');
  if (coverOpen) return { state: 'cover_open', detail };
  if (paperOut) return { state: 'paper_out', detail };
  if (Number.isFinite(code) && code >= 400) return { state: 'error', detail };
  return { state: paperLow ? 'paper_low' : 'online', detail };
}

// ---------------------------------------------------------------------------------------------
// Epson Server Direct Print: the printer POSTs a form; `ConnectionType=GetRequest` is answered
// with ePOS-Print XML in a <PrintRequestInfo> (or nothing to print), `SetResponse` carries the
// <PrintResponseInfo> of each job: its `printjobid`, `success`, `code` and ASB `status` bits.

const ASB = {
  NO_RESPONSE: 0x1,
  OFF_LINE: 0x8,
  COVER_OPEN: 0x20,
  MECHANICAL_ERR: 0x400,
  AUTOCUTTER_ERR: 0x800,
  UNRECOVER_ERR: 0x2000,
  RECEIPT_NEAR_END: 0x20000,
  RECEIPT_END: 0x80000,
} as const;

/** An ePOS status word and code as a printer state. */
export function decodeEpsonStatus(status: number, code: string): PrinterReport {
  const detail = printerWords([code, `status 0x${status.toString(16)}`].filter(Boolean).join(', '));
  if (status & ASB.COVER_OPEN) return { state: 'cover_open', detail };
  if (status & ASB.RECEIPT_END) return { state: 'paper_out', detail };
  if (
    status &
    (ASB.NO_RESPONSE | ASB.OFF_LINE | ASB.MECHANICAL_ERR | ASB.AUTOCUTTER_ERR | ASB.UNRECOVER_ERR)
  )
    return { state: 'error', detail };
  return {
    state: status & ASB.RECEIPT_NEAR_END ? 'paper_low' : 'online',
    detail: printerWords(code) || null,
  };
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One job as Server Direct Print's answer: the raster in an ePOS-Print <image>, then a cut. */
export function eposPrintRequest(jobId: string, r: Raster): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<PrintRequestInfo Version="2.00">',
    '<ePOSPrint>',
    '<Parameter>',
    '<devid>local_printer</devid>',
    '<timeout>10000</timeout>',
    `<printjobid>${xmlEscape(jobId)}</printjobid>`,
    '</Parameter>',
    '<PrintData>',
    '<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">',
    `<image width="${r.width}" height="${r.height}" color="color_1" mode="mono">${eposImageData(r)}</image>`,
    '<feed line="3"/>',
    '<cut type="feed"/>',
    '</epos-print>',
    '</PrintData>',
    '</ePOSPrint>',
    '</PrintRequestInfo>',
  ].join('\n');
}

/** The jobs' results of a <PrintResponseInfo>. */
export function parsePrintResponse(
  xml: string,
): { jobId: string; success: boolean; code: string; status: number }[] {
  const out = [];
  for (const part of xml.split(/<ePOSPrint>/i).slice(1)) {
    const jobId = /<printjobid>([^<]*)<\/printjobid>/i.exec(part)?.[1]?.trim() ?? '';
    const response = /<response\b([^>]*)\/?>/i.exec(part)?.[1] ?? '';
    const attr = (name: string) =>
      new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(response)?.[1] ?? '';
    out.push({
      jobId,
      success: attr('success') === 'true',
      code: attr('code'),
      status: Number(attr('status')) || 0,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/** The printers' own calls at their poll URL: no session, the URL's secret is the key. */
export const printerProtocolHandlers =
  (printing: PrintingService): FastifyPluginAsync =>
  async (app) => {
    // Epson's printers post forms; this plugin's scope alone parses them.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_000_000 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // A printer polls every few seconds: its answered polls are not logged, its errors are.
    const hidden = { schema: { hide: true }, logLevel: 'warn' as const };
    type Params = { printerId: string; secret: string };
    const printerFor = async (params: Params, reply: FastifyReply) => {
      const printer = await printing.printerOf(params.printerId, params.secret);
      if (!printer)
        void reply.status(404).send({ error: { code: 'not_found', message: 'No such printer' } });
      return printer;
    };
    const draw = (printer: PrinterRow, job: PrintJobRow) => printing.render(printer, job);

    app.post<{ Params: Params; Body: unknown }>(PRINTER_POLL_PATH, hidden, async (req, reply) => {
      const printer = await printerFor(req.params, reply);
      if (!printer) return reply;
      if (printer.protocol === 'cloudprnt') {
        const poll = (req.body ?? {}) as CloudPrntPoll;
        const job = await printing.poll(printer, decodeStarStatus(poll), false);
        // A printer busy printing is not offered the next job until it asks again.
        if (!job || poll.printingInProgress === true) return reply.send({ jobReady: false });
        return reply.send({ jobReady: true, mediaTypes: ['image/png'], jobToken: job.id });
      }
      const form = (req.body ?? {}) as Record<string, string>;
      if (form.ConnectionType === 'SetResponse') {
        for (const result of parsePrintResponse(form.ResponseFile ?? '')) {
          const reason = printerWords(result.code) || 'failed';
          await printing.finish(printer, result.jobId, result.success, reason);
          await printing.heard(printer, decodeEpsonStatus(result.status, result.code));
        }
        return reply.status(200).type('text/plain').send('');
      }
      const job = await printing.poll(printer, null, true);
      if (!job) return reply.status(200).type('text/xml; charset=utf-8').send('');
      const raster = await draw(printer, job);
      return reply.type('text/xml; charset=utf-8').send(eposPrintRequest(job.id, raster));
    });

    // CloudPRNT: the job the poll offered, drawn for the printer's paper.
    app.get<{ Params: Params; Querystring: { token?: string; type?: string } }>(
      PRINTER_POLL_PATH,
      hidden,
      async (req, reply) => {
        const printer = await printerFor(req.params, reply);
        if (!printer) return reply;
        const type = req.query.type ?? 'image/png';
        if (type !== 'image/png')
          return reply
            .status(415)
            .send({ error: { code: 'unsupported_media_type', message: 'image/png only' } });
        const token = typeof req.query.token === 'string' ? req.query.token : null;
        const job = await printing.take(printer, token);
        if (!job)
          return reply.status(404).send({ error: { code: 'not_found', message: 'No such job' } });
        const raster = await draw(printer, job);
        if (raster.width !== PAPER_DOTS[printer.paperWidthMm]) throw new Error('raster width');
        return reply.type('image/png').header('cache-control', 'no-store').send(pngOf(raster));
      },
    );

    // CloudPRNT: the printer's word on the job ("200 OK" printed; any other code its error).
    app.delete<{ Params: Params; Querystring: { token?: string; code?: string } }>(
      PRINTER_POLL_PATH,
      hidden,
      async (req, reply) => {
        const printer = await printerFor(req.params, reply);
        if (!printer) return reply;
        const code = printerWords(decode(String(req.query.code ?? '')));
        if (typeof req.query.token === 'string')
          await printing.finish(printer, req.query.token, code.startsWith('2'), code || 'failed');
        return reply.status(200).send({});
      },
    );
  };
