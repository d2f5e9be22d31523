import type { ErrorCode, FieldError } from '@app/contracts';

/** Base of every error a service throws on purpose; the error handler maps it to a status. */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  /** One of contracts' ERROR_CODES: the admin has words for each. */
  abstract readonly code: ErrorCode;
  /** Sent beside code and message in `error` (the route's documented conflict body). */
  readonly details?: Record<string, unknown>;
  /** When asking again makes sense: sent as `Retry-After` (seconds). */
  readonly retryAfterSeconds?: number;
}

export class NotFound extends DomainError {
  readonly statusCode = 404;
  readonly code = 'not_found';
  constructor(what = 'Resource') {
    super(`${what} not found`);
  }
}

/** A request the server cannot read at all (a malformed multipart body), or refuses as sent. */
export class BadRequest extends DomainError {
  readonly statusCode = 400;
  readonly code: ErrorCode;
  constructor(
    message = 'Bad request',
    code: ErrorCode = 'bad_request',
    override readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.code = code;
  }
}

export class Unauthorized extends DomainError {
  readonly statusCode = 401;
  readonly code = 'unauthorized';
  constructor(message = 'Authentication required') {
    super(message);
  }
}

export class Forbidden extends DomainError {
  readonly statusCode = 403;
  readonly code: ErrorCode;
  constructor(message = 'Not allowed for this role', code: ErrorCode = 'forbidden') {
    super(message);
    this.code = code;
  }
}

/** A state change that is illegal now or lost a race with another one. */
export class Conflict extends DomainError {
  readonly statusCode = 409;
  readonly code: ErrorCode;
  declare readonly details?: Record<string, unknown>;
  constructor(
    code: ErrorCode = 'conflict',
    message = 'The resource changed or cannot move to that state',
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.code = code;
    if (details) this.details = details;
  }
}

/** Business validation failure: 422 with field codes from the spec's lists. */
export class ValidationFailed extends DomainError {
  readonly statusCode = 422;
  readonly code = 'validation_failed';
  readonly errors: FieldError[];
  constructor(errors: FieldError[] | string, codes?: string[]) {
    super('Validation failed');
    this.errors =
      typeof errors === 'string' ? [{ field: errors, codes: codes ?? ['invalid'] }] : errors;
  }
}

/** A provider we depend on (the payment gateway) could not be reached: 503, try again later. */
export class ServiceUnavailable extends DomainError {
  readonly statusCode = 503;
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message = 'A service this request needs is unavailable') {
    super(message);
    this.code = code;
  }
}

/** Too many tries of something that must not be guessed: 429 with Retry-After. */
export class TooManyRequests extends DomainError {
  readonly statusCode = 429;
  readonly code: ErrorCode;
  constructor(
    override readonly retryAfterSeconds: number,
    code: ErrorCode = 'too_many_requests',
    message = 'Too many requests; try again later',
  ) {
    super(message);
    this.code = code;
  }
}
