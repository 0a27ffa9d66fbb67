/**
 * The one error the engine throws for bad input. `field` names the input field (camelCase, as
 * in the engine's input types) so an API can answer INVALID_INPUT with `{[field]: message}`.
 */
export class TaxInputError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'TaxInputError';
    this.field = field;
  }
}

export function isTaxInputError(error: unknown): error is TaxInputError {
  return error instanceof TaxInputError;
}
