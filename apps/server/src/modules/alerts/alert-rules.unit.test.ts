import { asKobo, koboToNairaString, lagosPeriod, latePenalty, mergeReferenceTables } from '@levy/tax';
import { describe, expect, it } from 'vitest';
import { computeAlerts, computeCalendar, formatDeadline, type BillFact, type RegistrationFact } from './alert-rules';

const CORPORATION = { id: '00000000-0000-4000-8000-000000000001', name: 'Adire Works Ltd' };
const LAGOS_STATE = { id: 25, code: 'LA', name: 'Lagos', collector: 'state' } as const;
const NRS = { id: 38, code: 'NRS', name: 'Nigeria Revenue Service', collector: 'federal' } as const;

/** A registration made at an instant that owes from its month (the form's default). */
function registeredOn(isoInstant: string): RegistrationFact {
  return {
    corporation: CORPORATION,
    state: LAGOS_STATE,
    firstTaxMonth: lagosPeriod(new Date(isoInstant)),
    payrollTaxKobo: null,
  };
}

let billCount = 0;
function paid(
  type: 'paye' | 'wht',
  period: string,
  naira = 100_000,
  status = 'payment_paid',
  createdAt = `${period}-28T10:00:00Z`,
): BillFact {
  billCount += 1;
  return {
    id: `bill-${String(billCount).padStart(4, '0')}`,
    corporationId: CORPORATION.id,
    stateId: LAGOS_STATE.id,
    type,
    period,
    status,
    amountDueKobo: asKobo(naira * 100),
    createdAt: new Date(createdAt),
  };
}

/** PAYE's alerts alone: WHT's months are owed alongside them. */
const payeOnly = <T extends { kind: string }>(items: T[]) => items.filter((item) => item.kind !== 'wht');

