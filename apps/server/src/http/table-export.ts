import ExcelJS from 'exceljs';
import { FileReply } from './route';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number;
  /** Naira amounts: right-aligned with two decimals in a spreadsheet. */
  isMoney?: boolean;
}

/** West Africa Time, UTC+1 all year: Nigeria keeps no daylight saving. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/**
 * An instant as an export cell in Lagos time, `2026-11-24 14:05`, the time every screen shows; the
 * column's header says "(Lagos time)". Empty for no instant.
 */
export function lagosTimeCell(iso: string | null): string {
  if (iso === null) return '';
  return new Date(new Date(iso).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

// A cell starting with one of these runs as a formula in a spreadsheet (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table as a CSV (UTF-8 with BOM, so Excel reads ₦ and names right) or an XLSX download. */
export async function exportTable<T>(input: {
  filename: string;
  sheetName: string;
  format: ExportFormat;
  columns: Array<ExportColumn<T>>;
  rows: T[];
}): Promise<FileReply> {
  const { columns, rows } = input;
  if (input.format === 'csv') {
    const lines = [
      columns.map((column) => csvCell(column.header)).join(','),
      ...rows.map((row) => columns.map((column) => csvCell(column.value(row))).join(',')),
    ];
    return new FileReply(
      `${input.filename}.csv`,
      'text/csv; charset=utf-8',
      Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    );
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(input.sheetName);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 4),
    style: column.isMoney ? { numFmt: '#,##0.00' } : {},
  }));
  for (const row of rows)
    sheet.addRow(columns.map((column) => (column.isMoney ? Number(column.value(row)) : column.value(row))));
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return new FileReply(
    `${input.filename}.xlsx`,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    Buffer.from(buffer),
  );
}
