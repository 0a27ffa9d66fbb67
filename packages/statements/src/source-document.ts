/**
 * The readers' one intermediate form. A PDF gives positioned text (points from the page's top
 * left); a CSV or XLSX gives rows of cells, where a cell's x is its column number and y its row
 * number. Layout detection works on lines of cells either way, so one engine reads all three.
 */
export interface SourceCell {
  text: string;
  x: number;
  width: number;
}

export interface SourceLine {
  /** 1-based page (PDF) or sheet (XLSX); always 1 for CSV. */
  page: number;
  /** Distance from the page top in points (PDF) or the 1-based row number (CSV, XLSX). */
  y: number;
  /** Text height in points; 1 for table rows. */
  height: number;
  /** Non-empty cells, left to right. */
  cells: SourceCell[];
}

export interface PdfMetadata {
  producer: string | null;
  creator: string | null;
  /** ISO 8601 timestamps, or null when the PDF does not carry them. */
  createdAt: string | null;
  modifiedAt: string | null;
  isEncrypted: boolean;
}

export type SourceFormat = 'pdf' | 'csv' | 'xlsx';

export interface SourceDocument {
  format: SourceFormat;
  pageCount: number;
  lines: SourceLine[];
  /** PDF only. */
  metadata: PdfMetadata | null;
  /** CSV only: the text encoding the bytes were decoded with. */
  encoding: string | null;
}

/** The text of a line as one string, cells joined by two spaces so labels and values stay apart. */
export function joinLineText(line: SourceLine): string {
  let text = '';
  for (const cell of line.cells) text = text === '' ? cell.text : `${text}  ${cell.text}`;
  return text;
}