describe('alerts', () => {
  it('gives two alerts for a registration three months ago with one month paid, with the right deadlines', () => {
    const alerts = payeOnly(
      computeAlerts({
        registrations: [registeredOn('2026-08-14T09:00:00Z')],
        bills: [paid('paye', '2026-09')],
        filings: [],
        today: '2026-11-23',
      }),
    );
    expect(alerts.map((alert) => [alert.tax_month, alert.deadline_date, alert.status])).toEqual([
      ['2026-08', '2026-09-10', 'overdue'],
      ['2026-10', '2026-11-10', 'overdue'],
    ]);
    expect(alerts[1]).toMatchObject({
      date: '2026-11-23',
      state: 'Lagos',
      start_date: '2026-10-01',
      kind: 'paye',
      corporation: CORPORATION,
      message: 'PAYE tax for October 2026, due by 10 Nov, 2026',
      days_overdue: 13,
      days_left: null,
      pay_link: `/bills?pay=paye&corporation=${CORPORATION.id}&state=LA&month=2026-10`,
    });
  });

  it('counts the registration month in Lagos time and ignores bills not yet paid', () => {
    // 23:30 UTC on 31 July is 00:30 on 1 August in Lagos: August is the first month owed.
    const alerts = payeOnly(
      computeAlerts({
        registrations: [registeredOn('2026-07-31T23:30:00Z')],
        bills: [paid('paye', '2026-08', 1, 'failed')],
        filings: [],
        today: '2026-09-05',
      }),
    );
    expect(alerts.map((alert) => [alert.tax_month, alert.status, alert.days_left])).toEqual([['2026-08', 'due', 5]]);
  });

  it('runs across a year boundary: December is due on 10 January of the next year', () => {
    const alerts = payeOnly(
      computeAlerts({
        registrations: [registeredOn('2025-11-20T10:00:00Z')],
        bills: [],
        filings: [],
        today: '2026-01-05',
      }),
    );
    expect(alerts.map((alert) => [alert.kind, alert.tax_month, alert.deadline_date, alert.status])).toEqual([
      ['paye', '2025-11', '2025-12-10', 'overdue'],
      ['paye', '2025-12', '2026-01-10', 'due'],
      // 2025 has ended with PAYE owed in it: its annual return is due on 31 January.
      ['annual_return', '2025-12', '2026-01-31', 'due'],
    ]);
    expect(alerts[1].message).toBe('PAYE tax for December 2025, due by 10 Jan, 2026');
    expect(alerts[1].days_left).toBe(5);
  });

  it('keeps a weekend deadline and adds the working day before it', () => {
    // PAYE for September 2026 is due Saturday 10 October 2026.
    const [alert] = computeAlerts({
      registrations: [registeredOn('2026-09-01T10:00:00Z')],
      bills: [],
      filings: [],
      today: '2026-10-02',
    });
    expect(alert.deadline_date).toBe('2026-10-10');
    expect(alert.safe_date).toBe('2026-10-09');
    expect(alert.safe_note).toBe('Falls on a Saturday: pay by Fri 9 Oct to be safe');
  });

  it('keeps a public-holiday deadline and adds the working day before it', () => {
    // PAYE for February 2027 is due Wednesday 10 March 2027, Eid-el-Fitr (expected).
    const [alert] = computeAlerts({
      registrations: [registeredOn('2027-02-03T10:00:00Z')],
      bills: [],
      filings: [],
      today: '2027-03-01',
    });
    expect(alert.deadline_date).toBe('2027-03-10');
    expect(alert.safe_date).toBe('2027-03-09');
    expect(alert.safe_note).toBe('Falls on Eid-el-Fitr (public holiday): pay by Tue 9 Mar to be safe');
    expect(formatDeadline('2027-03-09')).toBe('09 Mar, 2027');
  });

  it("accrues on the month's own known tax the engine's latePenalty: 45 days late", () => {
    // PAYE for October 2026 was due 10 November 2026; 25 December is 45 days later. Its bill failed.
    const alerts = computeAlerts({
      registrations: [registeredOn('2026-09-01T10:00:00Z')],
      bills: [
        paid('paye', '2026-09', 90_000),
        paid('paye', '2026-10', 250_000, 'failed'),
        paid('paye', '2026-11', 90_000),
      ],
      filings: [],
      today: '2026-12-25',
    });
    const october = alerts.find((alert) => alert.tax_month === '2026-10' && alert.kind === 'paye')!;
    expect(october.days_overdue).toBe(45);
    const engine = latePenalty({ tax: asKobo(25_000_000), dueDate: '2026-11-10', asOf: '2026-12-25' });
    const week = latePenalty({ tax: asKobo(25_000_000), dueDate: '2026-11-10', asOf: '2027-01-01' });
    expect(engine.daysOverdue).toBe(45);
    expect(october.penalty).toEqual({
      basis: '250000.00',
      penalty: (engine.penalty / 100).toFixed(2),
      interest: (engine.interest / 100).toFixed(2),
      total: (engine.total / 100).toFixed(2),
      per_extra_week: ((week.total - engine.total) / 100).toFixed(2),
      mpr_as_of: '2026-02-24',
      mpr_caveat: 'Estimated with the MPR of 24 Feb, 2026; the CBN rate may have changed since.',
    });
    expect(october.penalty_rule).toBe(
      '10% a year plus interest at the CBN Monetary Policy Rate (26.50% from 24 Feb, 2026; MPR as of 24 Feb, 2026), pro rata by day (NTAA 2025 s.107)',
    );
  });

  it('reads the MPR and holidays it is given: a staff rate from 1 December and a declared holiday', () => {
    const tables = mergeReferenceTables({
      mpr: [{ from: '2026-12-01', source: 'CBN MPC communiqué (test)', value: 2_000 }],
      holidays: [
        { date: '2027-01-08', name: 'Test holiday', basis: 'declared', source: 'Ministry of Interior (test)' },
      ],
      charges: [],
      wht: [],
      mprReviewedOn: '2026-12-02',
      holidaysReviewedOn: null,
      chargesReviewedOn: null,
      whtReviewedOn: null,
    });
    const registration = { ...registeredOn('2026-09-01T10:00:00Z'), payrollTaxKobo: asKobo(25_000_000) };
    const input = {
      registrations: [registration],
      bills: [paid('paye', '2026-09', 250_000)],
      filings: [],
      today: '2026-12-25',
    };
    const october = computeAlerts({ ...input, tables }).find(
      (alert) => alert.tax_month === '2026-10' && alert.kind === 'paye',
    )!;
    expect(october.penalty!.interest).toBe(
      (
        latePenalty({ tax: asKobo(25_000_000), dueDate: '2026-11-10', asOf: '2026-12-25' }, tables).interest / 100
      ).toFixed(2),
    );
    expect(october.penalty!.interest).not.toBe(
      computeAlerts(input).find((alert) => alert.tax_month === '2026-10' && alert.kind === 'paye')!.penalty!.interest,
    );
    expect(october.penalty!.mpr_as_of).toBe('2026-12-02');
    // Reviewed 23 days ago: within the review period, so no caveat.
    expect(october.penalty!.mpr_caveat).toBeNull();
    // December's PAYE is due Sunday 10 January; the declared Friday 8th moves the safe day to Thursday.
    const december = computeCalendar({ ...input, tables }).entries.find(
      (entry) => entry.tax_month === '2026-12' && entry.kind === 'paye',
    )!;
    expect(december.safe_note).toBe('Falls on a Sunday: pay by Thu 7 Jan to be safe');
  });

  it('owes the NRS WHT alone, by the 21st of the next month, with the penalty once overdue', () => {
    const registration: RegistrationFact = {
      corporation: CORPORATION,
      state: NRS,
      firstTaxMonth: '2026-08',
      payrollTaxKobo: null,
    };
    const nrsWht = (period: string, status = 'payment_paid'): BillFact => ({
      ...paid('wht', period, 50_000, status),
      stateId: NRS.id,
    });
    // No WHT bill yet: every month from the first is owed all the same (no PAYE ever).
    expect(
      computeAlerts({ registrations: [registration], bills: [], filings: [], today: '2026-11-23' }).map((alert) => [
        alert.kind,
        alert.tax_month,
      ]),
    ).toEqual([
      ['wht', '2026-08'],
      ['wht', '2026-09'],
      ['wht', '2026-10'],
    ]);
    const alerts = computeAlerts({
      registrations: [registration],
      bills: [nrsWht('2026-08'), nrsWht('2026-10', 'failed')],
      filings: [],
      today: '2026-11-23',
    });
    expect(alerts.map((alert) => [alert.kind, alert.tax_month, alert.deadline_date, alert.status])).toEqual([
      ['wht', '2026-09', '2026-10-21', 'overdue'],
      ['wht', '2026-10', '2026-11-21', 'overdue'],
    ]);
    expect(alerts[1]).toMatchObject({
      state: 'Nigeria Revenue Service',
      state_code: 'NRS',
      message: 'Withholding tax for October 2026, due by 21 Nov, 2026',
      days_overdue: 2,
    });
    expect(alerts[1].penalty?.total).toBe(
      koboToNairaString(latePenalty({ tax: asKobo(5_000_000), dueDate: '2026-11-21', asOf: '2026-11-23' }).total),
    );
    const calendar = computeCalendar({
      registrations: [registration],
      bills: [nrsWht('2026-08')],
      filings: [],
      today: '2026-11-23',
    });
    expect(new Set(calendar.entries.map((entry) => entry.kind))).toEqual(new Set(['wht']));
    expect(calendar.entries.every((entry) => entry.deadline_date.endsWith('-21'))).toBe(true);
  });

  it('alerts WHT from the first month owed on the 30th of the next month, with no WHT bill ever made', () => {
    const alerts = computeAlerts({
      registrations: [registeredOn('2026-09-01T10:00:00Z')],
      bills: [paid('paye', '2026-09'), paid('paye', '2026-10')],
      filings: [],
      today: '2026-11-23',
    });
    expect(
      alerts.map((alert) => [alert.kind, alert.tax_month, alert.deadline_date, alert.status, alert.message]),
    ).toEqual([
      ['wht', '2026-09', '2026-10-30', 'overdue', 'Withholding tax for September 2026, due by 30 Oct, 2026'],
      ['wht', '2026-10', '2026-11-30', 'due', 'Withholding tax for October 2026, due by 30 Nov, 2026'],
    ]);
    // The WHT owed is unknown: the rule is said, no figure is made up.
    expect(alerts[0]).toMatchObject({ penalty: null, note: null });
    expect(alerts[0].penalty_rule).toMatch(/NTAA 2025 s\.107/);
  });

  it("never estimates a WHT month's penalty on another month's bill: a yearly rent paid in one month says nothing of the others", () => {
    const rent = paid('wht', '2026-09', 1_200_000);
    const alerts = computeAlerts({
      registrations: [registeredOn('2026-06-01T10:00:00Z')],
      bills: [rent],
      filings: [],
      today: '2026-11-23',
    }).filter((alert) => alert.kind === 'wht');
    expect(alerts.map((alert) => [alert.tax_month, alert.status])).toEqual([
      ['2026-06', 'overdue'],
      ['2026-07', 'overdue'],
      ['2026-08', 'overdue'],
      ['2026-10', 'due'],
    ]);
    expect(alerts.every((alert) => alert.penalty === null)).toBe(true);
  });

  it('closes a WHT month declared to have had no deductions, in alerts and on the calendar', () => {
    const input = {
      registrations: [registeredOn('2026-09-01T10:00:00Z')],
      bills: [paid('paye', '2026-09'), paid('paye', '2026-10')],
      filings: [],
      today: '2026-11-23',
    };
    const noWhtDeclarations = [{ corporationId: CORPORATION.id, stateId: LAGOS_STATE.id, taxMonth: '2026-09' }];
    expect(computeAlerts({ ...input, noWhtDeclarations }).map((alert) => [alert.kind, alert.tax_month])).toEqual([
      ['wht', '2026-10'],
    ]);
    // Another corporation's declaration closes nothing here.
    expect(
      computeAlerts({ ...input, noWhtDeclarations: [{ ...noWhtDeclarations[0], corporationId: 'another' }] }),
    ).toHaveLength(2);
    const entries = computeCalendar({ ...input, noWhtDeclarations }).entries.filter((entry) => entry.kind === 'wht');
    // September was due 30 October, before today: a closed month in the past is history, as a paid one is.
    expect(entries.find((entry) => entry.tax_month === '2026-09')).toBeUndefined();
    const ahead = computeCalendar({
      ...input,
      noWhtDeclarations: [{ ...noWhtDeclarations[0], taxMonth: '2026-11' }],
    }).entries.find((entry) => entry.kind === 'wht' && entry.tax_month === '2026-11')!;
    expect(ahead).toMatchObject({ status: 'no_deductions', penalty: null, days_overdue: 0 });
  });
});

