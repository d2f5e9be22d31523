import type { FastifyRequest } from 'fastify';
import { BadRequest, DomainError, ValidationFailed } from '../errors.ts';

/** A file over the route's size limit: 413, whatever part of it was read. */
class FileTooLarge extends DomainError {
  readonly statusCode = 413;
  readonly code = 'payload_too_large';
  constructor() {
    super('The file is larger than this upload takes');
  }
}

/**
 * The bytes of a multipart upload's one file part. No file: 422 `required`; over the limit 413
 * (also when the limit falls on the end of a chunk, where the parser's own check hands back the
 * part it kept); a body that is not well-formed multipart (no boundary, data ending mid-part): 400.
 */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationFailed('file', ['required']);
  try {
    const file = await request.file();
    if (!file) throw new ValidationFailed('file', ['required']);
    const bytes = await file.toBuffer();
    // busboy marks the stream truncated once a byte past the limit arrived, even when no
    // further chunk is handed out to be checked.
    if (file.file.truncated) throw new FileTooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof ValidationFailed || error instanceof FileTooLarge) throw error;
    // The parser's own errors (no boundary, data ending mid-part) carry no status.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new BadRequest('The multipart body is malformed');
  }
}
