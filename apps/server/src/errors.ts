/** The envelope codes of product-spec §8 and product-design "API", with their HTTP status. */
export const ERROR_STATUS = {
  INVALID_INPUT: 400,
  NO_AUTH: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  INVALID_INPUT: 'Some of the information provided is not valid.',
  NO_AUTH: 'No authorised access.',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with existing data.',
  UNPROCESSABLE: 'This request cannot be processed.',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  INTERNAL_ERROR: 'System error',
  UNAVAILABLE: 'The service is temporarily unavailable. Please try again.',
};

/** The one error type of the API: a code from the catalogue, a message for people, optional data. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;

  constructor(code: ErrorCode, message?: string, data?: unknown) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.code = code;
    this.data = data ?? null;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** INVALID_INPUT whose data maps each field to its message (product-spec §8). */
export function invalidInput(fields: Record<string, string>, message?: string): AppError {
  return new AppError('INVALID_INPUT', message ?? Object.values(fields)[0], fields);
}

export function notFound(what = 'Not found.'): AppError {
  return new AppError('NOT_FOUND', what);
}
