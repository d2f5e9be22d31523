import type { FastifyRequest } from 'fastify';
import { BadRequest, ValidationFailed } from '../errors.ts';

/**
 * The bytes of a multipart upload's one file part. No file: 422 `required`; over the limit the
 * parser's 413; a body that is not well-formed multipart (no boundary, data ending mid-part): 400.
 */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationFailed('file', ['required']);
  try {
    const file = await request.file();
    if (!file) throw new ValidationFailed('file', ['required']);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof ValidationFailed) throw error;
    // The parser's own errors (no boundary, data ending mid-part) carry no status.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new BadRequest('The multipart body is malformed');
  }
}
