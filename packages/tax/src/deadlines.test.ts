import { afterEach, describe, expect, it } from 'vitest';
import { addDays, daysBetween, dayOfWeek } from './calendar';
import {
  annualReturnDueDate,
  daysOverdue,
  latePenalty,
  monetaryPolicyRateOn,
  payeDueDate,
  pensionDueDate,
  remittanceDueDate,
  whtDueDate,
} from './deadlines';
import { MONETARY_POLICY_RATE_TABLE } from './deadline-rules';
import { asKobo, naira } from './money';
import { TaxInputError } from './tax-input-error';

describe('due dates', () => {
  it('PAYE is due on the 10th of the next month, across the year end', () => {
    expect(payeDueDate('2026-01')).toBe('2026-02-10');
    expect(payeDueDate('2025-12')).toBe('2026-01-10');
    expect(payeDueDate('2024-02')).toBe('2024-03-10');
  });

  it('WHT is due on the 30th (state) or the 21st (federal) of the next month', () => {
    expect(whtDueDate('2025-12', 'state')).toBe('2026-01-30');
    expect(whtDueDate('2025-12', 'federal')).toBe('2026-01-21');
    expect(whtDueDate('2026-11', 'state')).toBe('2026-12-30');
    expect(whtDueDate('2026-03', 'federal')).toBe('2026-04-21');
  });

  it("gives a bill's due date by its collector: the NRS's WHT on the 21st, a State IRS's on the 30th, PAYE on the 10th", () => {
    expect(remittanceDueDate('wht', '2026-10', 'federal')).toBe('2026-11-21');
    expect(remittanceDueDate('wht', '2026-10', 'state')).toBe('2026-11-30');
    expect(remittanceDueDate('paye', '2026-10', 'state')).toBe('2026-11-10');
  });

  it('moves the 30th back to the end of February', () => {
    expect(whtDueDate('2026-01', 'state')).toBe('2026-02-28');
    expect(whtDueDate('2028-01', 'state')).toBe('2028-02-29');
    expect(whtDueDate('2026-01', 'federal')).toBe('2026-02-21');
  });

  it('gives the annual return and pension deadlines', () => {
    expect(annualReturnDueDate(2025)).toBe('2026-01-31');
    // Friday 30 Jan 2026 + 7 working days = Tuesday 10 Feb 2026
    expect(dayOfWeek('2026-01-30')).toBe(5);
    expect(pensionDueDate('2026-01-30')).toBe('2026-02-10');
    // Over the year end: Wednesday 24 Dec 2025 → Friday 2 Jan 2026 (weekends skipped)
    expect(pensionDueDate('2025-12-24')).toBe('2026-01-02');
  });

  it('refuses bad tax months and collectors, naming the field', () => {
    expect(() => payeDueDate('2026-00')).toThrow(TaxInputError);
    expect(() => whtDueDate('2026-01', 'county' as 'state')).toThrow("collector must be 'state' or 'federal'");
    expect(() => payeDueDate('2019-05')).toThrow(TaxInputError);
  });
});

describe('calendar arithmetic ignores the local time zone', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it.each(['Africa/Lagos', 'America/Los_Angeles', 'Pacific/Kiritimati'])('in %s', (zone) => {
    process.env.TZ = zone;
    expect(payeDueDate('2025-12')).toBe('2026-01-10');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysOverdue('2026-03-10', '2026-03-31')).toBe(21);
  });
});

describe('daysOverdue', () => {
  it('counts whole days after the due date', () => {
    expect(daysOverdue('2025-12-30', '2026-01-02')).toBe(3);
    expect(daysOverdue('2026-01-10', '2026-01-10')).toBe(0);
    expect(daysOverdue('2026-01-10', '2026-01-09')).toBe(0);
    expect(daysOverdue('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysOverdue('2025-01-10', '2026-01-10')).toBe(365);
  });

  it('refuses impossible dates', () => {
    expect(() => daysOverdue('2026-02-30', '2026-03-01')).toThrow(TaxInputError);
    expect(() => daysOverdue('2026-02-10', '10/03/2026')).toThrow(TaxInputError);
  });
});

describe('late-remittance penalty and interest', () => {
  it('charges 10% a year plus the MPR, pro rata by day', () => {
    const result = latePenalty({ tax: naira(1_000_000), dueDate: '2026-02-10', asOf: '2026-03-12' });
    expect(result.daysOverdue).toBe(30);
    // 1,000,000 × 10% × 30/365 = 8,219.178…
    expect(result.penalty).toBe(asKobo(821_918));
    // 11–23 Feb at 27%, 24 Feb–12 Mar at 26.5% (304th MPC): 1,000,000 × (13 × 27% + 17 × 26.5%) / 365 = 21,958.904…
    expect(result.interest).toBe(asKobo(2_195_890));
    expect(result.total).toBe(asKobo(3_017_808));
    expect(result.totalDue).toBe(asKobo(103_017_808));
    expect(result.currentMprBps).toBe(2_650);
  });

  it('uses the MPR in force on each overdue day', () => {
    // 21–22 Sep 2025 at 27.5%, 23–25 Sep at 27%: 1,000,000 × (2 × 27.5% + 3 × 27%) / 365
    const result = latePenalty({ tax: naira(1_000_000), dueDate: '2025-09-20', asOf: '2025-09-25' });
    expect(result.daysOverdue).toBe(5);
    expect(result.interest).toBe(asKobo(372_603)); // 3,726.027…
    expect(result.penalty).toBe(asKobo(136_986)); // 1,369.863…
  });

  it('accrues a full year across the year end', () => {
    // 255 days at 27.5% and 110 days at 27%
    const result = latePenalty({ tax: naira(1_000_000), dueDate: '2025-01-10', asOf: '2026-01-10' });
    expect(result.daysOverdue).toBe(365);
    expect(result.penalty).toBe(naira(100_000));
    expect(result.interest).toBe(asKobo(27_349_315)); // 273,493.150…
  });

  it('is zero on or before the due date', () => {
    const result = latePenalty({ tax: naira(500_000), dueDate: '2026-02-10', asOf: '2026-02-10' });
    expect(result).toMatchObject({ daysOverdue: 0, penalty: 0, interest: 0, total: 0, totalDue: naira(500_000) });
  });

  it('refuses a negative tax', () => {
    expect(() => latePenalty({ tax: asKobo(-1), dueDate: '2026-02-10', asOf: '2026-03-10' })).toThrow(TaxInputError);
  });
});

describe('Monetary Policy Rate table', () => {
  it('is sorted, dated and sourced', () => {
    for (let index = 1; index < MONETARY_POLICY_RATE_TABLE.length; index++) {
      expect(MONETARY_POLICY_RATE_TABLE[index].from > MONETARY_POLICY_RATE_TABLE[index - 1].from).toBe(true);
    }
    expect(MONETARY_POLICY_RATE_TABLE.every((row) => row.source.length > 0)).toBe(true);
  });

  it('knows the recent rates', () => {
    expect(monetaryPolicyRateOn('2024-09-23')).toBe(2_675);
    expect(monetaryPolicyRateOn('2024-09-24')).toBe(2_725);
    expect(monetaryPolicyRateOn('2024-11-26')).toBe(2_750);
    expect(monetaryPolicyRateOn('2025-09-22')).toBe(2_750);
    expect(monetaryPolicyRateOn('2025-09-23')).toBe(2_700);
    expect(monetaryPolicyRateOn('2026-02-23')).toBe(2_700);
    expect(monetaryPolicyRateOn('2026-02-24')).toBe(2_650);
  });
});
