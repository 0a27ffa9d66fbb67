import type { BillDetail } from '@levy/contracts';
import {
  asKobo,
  koboToNairaString,
  PAYE_TEMPLATE_HEADERS,
  recomputePayeRow,
  type PayeMismatch,
  type PayeRow,
} from '@levy/tax';
import type { GatewayRequest } from '../../../test/gateway';

export const CORPORATION_ID = '8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11';
export const BILL_ID = '0b7e2c1a-5d3f-4e8a-9b6c-1f2a3b4c5d6e';

export const CORPORATION = {
  id: CORPORATION_ID,
  name: 'Adire Textiles Limited',
  organisation: { id: 'o', name: 'Demo' },
  state_count: 1,
  created_at: '2026-01-03T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
};

export const LAGOS = {
  id: 'r1',
  tax_payer_number: 'C-0012345',
  tax_payer_name: 'ADIRE TEXTILES LIMITED',
  is_control_consent_given: true,
  consent_given_at: null,
  employee_count: 3,
  payroll_updated_at: '2026-11-24T08:00:00.000Z',
  state: {
    id: 25,
    code: 'LA',
    name: 'Lagos',
    revenue_service: 'Lagos State Internal Revenue Service',
    collector: 'state',
  },
  created_at: '2026-01-03T10:00:00.000Z',
};

/** The corporation's registration with the federal NRS: WHT on payments to companies only. */
export const NRS_REGISTRATION = {
  ...LAGOS,
  id: 'r2',
  tax_payer_number: '1234567890123',
  is_control_consent_given: false,
  employee_count: 0,
  payroll_updated_at: null,
  state: {
    id: 38,
    code: 'NRS',
    name: 'Nigeria Revenue Service',
    revenue_service: 'Nigeria Revenue Service',
    collector: 'federal',
  },
};

export const BILL_TYPES = [
  { id: 1, code: 'paye', name: 'PAYE', description: 'Pay as you earn: the income tax on employees’ pay' },
  { id: 2, code: 'wht', name: 'Withholding Tax', description: 'Tax withheld from payments to suppliers and landlords' },
];

/** What the precheck says the paying wallet holds. */
export const WALLET_BALANCE = '5000000.00';

export const WHT_TYPES = [
  { id: 'rent', name: 'Rent', reference: 'LA-WHT-RENT', percentage: 10, description: 'Rent on land and buildings' },
];

/** The gateway answers the bill dialogs need; `charge` is what the charge call answers. */
export function billGateway(request: GatewayRequest) {
  if (request.path === 'internal/corporations')
    return {
      code: 'OK',
      data: { items: [CORPORATION], pagination: { count: 1, current_page: 1, total_count: 1, total_pages: 1 } },
    };
  if (request.path === `internal/corporations/${CORPORATION_ID}/states`) return { code: 'OK', data: [LAGOS] };
  if (request.path === 'internal/bills/types') return { code: 'OK', data: BILL_TYPES };
  if (request.path === 'internal/states/25/wht/types') return { code: 'OK', data: WHT_TYPES };
  if (request.path === 'internal/bills/wht/tax/calc') {
    const body = request.body as { amount: string };
    return { code: 'OK', data: { tax_payable: (Number(body.amount) / 10).toFixed(2), rate: 10 } };
  }
  if (request.path === 'internal/bills/precheck') {
    const params = request.params as { total?: string };
    const shortfall =
      params.total && Number(params.total) > Number(WALLET_BALANCE)
        ? (Number(params.total) - Number(WALLET_BALANCE)).toFixed(2)
        : null;
    return {
      code: 'OK',
      data: {
        month_bills: [],
        duplicate: null,
        wallet: { name: 'Demo wallet', balance: WALLET_BALANCE },
        shortfall,
        approval: { required: false, reason: null, blocked: null },
        remittance: { route: 'Remita: biller LEVYSBX-LA, service type LA-PAYE', missing: null, amount_due: null },
      },
    };
  }
  if (request.path === 'internal/bills/charge/calc') {
    const body = request.body as { amount_due: string };
    const total = (Number(body.amount_due) + 1075).toFixed(2);
    return {
      code: 'OK',
      data: { charge: '1075.00', amount_due: body.amount_due, fee: '1000.00', vat: '75.00', total },
    };
  }
  return { code: 'NOT_FOUND', message: 'Not found.', data: null };
}

