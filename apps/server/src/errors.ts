import { ENVELOPE_CODES, MESSAGES, type ErrorCode } from '@levy/contracts';
import { isUniqueViolation } from './db/errors';

export type { ErrorCode } from '@levy/contracts';

/** The one error type of the API: a code from the catalogue (docs/product.md §8, in `@levy/contracts`), a message for people, optional data. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;

  constructor(code: ErrorCode, message?: string, data?: unknown) {
    super(message ?? ENVELOPE_CODES[code].message);
    this.code = code;
    this.data = data ?? null;
  }

  get status(): number {
    return ENVELOPE_CODES[this.code].status;
  }
}

/** INVALID_INPUT whose data maps each field to its message (docs/product.md §8). */
export function invalidInput(fields: Record<string, string>, message?: string): AppError {
  return new AppError('INVALID_INPUT', message ?? Object.values(fields)[0], fields);
}

export function notFound(what = 'Not found.'): AppError {
  return new AppError('NOT_FOUND', what);
}

/** Runs a write, answering a name taken meanwhile by another request (a unique index) as a taken name. */
export async function guardUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidInput({ name: MESSAGES.nameTaken });
    throw error;
  }
}