describe('failed payments', () => {
  it('owes a month before the first tax month whose bill the revenue service declined, and says what happened', () => {
    const registration = registeredOn('2026-09-01T10:00:00Z');
    const declined = paid('paye', '2026-07', 80_000, 'failed');
    const alerts = payeOnly(
      computeAlerts({
        registrations: [registration],
        bills: [declined, paid('paye', '2026-09'), paid('paye', '2026-10')],
        filings: [],
        today: '2026-11-23',
      }),
    );
    expect(alerts.map((alert) => [alert.tax_month, alert.status])).toEqual([['2026-07', 'overdue']]);
    expect(alerts[0].note).toBe(
      'A payment of ₦80,000.00 was not accepted by the revenue service and was refunded to the wallet: pay it again.',
    );
    expect(alerts[0].penalty?.basis).toBe('80000.00');
    // A withdrawn bill proves nothing: the month before registration stays unowed.
    expect(
      payeOnly(
        computeAlerts({
          registrations: [registration],
          bills: [{ ...declined, status: 'cancelled' }, paid('paye', '2026-09'), paid('paye', '2026-10')],
          filings: [],
          today: '2026-11-23',
        }),
      ),
    ).toEqual([]);
    expect(
      computeCalendar({
        registrations: [registration],
        bills: [declined],
        filings: [],
        today: '2026-11-23',
      }).entries.find((entry) => entry.tax_month === '2026-07' && entry.kind === 'paye'),
    ).toMatchObject({ status: 'overdue' });
  });

  it('keeps a failed payment of the running month in view until it is paid', () => {
    const input = { registrations: [registeredOn('2026-11-02T10:00:00Z')], filings: [], today: '2026-11-23' };
    const failed = paid('paye', '2026-11', 40_000, 'failed', '2026-11-20T10:00:00Z');
    const [alert] = computeAlerts({ ...input, bills: [failed] });
    expect(alert).toMatchObject({ kind: 'paye', tax_month: '2026-11', status: 'due', days_left: 17 });
    expect(alert.note).toMatch(/refunded to the wallet/);
    expect(
      payeOnly(
        computeAlerts({
          ...input,
          bills: [failed, paid('paye', '2026-11', 40_000, 'payment_paid', '2026-11-21T10:00:00Z')],
        }),
      ),
    ).toEqual([]);
  });
});

