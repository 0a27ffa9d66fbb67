import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VIEWPORT, setViewportWidth } from '../../../test/viewport';
import { RECORD_ID, recordFixture, statementFixture } from '../testing/analyser-fixtures';
import RecordPage from './record-page';
import { type GatewayRequest, stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import type { RecordAnalysis } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';

afterEach(() => {
  vi.unstubAllGlobals();
  setViewportWidth(DEFAULT_VIEWPORT.width);
});

const processing = statementFixture({
  id: 'c1d2e3f4-0000-4000-8000-000000000001',
  file_name: 'gtbank-july.pdf',
  status: 'processing',
  verdict: null,
  totals: null,
  progress: { stage: 'reading', done: 2, total: 8, percent: 30 },
});
const failed = statementFixture({
  id: 'c1d2e3f4-0000-4000-8000-000000000002',
  file_name: 'scan.pdf',
  status: 'failed',
  verdict: null,
  totals: null,
  error_code: 'NO_TEXT_LAYER',
  error_message: 'This PDF is a scan with no text to read',
});
const analysed = statementFixture({ verdict: 'suspicious' });

function answer(request: GatewayRequest) {
  if (request.path === `statement-records/${RECORD_ID}`) return { code: 'OK', data: recordFixture() };
  if (request.path === `statement-records/${RECORD_ID}/statements`)
    return {
      code: 'OK',
      data: {
        items: [processing, failed, analysed],
        pagination: { count: 3, current_page: 1, total_count: 3, total_pages: 1 },
      },
    };
  return { code: 'NOT_FOUND', message: 'Not found.', data: null };
}

function renderRecord() {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/analyser/records/${RECORD_ID}/`]}>
      <Routes>
        <Route path="/analyser/records/:id" element={<RecordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** A combined analysis where one statement repeats another's rows and one is left out as inconsistent. */
function combinedWithRepeats(): RecordAnalysis {
  const statement = (
    id: string,
    fileName: string,
    counted: number,
    repeated: number,
    leftOut: RecordAnalysis['statements'][number]['left_out'],
  ) => ({
    id,
    file_name: fileName,
    format: 'csv' as const,
    period_start: '2025-05-01',
    period_end: '2025-06-27',
    verdict: leftOut === 'inconsistent' ? ('inconsistent' as const) : ('consistent' as const),
    counted_rows: counted,
    duplicate_rows: repeated,
    left_out: leftOut,
  });
  return {
    record_id: RECORD_ID,
    statement_count: 2,
    pending_count: 0,
    duplicate_rows: 160,
    statements: [
      statement('c1d2e3f4-0000-4000-8000-000000000011', 'may.csv', 120, 0, null),
      statement('c1d2e3f4-0000-4000-8000-000000000012', 'may-june.pdf', 30, 120, null),
      statement('c1d2e3f4-0000-4000-8000-000000000013', 'may (1).csv', 0, 40, 'duplicate'),
      statement('c1d2e3f4-0000-4000-8000-000000000014', 'edited.csv', 0, 0, 'inconsistent'),
    ],
    gaps: [],
    overlaps: [],
    summary: {
      inflow: '0.00',
      outflow: '0.00',
      net: '0.00',
      count: 150,
      average_balance: null,
      minimum_balance: null,
      maximum_balance: null,
      opening_balance: null,
      closing_balance: null,
      period_start: '2025-05-01',
      period_end: '2025-06-27',
      period_source: 'printed',
    },
    monthly: [],
    balances: [],
    categories: [],
    salary: {
      is_detected: false,
      confidence: 0,
      payer: null,
      monthly_amount: null,
      typical_day: null,
      months: [],
      transaction_indexes: [],
    },
    recurring_debits: [],
    top_counterparties: [],
    reversals: [],
    bounced: [],
    charges: { total: '0.00', vat: '0.00', count: 0, by_kind: [] },
    tax_payments: { total: '0.00', payments: [] },
    verdict: 'suspicious',
    reasons: [],
    checks: [],
  };
}

describe('Record page', () => {
  it('says which statements are left out of the combined analysis, and which repeat rows counted once', async () => {
    grantPermissions([calls.getStatementRecord.permission]);
    stubGateway((request) =>
      request.path === `statement-records/${RECORD_ID}/analysis`
        ? { code: 'OK', data: combinedWithRepeats() }
        : answer(request),
    );
    renderRecord();
    const alert = await screen.findByRole('alert', { name: 'Counted once' });
    expect(
      within(alert).getByText('may-june.pdf: 120 transactions already in an earlier statement, counted once'),
    ).toBeInTheDocument();
    expect(
      within(alert).getByText('may (1).csv is left out: every transaction in it is already in an earlier statement'),
    ).toBeInTheDocument();
    expect(within(alert).getByText('edited.csv is left out: its balances or totals do not add up')).toBeInTheDocument();
    expect(within(alert).queryByText(/^may\.csv/)).not.toBeInTheDocument();
  });

  it('shows each statement’s progress, failure or verdict, and the server’s message when the combined analysis fails', async () => {
    grantPermissions([calls.getStatementRecord.permission, calls.uploadStatement.permission]);
    stubGateway(answer);
    renderRecord();
    const table = await screen.findByRole('table', { name: 'Statements' });
    const rowOf = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(
      within(rowOf('gtbank-july.pdf')).getByRole('progressbar', { name: 'Analysis progress of gtbank-july.pdf' }),
    ).toHaveAttribute('aria-valuenow', '30');
    expect(within(rowOf('gtbank-july.pdf')).getByText('Reading pages 2 of 8')).toBeInTheDocument();
    expect(within(rowOf('scan.pdf')).getByText('This PDF is a scan with no text to read')).toBeInTheDocument();
    expect(within(rowOf('gtbank-may-june.pdf')).getByText('Suspicious')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload statement' })).toBeInTheDocument();
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
  });

  it('hides the upload from those who may only look', async () => {
    grantPermissions([calls.getStatementRecord.permission]);
    stubGateway(answer);
    renderRecord();
    await screen.findByRole('table', { name: 'Statements' });
    expect(screen.queryByRole('button', { name: 'Upload statement' })).not.toBeInTheDocument();
  });

  it('on a phone, keeps each statement’s name, status and options, its other columns summed up under the name', async () => {
    setViewportWidth(390);
    grantPermissions([calls.getStatementRecord.permission, calls.deleteStatement.permission]);
    stubGateway(answer);
    renderRecord();
    const table = await screen.findByRole('table', { name: 'Statements' });
    for (const column of ['Period', 'Status', 'Transactions', 'Uploaded'])
      expect(within(table).getByText(column, { selector: 'th' })).not.toBeVisible();
    const row = within(table).getByText('gtbank-may-june.pdf').closest('tr')!;
    expect(
      within(row).getByText('01 May, 2025 – 27 Jun, 2025 · 120 transactions · Uploaded 20 Nov, 2026'),
    ).toBeVisible();
    expect(within(row).getByText('Suspicious')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Actions for gtbank-may-june.pdf' })).toBeVisible();
    expect(within(within(table).getByText('gtbank-july.pdf').closest('tr')!).getByRole('progressbar')).toBeVisible();
  });
});
