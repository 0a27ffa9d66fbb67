// The envelope as zod schemas, for the server's answers and the API reference; apart from api.ts,
// which the web app loads on every page without zod.

import { z } from './zod';
import { ERROR_CODES, type ErrorCode } from './api';

/** The envelope of a successful call, with its data schema. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal('OK'), message: z.string(), data });
}

/** The envelope of a failed call: INVALID_INPUT data maps each field to its message. */
export const errorEnvelope = z.object({
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  data: z.unknown().describe('INVALID_INPUT: each field with its message; otherwise null or details of the failure'),
});