describe('penalty figures', () => {
  it('are the same on every load: whatever other months are paid and in whatever order bills are read', () => {
    const registration = { ...registeredOn('2026-06-01T10:00:00Z'), payrollTaxKobo: asKobo(5_400_00) };
    const retry = paid('paye', '2026-07', 4_165.2, 'failed', '2026-08-05T10:00:00Z');
    const firstTry = paid('paye', '2026-07', 5_000, 'failed', '2026-08-02T10:00:00Z');
    const others = [paid('paye', '2026-06', 9_999), paid('paye', '2026-08', 12_345), paid('paye', '2026-09', 777)];
    const july = (bills: BillFact[]) =>
      computeAlerts({ registrations: [registration], bills, filings: [], today: '2026-11-23' }).find(
        (alert) => alert.kind === 'paye' && alert.tax_month === '2026-07',
      )!.penalty;
    const reference = july([firstTry, retry, ...others]);
    // The latest attempt's amount is the month's known tax.
    expect(reference?.basis).toBe('4165.20');
    expect(july([...others].reverse().concat([retry, firstTry]))).toEqual(reference);
    expect(july([retry, firstTry, others[1]])).toEqual(reference);
    // Without a bill for the month, the payroll on file: not the last paid bill of another month.
    expect(july(others)?.basis).toBe('5400.00');
  });

  it('tell customers when the MPR behind them has not been checked for more than 90 days', () => {
    const alert = (today: string) =>
      payeOnly(
        computeAlerts({
          registrations: [{ ...registeredOn('2026-04-01T10:00:00Z'), payrollTaxKobo: asKobo(1_000_000) }],
          bills: [],
          filings: [],
          today,
        }),
      )[0];
    // The seed's MPR was last known right on 24 February 2026: 90 days later is 25 May.
    expect(alert('2026-05-25').penalty?.mpr_caveat).toBeNull();
    expect(alert('2026-05-26').penalty?.mpr_caveat).toBe(
      'Estimated with the MPR of 24 Feb, 2026; the CBN rate may have changed since.',
    );
  });
});

