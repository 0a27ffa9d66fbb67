import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VIEWPORT, setViewportWidth } from '../../../test/viewport';
import { RECORD_ID, recordFixture, statementFixture } from '../testing/analyser-fixtures';
import RecordPage from './record-page';
import { type GatewayRequest, stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

afterEach(() => {
  vi.unstubAllGlobals();
  setViewportWidth(DEFAULT_VIEWPORT.width);
});

const processing = statementFixture({ id: 'c1d2e3f4-0000-4000-8000-000000000001', file_name: 'gtbank-july.pdf', status: 'processing', verdict: null, totals: null, progress: { stage: 'reading', done: 2, total: 8, percent: 30 } });
const failed = statementFixture({ id: 'c1d2e3f4-0000-4000-8000-000000000002', file_name: 'scan.pdf', status: 'failed', verdict: null, totals: null, error_code: 'NO_TEXT_LAYER', error_message: 'This PDF is a scan with no text to read' });
const analysed = statementFixture({ verdict: 'suspicious' });

function answer(request: GatewayRequest) {
  if (request.path === `statement-records/${RECORD_ID}`) return { code: 'OK', data: recordFixture() };
  if (request.path === `statement-records/${RECORD_ID}/statements`) return { code: 'OK', data: { items: [processing, failed, analysed], pagination: { count: 3, current_page: 1, total_count: 3, total_pages: 1 } } };
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

describe('Record page', () => {
  it('shows each statement’s progress, failure or verdict, and the server’s message when the combined analysis fails', async () => {
    grantPermissions([calls.getStatementRecord.permission, calls.uploadStatement.permission]);
    stubGateway(answer);
    renderRecord();
    const table = await screen.findByRole('table', { name: 'Statements' });
    const rowOf = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(rowOf('gtbank-july.pdf')).getByRole('progressbar', { name: 'Analysis progress of gtbank-july.pdf' })).toHaveAttribute('aria-valuenow', '30');
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
    for (const column of ['Period', 'Status', 'Transactions', 'Uploaded']) expect(within(table).getByText(column, { selector: 'th' })).not.toBeVisible();
    const row = within(table).getByText('gtbank-may-june.pdf').closest('tr')!;
    expect(within(row).getByText('01 May, 2025 – 27 Jun, 2025 · 120 transactions · Uploaded 20 Nov, 2026')).toBeVisible();
    expect(within(row).getByText('Suspicious')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Actions for gtbank-may-june.pdf' })).toBeVisible();
    expect(within(within(table).getByText('gtbank-july.pdf').closest('tr')!).getByRole('progressbar')).toBeVisible();
  });
});
