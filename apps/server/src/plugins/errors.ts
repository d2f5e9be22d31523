import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { issueCode, type FieldError } from '@app/contracts';
import { DomainError, ValidationFailed } from '../errors.ts';
import { databaseErrorSummary, isDatabaseUnavailable } from '../db/errors.ts';

/** Seconds a client is told to wait while the database is unreachable. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

type Issue = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** The code of one flattened zod issue: the same function the forms use. */
const codeOf = (issue: Issue) =>
  issueCode({ ...issue.params, code: issue.keyword, message: issue.message });

export function toFieldErrors(issues: Issue[]): FieldError[] {
  const byField = new Map<string, Set<string>>();
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || '_';
    const codes = byField.get(field) ?? new Set<string>();
    codes.add(codeOf(issue));
    byField.set(field, codes);
  }
  return [...byField].map(([field, codes]) => ({ field, codes: [...codes] }));
}

/** A request's id: the caller's `x-request-id` when it is a plain token, else a new one. */
export function requestIdFor(req: http.IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
}

/** One place that decides what a failed request looks like to a client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Node would answer these two itself with an empty body (see http.requireHostHeader in app.ts).
  app.server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const requestId = requestIdFor(req);
    const body = JSON.stringify({
      error: {
        code: 'expectation_failed',
        message: 'Only Expect: 100-continue is supported',
        requestId,
      },
    });
    res.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'x-request-id': requestId,
      connection: 'close',
    });
    res.end(body);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return reply.status(400).send({
        error: {
          code: 'bad_request',
          message: 'The Host header is required',
          requestId: request.id,
        },
      });
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(422)
        .send({ errors: toFieldErrors(error.validation as unknown as Issue[]) });
    }
    if (error instanceof ValidationFailed) {
      return reply.status(422).send({ errors: error.errors });
    }
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        error: {
          ...error.details,
          code: error.code,
          message: error.message,
          requestId: request.id,
        },
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ db: databaseErrorSummary(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .send({
          error: {
            code: 'service_unavailable',
            message: 'The service is briefly unavailable; try again shortly',
            requestId: request.id,
          },
        });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, too large a body, a wrong content type: the client's mistake, said plainly.
      const code =
        status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'too_many_requests'
              : 'bad_request';
      return reply
        .status(status)
        .send({ error: { code, message: error.message, requestId: request.id } });
    }
    // A database error is logged as its code and statement only: its text quotes the values.
    const db = databaseErrorSummary(error);
    if (db) request.log.error({ db }, 'request failed: database error');
    else request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side',
        requestId: request.id,
      },
    });
  });
});

/**
 * Fastify's router errors (`frameworkErrors`), in the envelope: a path parameter past
 * maxParamLength (414) and a path that is not valid percent-encoding (400). The path itself is
 * never echoed.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, code, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'uri_too_long', 'The URL is too long']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'bad_request', 'The URL is not valid']
        : [500, 'internal_error', 'Something went wrong on our side'];
  // Sent before the app's hooks run: the request id header is set here.
  return reply
    .status(status)
    .header('x-request-id', request.id)
    .send({ error: { code, message, requestId: request.id } });
}

/**
 * Node's HTTP parser errors (`clientErrorHandler`), before any request exists: headers or a
 * request line past the size Node reads (431), a timeout (408), bytes that are not HTTP (400).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request_header_fields_too_large', 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive']
        : [400, 'bad_request', 'The request is not valid HTTP'];
  const requestId = randomUUID();
  const body = JSON.stringify({ error: { code, message, requestId } });
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `x-request-id: ${requestId}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(err);
}
