import type { Statement, StatementRecord } from '@levy/contracts';

export const RECORD_ID = '5b0c7a4e-2f1d-4c3b-9a8e-7d6c5b4a3f21';
export const FOLDER_ID = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';

export function recordFixture(overrides: Partial<StatementRecord> = {}): StatementRecord {
  return {
    id: RECORD_ID,
    folder_id: FOLDER_ID,
    name: 'Adebayo & Sons Trading Ventures',
    account_number: '0000871094',
    bank_name: 'Guaranty Trust Bank',
    statement_count: 2,
    period_start: '2025-05-01',
    period_end: '2025-06-27',
    created_by: 'Ada Obi',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function statementFixture(overrides: Partial<Statement> = {}): Statement {
  return {
    id: '9f8e7d6c-5b4a-4321-8fed-cba987654321',
    record_id: RECORD_ID,
    folder_id: FOLDER_ID,
    file_name: 'gtbank-may-june.pdf',
    format: 'pdf',
    file_size: 12_764,
    status: 'analysed',
    progress: { stage: 'done', done: 4, total: 4, percent: 100 },
    verdict: 'consistent',
    reasons: [],
    period_start: '2025-05-01',
    period_end: '2025-06-27',
    period_source: 'printed',
    totals: {
      opening_balance: '850000.00',
      closing_balance: '1291840.97',
      total_credits: '2181771.00',
      total_debits: '1739930.03',
      transaction_count: 120,
    },
    account_name: 'ADEBAYO & SONS TRADING VENTURES',
    account_number: '0000871094',
    bank_name: 'Guaranty Trust Bank',
    layout: 'gtbank',
    page_count: 4,
    has_mapping: false,
    correction_count: 0,
    error_code: null,
    error_message: null,
    created_by: 'Ada Obi',
    created_at: '2026-11-20T09:05:00.000Z',
    analysed_at: '2026-11-20T09:05:09.000Z',
    ...overrides,
  };
}
