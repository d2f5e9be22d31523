import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { issueCode, type FieldError } from '@app/contracts';
import { DomainError, ValidationFailed } from '../errors.ts';

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

/** One place that decides what a failed request looks like to a client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
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
      return reply.status(error.statusCode).send({
        error: {
          ...error.details,
          code: error.code,
          message: error.message,
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
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side',
        requestId: request.id,
      },
    });
  });
});
