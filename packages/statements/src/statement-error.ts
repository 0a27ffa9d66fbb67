/**
 * The one error the statement engine throws for a file it cannot use. `code` is stable (a
 * background job stores it, a screen picks its wording from it); `message` is already written
 * for the person who uploaded the file.
 */
export type StatementErrorCode =
  | 'PASSWORD_REQUIRED'
  | 'WRONG_PASSWORD'
  | 'NO_TEXT_LAYER'
  | 'NOT_A_STATEMENT'
  | 'UNSUPPORTED_FORMAT'
  | 'INVALID_MAPPING'
  | 'UNREADABLE';

export const STATEMENT_ERROR_MESSAGES: Readonly<Record<StatementErrorCode, string>> = {
  PASSWORD_REQUIRED: 'This PDF is password-protected: enter its password',
  WRONG_PASSWORD: 'The password for this PDF is not correct: check it and try again',
  NO_TEXT_LAYER: 'This PDF has no text layer; upload the e-statement from your bank',
  NOT_A_STATEMENT: 'This file does not look like a bank statement',
  UNSUPPORTED_FORMAT: 'This file type is not supported: upload a PDF, CSV or XLSX statement',
  INVALID_MAPPING: 'The column mapping is not valid',
  UNREADABLE: 'This file could not be read: it may be damaged',
};

export class StatementError extends Error {
  readonly code: StatementErrorCode;

  constructor(
    code: StatementErrorCode,
    message: string = STATEMENT_ERROR_MESSAGES[code],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StatementError';
    this.code = code;
  }
}

export function isStatementError(error: unknown): error is StatementError {
  return error instanceof StatementError;
}
