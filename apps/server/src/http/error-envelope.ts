import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors';

export interface ErrorEnvelope {
  status: number;
  body: { code: string; message: string; data: unknown };
}

const BODY_TOO_LARGE = 'The request is too large (10 MB at most).';
const FILE_TOO_LARGE = 'The file is too large (25 MB at most).';
const WRONG_MEDIA_TYPE = 'Send the request as JSON (Content-Type: application/json) or as multipart form data.';

function invalid(message: string, data: Record<string, string> = {}): ErrorEnvelope {
  return { status: 400, body: { code: 'INVALID_INPUT', message, data } };
}

/**
 * The one mapping from anything thrown to the envelope (architecture convention 4): AppErrors as
 * they are; Fastify's own request errors (bad URL, media type, size, malformed multipart) as
 * INVALID_INPUT in words a person can act on; everything else INTERNAL_ERROR, logged, details hidden.
 */
export function errorEnvelope(error: unknown, log: FastifyBaseLogger): ErrorEnvelope {
  if (error instanceof AppError)
    return { status: error.status, body: { code: error.code, message: error.message, data: error.data } };
  const framework = error as { statusCode?: number; code?: string; message?: string };
  switch (framework.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return invalid(FILE_TOO_LARGE, { file: FILE_TOO_LARGE });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return invalid(BODY_TOO_LARGE);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return invalid(WRONG_MEDIA_TYPE);
    // A path parameter longer than the router reads (100 characters) is a wrong id or token like
    // any other: NOT_FOUND, as a parameter that fails its schema (decision 0001).
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errorEnvelope(new AppError('NOT_FOUND'), log);
    case 'FST_ERR_BAD_URL':
      return invalid('The address has a malformed %-escape.', { path: 'The address has a malformed %-escape.' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalid('The request body is empty or cut short.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalid('The form has too many fields or files.');
  }
  if (framework.statusCode && framework.statusCode < 500)
    return invalid('The request could not be read. Check its address, headers and body.');
  log.error({ err: error }, 'Unhandled error');
  return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'System error', data: null } };
}
