// Content types of the files calls take and give, without zod: `calls.ts` names them.

/** A table export: CSV or XLSX, by the call's `format`. */
export const SPREADSHEET_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const CSV_TYPES = ['text/csv'] as const;
export const PDF_TYPES = ['application/pdf'] as const;
/** A table as CSV or XLSX, or the same as a PDF document. */
export const SPREADSHEET_OR_PDF_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/pdf',
] as const;
export const CALENDAR_TYPES = ['text/calendar'] as const;
export const CALENDAR_OR_CSV_TYPES = ['text/calendar', 'text/csv'] as const;
/** What a CAC certificate may be, uploaded and downloaded. */
export const CAC_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Several documents in one download (a bill's credit notes, a year's tax cards). */
export const ZIP_TYPES = ['application/zip'] as const;