describe('deadline calendar', () => {
  it('lists twelve months ahead with paid, due and overdue statuses', () => {
    const registration = { ...registeredOn('2026-09-01T10:00:00Z'), payrollTaxKobo: asKobo(10_000_000) };
    const calendar = computeCalendar({
      registrations: [registration],
      bills: [paid('paye', '2026-10')],
      filings: [],
      today: '2026-11-23',
    });
    expect(calendar.from).toBe('2026-11-23');
    expect(calendar.to).toBe('2027-11-23');
    calendar.entries = payeOnly(calendar.entries);
    const rows = calendar.entries.map((entry) => `${entry.tax_month} ${entry.deadline_date} ${entry.status}`);
    expect(rows[0]).toBe('2026-09 2026-10-10 overdue');
    // October was paid before its deadline, which has passed: it is history, not on the calendar.
    expect(rows).not.toContain('2026-10 2026-11-10 paid');
    expect(rows[1]).toBe('2026-11 2026-12-10 due');
    expect(rows.at(-1)).toBe('2027-10 2027-11-10 due');
    expect(rows).toContain('2026-12 2027-01-31 due'); // the 2026 annual return
    expect(rows).toHaveLength(14); // twelve PAYE deadlines ahead, the overdue one and the annual return
    expect(calendar.entries[0].penalty?.basis).toBe('100000.00'); // estimated on the payroll on file
    expect(calendar.entries[0].penalty_rule).toMatch(/NTAA 2025 s\.107/);
  });

  it('marks a month paid ahead of its deadline as paid', () => {
    const calendar = computeCalendar({
      registrations: [registeredOn('2026-09-01T10:00:00Z')],
      bills: [paid('paye', '2026-09'), paid('paye', '2026-10')],
      filings: [],
      today: '2026-11-05',
    });
    expect(payeOnly(calendar.entries)[0]).toMatchObject({
      tax_month: '2026-10',
      status: 'paid',
      deadline_date: '2026-11-10',
    });
  });

  it('carries the annual return once filed as paid, and no alert for it', () => {
    const registrations = [registeredOn('2025-06-01T10:00:00Z')];
    const filings = [
      { corporationId: registrations[0].corporation.id, stateId: registrations[0].state.id, year: 2025 },
    ];
    expect(
      computeAlerts({ registrations, bills: [], filings, today: '2026-02-15' }).filter(
        (alert) => alert.kind === 'annual_return',
      ),
    ).toEqual([]);
  });
});

