import { describe, expect, it } from 'vitest';
import { rebuildRows } from './rebuild-rows';
import type { SourceDocument, SourceLine } from './source-document';

/** A PDF-like line: cells at x positions, 7pt text. */
function line(page: number, y: number, cells: [number, string][]): SourceLine {
  return { page, y, height: 7, cells: cells.map(([x, text]) => ({ x, text, width: text.length * 3.5 })) };
}

const HEADER: [number, string][] = [
  [30, 'Date'],
  [100, 'Narration'],
  [300, 'Debit'],
  [380, 'Credit'],
  [460, 'Balance'],
];

function pdf(lines: SourceLine[]): SourceDocument {
  return {
    format: 'pdf',
    pageCount: Math.max(...lines.map((entry) => entry.page)),
    lines,
    metadata: null,
    encoding: null,
  };
}

describe('rebuildRows', () => {
  it('keeps the order of several wrapped lines above a centred date line', () => {
    const table = rebuildRows(
      pdf([
        line(1, 40, HEADER),
        // Row 1: five narration lines, the date and figures on the middle one.
        line(1, 60, [[100, 'one']]),
        line(1, 69, [[100, 'two']]),
        line(1, 78, [
          [30, '02-Jan-2025'],
          [100, 'three'],
          [300, '10.00'],
          [460, '90.00'],
        ]),
        line(1, 87, [[100, 'four']]),
        line(1, 96, [[100, 'five']]),
        // Row 2: three lines.
        line(1, 110, [[100, 'six']]),
        line(1, 119, [
          [30, '03-Jan-2025'],
          [100, 'seven'],
          [380, '5.00'],
          [460, '95.00'],
        ]),
        line(1, 128, [[100, 'eight']]),
      ]),
    );
    expect(table.rows.map((row) => row.fields.narration)).toEqual(['one two three four five', 'six seven eight']);
  });

  it('continues a row split by a page break, below the repeated header and page furniture', () => {
    const table = rebuildRows(
      pdf([
        line(1, 40, HEADER),
        line(1, 60, [
          [30, '02-Jan-2025'],
          [100, 'NIP TRANSFER FROM'],
          [380, '5.00'],
          [460, '95.00'],
        ]),
        line(1, 69, [[100, 'ADA OKAFOR/ZENITH']]),
        line(1, 800, [[260, 'Page 1 of 2']]),
        line(2, 20, [[30, 'ACME BANK - STATEMENT (CONTINUED)']]),
        line(2, 40, HEADER),
        line(2, 60, [[100, '/house rent']]),
        line(2, 73, [
          [30, '03-Jan-2025'],
          [100, 'SMS ALERT'],
          [300, '4.00'],
          [460, '91.00'],
        ]),
        line(2, 800, [[260, 'Page 2 of 2']]),
      ]),
    );
    expect(table.rows.map((row) => row.fields.narration)).toEqual([
      'NIP TRANSFER FROM ADA OKAFOR/ZENITH /house rent',
      'SMS ALERT',
    ]);
    expect(table.headerCount).toBe(2);
    expect(table.specialLines.map((special) => special.kind)).toEqual(['page-number', 'page-number']);
    expect(table.preambleLines).toEqual([]);
  });

  it('does not append a footer below the last row, nor text after a closing balance', () => {
    const table = rebuildRows(
      pdf([
        line(1, 40, HEADER),
        line(1, 60, [
          [30, '02-Jan-2025'],
          [100, 'POS PURCHASE'],
          [300, '5.00'],
          [460, '95.00'],
        ]),
        line(1, 73, [
          [100, 'Closing Balance'],
          [460, '95.00'],
        ]),
        line(1, 82, [[100, 'Thank you for banking with us']]),
        line(1, 200, [[100, 'Please report errors within 14 days']]),
      ]),
    );
    expect(table.rows.map((row) => row.fields.narration)).toEqual(['POS PURCHASE']);
    expect(table.specialLines.map((special) => special.kind)).toEqual(['closing']);
  });

  it('reads a header whose words wrap over two lines', () => {
    const table = rebuildRows(
      pdf([
        line(1, 40, [
          [30, 'Transaction'],
          [100, 'Narration'],
          [300, 'Debit'],
          [380, 'Credit'],
          [460, 'Balance'],
        ]),
        line(1, 48, [[30, 'Date']]),
        line(1, 62, [
          [30, '02-Jan-2025'],
          [100, 'AIRTIME'],
          [300, '1.00'],
          [460, '99.00'],
        ]),
      ]),
    );
    expect(table.headerLabels.date).toBe('Transaction Date');
    expect(table.rows).toHaveLength(1);
  });

  it('lists the rows above a header that starts mid-page as unplaced, with the date pieces wrapped around a row joined', () => {
    const table = rebuildRows(
      pdf([
        line(1, 40, HEADER),
        line(1, 60, [
          [30, '02-Jan-2025'],
          [100, 'FIRST'],
          [300, '10.00'],
          [460, '90.00'],
        ]),
        line(2, 40, [
          [30, '03-Jan-2025'],
          [100, 'ABOVE A NEW SECTION'],
          [300, '5.00'],
          [460, '85.00'],
        ]),
        line(2, 60, HEADER),
        // A centred row whose date wraps above and below its figures.
        line(2, 76, [[30, '04-Jan-']]),
        line(2, 80, [
          [100, 'SECOND'],
          [380, '15.00'],
          [460, '100.00'],
        ]),
        line(2, 84, [[30, '2025']]),
      ]),
    );
    expect(table.rows.map((row) => [row.fields.date, row.fields.narration])).toEqual([
      ['02-Jan-2025', 'FIRST'],
      ['04-Jan-2025', 'SECOND'],
    ]);
    expect(table.unplacedLines.map((entry) => [entry.page, entry.y])).toEqual([[2, 40]]);
  });
});
