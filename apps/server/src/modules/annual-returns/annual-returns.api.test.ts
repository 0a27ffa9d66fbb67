import { randomUUID } from 'node:crypto';
import { readSource, type SourceLine } from '@levy/statements';
import { addMonths, asKobo, computePaye, defaultPension, koboToNairaString, naira, type Period } from '@levy/tax';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billKit, payeFile } from '../../../test/bill-kit';
import { createTestApp, joinAsMember, ownerWithOrganisation, type TestApp } from '../../../test/harness';

// The employer's annual return against the real app and database: a 2025 of paid PAYE
// bills (November the last, so December is missing; a supplementary bill in June; one month's tax
// declared below the law's figure), then submit, amend, the tax cards and the deadline's alerts.
let test: TestApp;
const { fund, generate, registerPayroll } = billKit(() => test);
/** The references the agency gave for annual returns, and how long it takes to answer. */
const filedAtAgency: string[] = [];
let agencyDelayMs = 0;

beforeAll(async () => {
  test = await createTestApp({
    wrapAgency: (agency) => ({
      ...agency,
      async submitAnnualReturn(input) {
        await new Promise((resolve) => setTimeout(resolve, agencyDelayMs));
        const answer = await agency.submitAnnualReturn(input);
        filedAtAgency.push(answer.reference!);
        return answer;
      },
    }),
  });
});
afterAll(async () => {
  await test.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The law's PAYE for a month of 2025 (PITA) on a salary that is all basic pay, as the bill's check computes it, in kobo. */
function lawsTax(period: Period, monthlyGross: number): number {
  const monthlyPension = defaultPension({ basic: naira(monthlyGross) });
  return computePaye({ period, annualGross: naira(monthlyGross * 12), pension: asKobo(monthlyPension * 12) })
    .monthlyTax;
}
/** A payroll file's cell: kobo as naira with decimals. */
const cell = (kobo: number) => kobo / 100;

const MONTHS: Period[] = Array.from({ length: 11 }, (_unused, index) => addMonths('2025-01', index));
const ADAEZE = ['N-2000001', 'Adaeze Okafor', 500_000] as const;
const NGOZI = ['N-2000002', 'Ngozi Eze', 200_000] as const;
const MUSA = ['N-2000003', 'Musa Bello', 300_000] as const;
const UNDERSTATED = 100_000; // ₦1,000 in kobo

async function yearOfBills() {
  const owner = await ownerWithOrganisation(test);
  const corporation = await test.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: `Year End ${randomUUID().slice(0, 6)} Limited` },
  });
  const corporationId = corporation.data.id as string;
  const added = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
    token: owner.token,
    body: { tax_payer_number: 'C-0012345', first_tax_month: '2025-01' },
  });
  expect(added.code).toBe('OK');
  await registerPayroll(
    owner.token,
    corporationId,
    'LA',
    payeFile([ADAEZE, NGOZI, MUSA].map(([tin, name, gross]) => [tin, name, gross, cell(lawsTax('2025-01', gross))])),
  );
  await fund(owner, '3000000');
  for (const month of MONTHS) {
    // March: Ngozi's tax declared ₦1,000 below the law's figure.
    const ngoziTax = lawsTax(month, NGOZI[2]) - (month === '2025-03' ? UNDERSTATED : 0);
    const file = payeFile([
      [ADAEZE[0], ADAEZE[1], ADAEZE[2], cell(lawsTax(month, ADAEZE[2]))],
      [NGOZI[0], NGOZI[1], NGOZI[2], cell(ngoziTax)],
    ]);
    const paid = await generate(owner.token, corporationId, 'paye', { start_date: month }, [file]);
    expect(paid.data?.status, JSON.stringify(paid)).toBe('payment_paid');
  }
  const supplementary = await generate(
    owner.token,
    corporationId,
    'paye',
    {
      start_date: '2025-06',
      supplementary: 'true',
      supplementary_reason: 'Musa joined in June and was left off the payroll',
    },
    [payeFile([[MUSA[0], MUSA[1], MUSA[2], cell(lawsTax('2025-06', MUSA[2]))]])],
  );
  expect(supplementary.data.status).toBe('payment_paid');
  return {
    owner,
    corporationId,
    supplementaryReference: supplementary.data.reference as string,
    path: `internal/corporations/${corporationId}/states/LA/annual-returns`,
  };
}