describe('annual return deadline', () => {
  const registrations = [registeredOn('2025-03-01T10:00:00Z')];
  const returnAlert = (today: string) =>
    computeAlerts({ registrations, bills: [], filings: [], today }).find((alert) => alert.kind === 'annual_return')!;

  it('is due on 31 January for the year before, with the working day to file by', () => {
    // 31 January 2027 is a Sunday.
    const alert = computeAlerts({
      registrations: [registeredOn('2026-03-01T10:00:00Z')],
      bills: [],
      filings: [],
      today: '2027-01-20',
    }).find((item) => item.kind === 'annual_return')!;
    expect(alert).toMatchObject({
      tax_month: '2026-12',
      deadline_date: '2027-01-31',
      status: 'due',
      days_left: 11,
      penalty: null,
      safe_note: 'Falls on a Sunday: file by Fri 29 Jan to be safe',
    });
    expect(alert.message).toBe('Annual return (Form H1) for 2026, due by 31 Jan, 2027');
    expect(alert.pay_link).toBe(`/corporations/${registrations[0].corporation.id}/annual-returns?state=LA&year=2026`);
  });

  it('adds the s.101 late-filing penalty once it passes unfiled: ₦100,000 for the first month, ₦50,000 for each month after', () => {
    expect(returnAlert('2026-02-15')).toMatchObject({
      status: 'overdue',
      days_overdue: 15,
      penalty: { basis: '0.00', penalty: '100000.00', interest: '0.00', total: '100000.00', per_extra_week: '0.00' },
    });
    expect(returnAlert('2026-02-25').penalty?.per_extra_week).toBe('50000.00');
    expect(returnAlert('2026-04-15').penalty?.total).toBe('200000.00');
    expect(returnAlert('2026-04-15').penalty_rule).toBe(
      '₦100,000 for the first month late and ₦50,000 for each month after (NTAA 2025 s.101)',
    );
  });

  it('is not owed for a year before PAYE was', () => {
    expect(
      computeAlerts({
        registrations: [registeredOn('2026-01-05T10:00:00Z')],
        bills: [],
        filings: [],
        today: '2026-02-15',
      }).some((alert) => alert.kind === 'annual_return'),
    ).toBe(false);
  });
});

describe('PAYE months paid before Levy', () => {
  it('closes a PAYE month recorded as paid outside Levy, as a paid bill does, and leaves its WHT and other registrations owed', () => {
    const registration = registeredOn('2026-08-14T09:00:00Z');
    const elsewhere = { corporationId: CORPORATION.id, stateId: 99, taxMonth: '2026-09' };
    const alerts = computeAlerts({
      registrations: [registration],
      bills: [],
      priorPaidPayeMonths: [{ corporationId: CORPORATION.id, stateId: LAGOS_STATE.id, taxMonth: '2026-08' }, elsewhere],
      filings: [],
      today: '2026-11-23',
    });
    expect(payeOnly(alerts).map((alert) => alert.tax_month)).toEqual(['2026-09', '2026-10']);
    expect(alerts.filter((alert) => alert.kind === 'wht').map((alert) => alert.tax_month)).toContain('2026-08');
    const calendar = computeCalendar({
      registrations: [registration],
      bills: [],
      priorPaidPayeMonths: [{ corporationId: CORPORATION.id, stateId: LAGOS_STATE.id, taxMonth: '2026-08' }],
      filings: [],
      today: '2026-11-23',
    });
    const payeMonths = calendar.entries
      .filter((entry) => entry.kind === 'paye')
      .map((entry) => [entry.tax_month, entry.status]);
    expect(payeMonths).toContainEqual(['2026-09', 'overdue']);
    expect(payeMonths.map(([month]) => month)).not.toContain('2026-08');
  });
});