const EMPLOYEES = [
  { tin: 'N-1234567', name: 'Adaeze Okafor', gross: '500000.00' },
  { tin: 'N-7654321', name: 'Musa Ibrahim', gross: '250000.00' },
  { tin: 'N-2468135', name: 'Funke Adeyemi', gross: '320000.00' },
];

/**
 * A three-employee PAYE file for the month: each row's tax is the engine's figure, except row 4
 * (the third employee), which declares ₦5,000.00 less.
 */
export function payeFile(period: string): {
  file: File;
  totalDeclared: string;
  mismatch: Omit<PayeMismatch, 'difference'>;
} {
  const records = EMPLOYEES.map((employee) => {
    const record = Object.fromEntries(PAYE_TEMPLATE_HEADERS.map((header) => [header, '0'])) as PayeRow;
    Object.assign(record, {
      tax_payer_number: employee.tin,
      name: employee.name,
      nationality: 'Nigerian',
      designation: 'Officer',
      gross_income: employee.gross,
      basic_salary: employee.gross,
      tax_payable: '0',
    });
    return record;
  });
  const expected = records.map((record) => recomputePayeRow(record, period).expectedMonthlyTax);
  const declared = expected.map((tax, index) => asKobo(index === 2 ? tax - 500_000 : tax));
  records.forEach((record, index) => (record.tax_payable = koboToNairaString(declared[index])));
  const csv = [
    PAYE_TEMPLATE_HEADERS.join(','),
    ...records.map((record) => PAYE_TEMPLATE_HEADERS.map((header) => record[header]).join(',')),
  ].join('\n');
  return {
    file: new File([`${csv}\n`], 'payroll-october.csv', { type: 'text/csv' }),
    mismatch: {
      row: 4,
      taxPayerNumber: EMPLOYEES[2].tin,
      name: EMPLOYEES[2].name,
      declaredMonthlyTax: declared[2],
      expectedMonthlyTax: expected[2],
    },
    totalDeclared: koboToNairaString(asKobo(declared.reduce((sum, tax) => sum + tax, 0))),
  };
}

export function billDetail(overrides: Partial<BillDetail> = {}): BillDetail {
  return {
    id: BILL_ID,
    reference: 'PAYE-LA-2026-10-000123',
    type: 'paye',
    type_name: 'PAYE',
    status: 'payment_paid',
    corporation: { id: CORPORATION_ID, name: CORPORATION.name },
    state: { id: 25, code: 'LA', name: 'Lagos', collector: 'state' },
    tax_payer_number: 'C-0012345',
    wht_type: null,
    period_start: '2026-10-01',
    period_end: '2026-10-31',
    amount_due: '120000.00',
    charge: '1075.00',
    total: '121075.00',
    recipient_count: 3,
    agency_reference: 'LIRS-2026-000123',
    receipt_number: 'RCT-000123',
    created_by: 'Ada Obi',
    created_by_id: 'u1',
    created_at: '2026-11-03T10:00:00.000Z',
    paid_at: '2026-11-03T10:00:02.000Z',
    supplementary: false,
    supplementary_reason: null,
    residents_elsewhere: null,
    approved_by: null,
    approved_at: null,
    closed_reason: null,
    verify_url: 'http://localhost:3000/verify/0Z1C9S0A5D0GQ8R6W4Y3P2N7KB1JTF8M3H6E2X5V9C',
    remittance: {
      gateway: 'remita',
      rrr: 'LIRS-2026-000123',
      payment_reference: 'RCT-000123',
      gateway_charge: '0.00',
      last_status: '00 Successful',
      checked_at: '2026-11-03T10:00:02.000Z',
      confirmed_at: '2026-11-03T10:00:02.000Z',
      unconfirmed: false,
    },
    fee: '1000.00',
    vat: '75.00',
    failure_reason: null,
    events: [],
    warnings: [],
    lateness: null,
    payroll: null,
    ...overrides,
  };
}