let year: Awaited<ReturnType<typeof yearOfBills>>;

async function download(token: string, path: string) {
  return test.app.inject({ method: 'GET', url: `/service/v1/core/${path}`, headers: { 'api-token': token } });
}

const joinLineText = (line: SourceLine) => line.cells.map((cell) => cell.text).join('  ');
async function pdfLines(content: Uint8Array) {
  const document = await readSource(content, { mimeType: 'application/pdf' });
  return document.lines.map(joinLineText).join('\n');
}

const money = (naira: number) => koboToNairaString(asKobo(naira * 100));
const kobo = (value: number) => koboToNairaString(asKobo(value));
/** '₦1,234.56' */
const nairaText = (value: number) =>
  `₦${(value / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('the annual return', () => {
  beforeAll(async () => {
    year = await yearOfBills();
  }, 120_000);

  it("lists every employee of the year's paid PAYE bills with their totals, and names every difference", async () => {
    const got = await test.call('GET', 'core', `${year.path}/2025`, { token: year.owner.token });
    expect(got.code).toBe('OK');
    const view = got.data;
    expect(view).toMatchObject({
      year: 2025,
      due_date: '2026-01-31',
      status: 'not_filed',
      can_submit: true,
      cannot_submit_reason: null,
      filed: null,
      versions: [],
      tax_payer_number: 'C-0012345',
    });
    const content = view.return;
    expect(content.months_owed).toHaveLength(12);
    const adaezeTax = MONTHS.reduce((sum, month) => sum + lawsTax(month, ADAEZE[2]), 0);
    const ngoziTax = MONTHS.reduce((sum, month) => sum + lawsTax(month, NGOZI[2]), 0) - UNDERSTATED;
    const musaTax = lawsTax('2025-06', MUSA[2]);
    expect(content.employees.map((employee: { name: string }) => employee.name)).toEqual([
      'Adaeze Okafor',
      'Musa Bello',
      'Ngozi Eze',
    ]);
    const adaeze = content.employees[0];
    expect(adaeze).toMatchObject({
      tax_payer_number: ADAEZE[0],
      designation: 'Officer',
      months: 11,
      gross: money(5_500_000),
      tax_deducted: kobo(adaezeTax),
      expected_tax: kobo(adaezeTax),
      pension_relief: money(440_000),
    });
    expect(adaeze.incomes[0]).toBe(money(5_500_000));
    expect(adaeze.monthly).toHaveLength(11);
    expect(content.employees[1]).toMatchObject({
      months: 1,
      gross: money(300_000),
      tax_deducted: kobo(musaTax),
      monthly: [{ period: '2025-06', bills: [year.supplementaryReference] }],
    });
    expect(content.employees[2]).toMatchObject({
      months: 11,
      tax_deducted: kobo(ngoziTax),
      expected_tax: kobo(ngoziTax + UNDERSTATED),
    });
    expect(content.totals).toMatchObject({
      employees: 3,
      gross: money(5_500_000 + 2_200_000 + 300_000),
      tax_deducted: kobo(adaezeTax + ngoziTax + musaTax),
      bills_amount_due: kobo(adaezeTax + ngoziTax + musaTax),
    });
    expect(content.reconciled).toBe(true);
    expect(content.bills).toHaveLength(12);
    expect(
      content.differences.map((difference: { kind: string; period: string | null }) => [
        difference.kind,
        difference.period,
      ]),
    ).toEqual([
      ['missing_month', '2025-12'],
      ['supplementary', '2025-06'],
      ['declared_tax', null],
    ]);
    expect(content.differences[0].message).toBe(
      'December 2025: no paid PAYE bill. The return has no PAYE for that month; pay it (late) or be ready to explain it to the revenue service.',
    );
    expect(content.differences[1].message).toContain(year.supplementaryReference);
    expect(content.differences[2].message).toBe(
      `Ngozi Eze (${NGOZI[0]}): PAYE deducted in March 2025 was ${nairaText(lawsTax('2025-03', NGOZI[2]) - UNDERSTATED)}, ₦1,000.00 less than the ` +
        `law's figure of ${nairaText(lawsTax('2025-03', NGOZI[2]))}. The return shows what was deducted.`,
    );
    // Unfiled after 31 January: the s.101 penalty so far (today is after 2026-01-31).
    expect(view.late_filing).toMatchObject({
      rule: '₦100,000 for the first month late and ₦50,000 for each month after (NTAA 2025 s.101)',
    });
  });

  it('exports the return as CSV with a row per employee and a total', async () => {
    const csv = await download(year.owner.token, `${year.path}/2025/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Tax ID,Name,Designation,Months on payroll,Gross income (NGN),Basic salary (NGN)');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^N-2000001,Adaeze Okafor,Officer,11,5500000\.00,5500000\.00,/);
    expect(lines[4]).toMatch(/^Total,3 employees,,,8000000\.00,/);
    const xlsx = await download(year.owner.token, `${year.path}/2025/export?format=xlsx`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const pdf = await download(year.owner.token, `${year.path}/2025/export?format=pdf`);
    const text = await pdfLines(new Uint8Array(pdf.rawPayload));
    expect(text).toContain("Employer's annual return");
    expect(text).toContain('Not filed yet');
    expect(text).toContain('December 2025: no paid PAYE bill');
    expect(text).toContain('Adaeze Okafor');
  });

  it('refuses a year that has not ended and a year with no paid bill, and changes nothing', async () => {
    const thisYear = await test.call('POST', 'core', `${year.path}/2026/submit`, { token: year.owner.token });
    expect(thisYear).toMatchObject({
      code: 'UNPROCESSABLE',
      message: '2026 has not ended: its annual return can be submitted from 1 January 2027.',
    });
    const empty = await test.call('POST', 'core', `${year.path}/2024/submit`, { token: year.owner.token });
    expect(empty).toMatchObject({
      code: 'UNPROCESSABLE',
      message:
        "There is no paid PAYE bill for 2024 in this state, so there is nothing to put in the return. Pay the year's PAYE bills first.",
    });
    const preview = await test.call('GET', 'core', `${year.path}/2024`, { token: year.owner.token });
    expect(preview.code, JSON.stringify(preview)).toBe('OK');
    expect(preview.data).toMatchObject({ status: 'not_filed', can_submit: false, versions: [] });
  });

  it('lets members view and download but only admins submit; another organisation sees nothing', async () => {
    const member = await joinAsMember(test, year.owner, 'user.member');
    expect((await test.call('GET', 'core', `${year.path}/2025`, { token: member.token })).code).toBe('OK');
    expect((await download(member.token, `${year.path}/2025/tax-cards/${ADAEZE[0]}`)).statusCode).toBe(200);
    expect((await test.call('POST', 'core', `${year.path}/2025/submit`, { token: member.token })).code).toBe(
      'FORBIDDEN',
    );
    const stranger = await ownerWithOrganisation(test);
    expect((await test.call('GET', 'core', `${year.path}/2025`, { token: stranger.token })).code).toBe('NOT_FOUND');
    expect((await test.call('POST', 'core', `${year.path}/2025/submit`, { token: stranger.token })).code).toBe(
      'NOT_FOUND',
    );
    expect((await download(stranger.token, `${year.path}/2025/tax-cards`)).statusCode).toBe(404);
    expect((await test.call('GET', 'core', `${year.path}/2025`, { token: year.owner.token })).data.status).toBe(
      'not_filed',
    );
  });

  it('alerts the 31 January deadline and, once it passes unfiled, the late-filing penalty so far', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const alertsOn = async (instant: string) => {
      vi.setSystemTime(new Date(instant));
      const alerts = await test.call('GET', 'core', `internal/organisations/${year.owner.organisationId}/alerts`, {
        token: year.owner.token,
      });
      return alerts.data.filter((alert: { kind: string }) => alert.kind === 'annual_return');
    };
    expect(await alertsOn('2026-01-20T09:00:00Z')).toEqual([
      expect.objectContaining({
        message: 'Annual return (Form H1) for 2025, due by 31 Jan, 2026',
        status: 'due',
        days_left: 11,
        penalty: null,
      }),
    ]);
    // The first month late runs to 28 February: ₦100,000.
    const february = await alertsOn('2026-02-15T09:00:00Z');
    expect(february[0]).toMatchObject({
      status: 'overdue',
      days_overdue: 15,
      penalty: { total: '100000.00', interest: '0.00' },
    });
    // By 15 April three months have begun (February, March, April): ₦100,000 + 2 × ₦50,000.
    expect((await alertsOn('2026-04-15T09:00:00Z'))[0].penalty.total).toBe('200000.00');
    const calendar = await test.call('GET', 'core', `internal/organisations/${year.owner.organisationId}/deadlines`, {
      token: year.owner.token,
    });
    expect(calendar.data.entries.find((entry: { kind: string }) => entry.kind === 'annual_return')).toMatchObject({
      title: 'Annual return (Form H1) for 2025',
      status: 'overdue',
      penalty: { total: '200000.00' },
    });
    const ics = await download(
      year.owner.token,
      `internal/organisations/${year.owner.organisationId}/deadlines/export?format=ics`,
    );
    expect(ics.body).toContain('Annual return (Form H1) for 2025');
    const checklist = await test.call('GET', 'core', `internal/organisations/${year.owner.organisationId}/checklist`, {
      token: year.owner.token,
    });
    expect(checklist.data.steps.at(-1)).toMatchObject({
      code: 'annual_return',
      title: 'File the 2025 annual return',
      done: false,
      route: `/corporations/${year.corporationId}/annual-returns?state=LA&year=2025`,
    });
  });

  it('submits through the agency, then holds the return filed and read-only; an amendment adds a version and keeps the first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-02-15T09:00:00Z'));
    const submitted = await test.call('POST', 'core', `${year.path}/2025/submit`, { token: year.owner.token });
    expect(submitted).toMatchObject({ code: 'OK', message: 'Annual return submitted.' });
    expect(submitted.data).toMatchObject({
      status: 'filed',
      changed_since_filing: false,
      filed: { version: 1, reason: null, employees: 3 },
      late_filing: { months_late: 1, penalty: '100000.00', as_of: '2026-02-15' },
    });
    expect(submitted.data.filed.reference).toMatch(/^LA-H1-2025-V1-[0-9A-F]{12}$/);
    expect(submitted.data.filed.filed_by).toMatch(/\S+ \S+/);
    vi.useRealTimers();

    expect((await test.call('POST', 'core', `${year.path}/2025/submit`, { token: year.owner.token })).code).toBe(
      'CONFLICT',
    );
    const alerts = await test.call('GET', 'core', `internal/organisations/${year.owner.organisationId}/alerts`, {
      token: year.owner.token,
    });
    expect(alerts.data.some((alert: { kind: string }) => alert.kind === 'annual_return')).toBe(false);

    // December paid late: the filed return stays as filed, and says the bills now differ.
    const december = await generate(year.owner.token, year.corporationId, 'paye', { start_date: '2025-12' }, [
      payeFile([[ADAEZE[0], ADAEZE[1], ADAEZE[2], cell(lawsTax('2025-12', ADAEZE[2]))]]),
    ]);
    expect(december.data.status).toBe('payment_paid');
    const changed = (await test.call('GET', 'core', `${year.path}/2025`, { token: year.owner.token })).data;
    expect(changed).toMatchObject({ status: 'filed', changed_since_filing: true });
    expect(changed.return.employees[0].months).toBe(11);
    expect(changed.preview.employees[0].months).toBe(12);

    const admin = await joinAsMember(test, year.owner, 'user.admin');
    expect((await test.call('POST', 'core', `${year.path}/2025/amend`, { token: admin.token, body: {} })).code).toBe(
      'INVALID_INPUT',
    );
    const amended = await test.call('POST', 'core', `${year.path}/2025/amend`, {
      token: admin.token,
      body: { reason: 'December paid late' },
    });
    expect(amended).toMatchObject({ code: 'OK', message: 'Amended annual return submitted.' });
    expect(amended.data).toMatchObject({
      status: 'filed',
      changed_since_filing: false,
      preview: null,
      filed: { version: 2, reason: 'December paid late' },
    });
    expect(amended.data.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect(amended.data.versions[1].reference).toBe(submitted.data.filed.reference);
    expect(amended.data.return.employees[0].months).toBe(12);
    expect(amended.data.return.differences.map((difference: { kind: string }) => difference.kind)).not.toContain(
      'missing_month',
    );
    // Filed in February: the penalty stays what it was when it was first filed.
    expect(amended.data.late_filing).toMatchObject({ penalty: '100000.00', as_of: '2026-02-15' });
  });

  it('files once when two admins press Submit together: the second is told at once, before the agency is called', async () => {
    const other = await yearOfBills();
    const admin = await joinAsMember(test, other.owner, 'user.admin');
    const before = filedAtAgency.length;
    agencyDelayMs = 150;
    try {
      const answers = await Promise.all(
        [other.owner.token, admin.token].map((token) =>
          test.call('POST', 'core', `${other.path}/2025/submit`, { token }),
        ),
      );
      expect(answers.map((answer) => answer.code).sort()).toEqual(['CONFLICT', 'OK']);
      const refused = answers.find((answer) => answer.code === 'CONFLICT')!;
      expect(refused.message).toMatch(
        /^\S+ \S+ is submitting the 2025 return to Lagos State Internal Revenue Service right now\. Reload in a moment to see it\.$/,
      );
    } finally {
      agencyDelayMs = 0;
    }
    expect(filedAtAgency.length - before).toBe(1);
    const filed = (await test.call('GET', 'core', `${other.path}/2025`, { token: admin.token })).data;
    expect(filed.versions).toHaveLength(1);
    expect(filed.filed.reference).toBe(filedAtAgency.at(-1));
    // The claim is given back: an amendment goes through.
    const amended = await test.call('POST', 'core', `${other.path}/2025/amend`, {
      token: admin.token,
      body: { reason: 'Checked after the double click' },
    });
    expect(amended.data.versions).toHaveLength(2);
    expect(filedAtAgency.length - before).toBe(2);
  });

  it("gives each employee's tax card as a PDF, and all of them in a ZIP", async () => {
    const card = await download(year.owner.token, `${year.path}/2025/tax-cards/${NGOZI[0]}`);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('application/pdf');
    const text = await pdfLines(new Uint8Array(card.rawPayload));
    expect(text).toContain('Tax deduction card');
    expect(text).toContain('Ngozi Eze');
    expect(text).toContain(NGOZI[0]);
    expect(text).toMatch(/March 2025\s+200,000\.00/);
    expect(text).toContain('December 2025');
    expect(text).toContain('Not on a paid PAYE bill');
    const view = (await test.call('GET', 'core', `${year.path}/2025`, { token: year.owner.token })).data;
    expect(text).toContain(view.filed.reference);
    expect(text).toContain(view.return.bills[0].reference);
    expect((await download(year.owner.token, `${year.path}/2025/tax-cards/N-9999999`)).statusCode).toBe(404);

    const zip = await download(year.owner.token, `${year.path}/2025/tax-cards`);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [`tax-card-2025-${ADAEZE[0]}.pdf`, `tax-card-2025-${NGOZI[0]}.pdf`, `tax-card-2025-${MUSA[0]}.pdf`].sort(),
    );
    expect(strFromU8(files[`tax-card-2025-${MUSA[0]}.pdf`].slice(0, 5))).toBe('%PDF-');
  });
});
