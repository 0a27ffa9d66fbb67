import { NO_NEW_FILE_SELECTED } from '@levy/contracts';
import { CSV_MESSAGES, type CsvRowError } from '@levy/tax';
import { invalidInput } from '../errors';
import type { UploadedFile } from './route';

const CSV_CONTENT_TYPES = ['text/csv', 'application/csv'];
/** Row problems listed in one answer; the first ones are enough to fix a file. */
const MAX_ROW_ERRORS = 50;

/** CSV by name or by type: browsers label .csv files differently (Windows often says Excel). */
export function isCsv(file: UploadedFile): boolean {
  return (
    file.filename.toLowerCase().endsWith('.csv') ||
    CSV_CONTENT_TYPES.includes(file.contentType.split(';')[0].trim().toLowerCase())
  );
}

/** The CSV uploaded as `field`: 'No new file selected' without one, the invalid-document message of docs/product.md for another type. */
export function csvFileOf(uploads: UploadedFile[], field: string): UploadedFile {
  const file = uploads.find((upload) => upload.field === field);
  if (!file || file.content.length === 0) throw invalidInput({ [field]: NO_NEW_FILE_SELECTED });
  if (!isCsv(file)) throw invalidInput({ [field]: CSV_MESSAGES.invalidDocument });
  return file;
}

/** INVALID_INPUT data: the spec message for the file, then each row problem with its row and column. */
export function csvFailure(field: string, message: string, errors: CsvRowError[]) {
  const fields: Record<string, string> = { [field]: message };
  for (const error of errors.slice(0, MAX_ROW_ERRORS)) {
    const key = `row_${error.row}${error.column ? `.${error.column}` : ''}`;
    fields[key] = `Row ${error.row}${error.column ? `, ${error.column}` : ''}: ${error.message}`;
  }
  return invalidInput(fields, message);
}
