import { describe, expect, it } from 'vitest';
import { buildFixture, renderCsv, renderPdf } from './fixtures/render-statement';
import { readStatement, StatementError } from './index';
import { decodeText } from './readers/read-csv';
import { groupIntoLines } from './readers/text-lines';

function csv(lines: string[]): Uint8Array {
  return new TextEncoder().encode(lines.join('\n'));
}

describe('CSV encodings', () => {
  const fixture = buildFixture({ style: 'kuda', seed: 31, count: 15 });

  it.each(['utf-8', 'utf-8-bom', 'utf-16le'] as const)('reads %s, ₦ and all', async (encoding) => {
    const result = await readStatement(renderCsv(fixture, encoding));
    expect(result.encoding).toBe(encoding === 'utf-8-bom' ? 'utf-8' : encoding);
    expect(result.transactions.map((row) => row.credit - row.debit)).toEqual(
      fixture.rows.map((row) => row.credit - row.debit),
    );
    expect(result.verdict).toBe('consistent');
  });

  it('reads Windows-1252, where Excel wrote ? for ₦', async () => {
    const result = await readStatement(
      renderCsv(buildFixture({ style: 'gtbank', seed: 31, count: 15 }), 'windows-1252'),
    );
    expect(result.encoding).toBe('utf-8'); // plain ASCII is valid UTF-8
    const bytes = new Uint8Array([...new TextEncoder().encode('Caf'), 0xe9]);
    expect(decodeText(bytes)).toEqual({ text: 'Café', encoding: 'windows-1252' });
  });

  it('reads €, dashes and curly quotes, which Windows-1252 puts at 0x80–0x9F', async () => {
    // – 96, € 80, “ 93, ” 94: Node's own decoder reads these as control characters.
    const bytes = Uint8Array.from([0x43, 0x41, 0x46, 0xc9, 0x20, 0x96, 0x20, 0x80, 0x35, 0x30, 0x20, 0x93, 0x41, 0x94]);
    expect(decodeText(bytes)).toEqual({ text: 'CAFÉ – €50 “A”', encoding: 'windows-1252' });
    const fixture = buildFixture({ style: 'gtbank', seed: 31, count: 15 });
    fixture.rows[4].narration = 'CAFÉ NAÏVE – PAYMENT €50';
    const result = await readStatement(renderCsv(fixture, 'windows-1252'));
    expect(result.encoding).toBe('windows-1252');
    expect(result.transactions.map((row) => row.narration)).toContain('CAFÉ NAÏVE – PAYMENT €50');
  });

  it('reads UTF-16 without a byte-order mark', () => {
    const text = 'Date,Amount';
    const bytes = new Uint8Array(text.length * 2);
    for (let index = 0; index < text.length; index++) bytes[index * 2] = text.charCodeAt(index);
    expect(decodeText(bytes)).toEqual({ text, encoding: 'utf-16le' });
  });
});

describe('generic layouts', () => {
  it('reads an unknown bank with recognisable headers, a semicolon delimiter and a DR/CR column', async () => {
    const result = await readStatement(
      csv([
        'Customer statement',
        'Account No: 0123456789',
        'Txn Date;Narrative;Amount;Dr/Cr;Running Balance',
        '03/01/2025;OPENING BALANCE;;;10,000.00',
        '03/01/2025;NIP TRANSFER FROM ADA OKAFOR;5,000.00;CR;15,000.00',
        '14/01/2025;POS PURCHASE @ SHOPRITE;2,500.00;DR;12,500.00',
        '15/01/2025;SMS ALERT CHARGES;4.00;D;12,496.00',
      ]),
    );
    expect(result.layout.id).toBe('generic');
    expect(result.printed.openingBalance).toBe(1_000_000);
    expect(result.transactions.map((row) => [row.date, row.debit, row.credit, row.category])).toEqual([
      ['2025-01-03', 0, 500_000, 'transfer_in'],
      ['2025-01-14', 250_000, 0, 'pos'],
      ['2025-01-15', 400, 0, 'bank_charges'],
    ]);
    expect(result.verdict).toBe('consistent');
  });

  it('takes the direction of a sign-less amount from the balance', async () => {
    const result = await readStatement(
      csv([
        'Date,Description,Amount,Balance',
        '2025-02-01,Opening Balance,,1000.00',
        '2025-02-02,Transfer from Musa Bello,500.00,1500.00',
        '2025-02-03,Airtime MTN,100.00,1400.00',
        '2025-02-04,Interest paid,1.50,1401.50',
      ]),
    );
    expect(result.transactions.map((row) => [row.debit, row.credit])).toEqual([
      [0, 50_000],
      [10_000, 0],
      [0, 150],
    ]);
    expect(result.checks.find((check) => check.id === 'balance_chain')?.status).toBe('pass');
    expect(result.layout.directionsFromBalance).toBe(3);
  });

  it('warns when a sign-less amount has no balance to tell its direction', async () => {
    const result = await readStatement(
      csv(['Date,Description,Amount', '2025-02-02,Transfer from Musa Bello,500.00', '2025-02-03,Airtime MTN,-100.00']),
    );
    expect(result.checks.find((check) => check.id === 'amount_direction')).toMatchObject({
      status: 'warn',
      message: '1 amount has no sign and no balance to tell debit from credit; read as credits',
    });
    expect(result.verdict).toBe('suspicious');
  });

  it('reads brackets for negatives and an overdrawn balance', async () => {
    const result = await readStatement(
      csv([
        'Value Date,Remarks,Withdrawal,Lodgement,Balance',
        '01-Mar-2025,POS PURCHASE @ SPAR,"1,000.00",,(500.00)',
        '02-Mar-2025,CASH DEPOSIT BY SELF,,"2,000.00","1,500.00"',
      ]),
    );
    expect(result.transactions.map((row) => row.balance)).toEqual([-50_000, 150_000]);
    expect(result.computed.openingBalance).toBe(50_000);
  });
});

describe('manual column mapping', () => {
  const headerless = csv([
    '05/01/2025,NIP TRANSFER FROM ACME LTD,,"100,000.00","150,000.00",X1',
    '06/01/2025,ATM CASH WITHDRAWAL IKEJA,"20,000.00",,"130,000.00",X2',
    '20/01/2025,VAT ON NIP TRANSFER FEE,3.75,,"129,996.25",X3',
  ]);

  it('infers the columns of a file with no header row from its data, and says so', async () => {
    const result = await readStatement(headerless);
    expect(result.layout.columnsFrom).toBe('figures');
    expect(result.transactions.map((row) => [row.date, row.debit, row.credit, row.balance, row.narration])).toEqual([
      ['2025-01-05', 0, 10_000_000, 15_000_000, 'NIP TRANSFER FROM ACME LTD'],
      ['2025-01-06', 2_000_000, 0, 13_000_000, 'ATM CASH WITHDRAWAL IKEJA'],
      ['2025-01-20', 375, 0, 12_999_625, 'VAT ON NIP TRANSFER FEE'],
    ]);
    expect(result.verdict).not.toBe('inconsistent');
  });

  it('reads it with the columns the caller names', async () => {
    const result = await readStatement(headerless, {
      mapping: { date: 0, narration: 1, debit: 2, credit: 3, balance: 4, reference: 5 },
    });
    expect(result.layout.id).toBe('manual');
    expect(result.transactions.map((row) => [row.date, row.debit, row.credit, row.balance, row.reference])).toEqual([
      ['2025-01-05', 0, 10_000_000, 15_000_000, 'X1'],
      ['2025-01-06', 2_000_000, 0, 13_000_000, 'X2'],
      ['2025-01-20', 375, 0, 12_999_625, 'X3'],
    ]);
    expect(result.analysis.charges.vat).toBe(375);
  });

  it('maps a PDF by its columns as they line up down the page', async () => {
    const fixture = buildFixture({ style: 'fidelity', seed: 32, count: 20 });
    const bytes = await renderPdf(fixture);
    // Fidelity prints Pst Date, Value Date, Narration, Debit, Credit, Balance.
    const result = await readStatement(bytes, {
      mapping: { date: 0, valueDate: 1, narration: 2, debit: 3, credit: 4, balance: 5 },
    });
    expect(result.layout.id).toBe('manual');
    expect(result.transactions.length).toBe(fixture.rows.length);
    expect(result.computed.closingBalance).toBe(fixture.closingBalance);
  });

  it('rejects a mapping without a date or amounts', async () => {
    await expect(readStatement(headerless, { mapping: { narration: 1, debit: 2 } })).rejects.toBeInstanceOf(
      StatementError,
    );
    await expect(readStatement(headerless, { mapping: { date: 0, narration: 1 } })).rejects.toMatchObject({
      code: 'INVALID_MAPPING',
    });
  });
});

describe('groupIntoLines', () => {
  it('joins runs of one word group, keeps columns apart, and orders lines top to bottom', () => {
    const lines = groupIntoLines(
      [
        { text: 'NIP', x: 100, y: 50.2, width: 12, height: 7 },
        { text: 'TRANSFER', x: 114, y: 50, width: 30, height: 7 },
        { text: '02-Jan-2025', x: 20, y: 50, width: 40, height: 7 },
        { text: '1,000.00', x: 300, y: 50, width: 28, height: 7 },
        { text: 'wrapped', x: 100, y: 59, width: 25, height: 7 },
      ],
      1,
    );
    expect(lines.map((line) => line.cells.map((cell) => cell.text))).toEqual([
      ['02-Jan-2025', 'NIP TRANSFER', '1,000.00'],
      ['wrapped'],
    ]);
  });
});

describe('real-world quirks', () => {
  it('reads headers with bracketed markers and times printed under dates', async () => {
    const result = await readStatement(
      csv([
        'Trans Date,Details,Withdrawals (DR),Lodgements (CR),Balance [NGN]',
        '02-Jan-2025,NIP TRANSFER FROM ADA OKAFOR,,"5,000.00","15,000.00"',
        '10:15:23 AM,/ZENITH/rent,,,',
        '03-Jan-2025,AIRTIME MTN,100.00,,"14,900.00"',
      ]),
    );
    expect(result.layout.headerLabels).toMatchObject({
      debit: 'Withdrawals (DR)',
      credit: 'Lodgements (CR)',
      balance: 'Balance [NGN]',
    });
    expect(result.transactions.map((row) => row.narration)).toEqual([
      'NIP TRANSFER FROM ADA OKAFOR /ZENITH/rent',
      'AIRTIME MTN',
    ]);
  });
});

describe('separate time and currency columns', () => {
  it('keeps the time and currency columns out of the date and amounts', async () => {
    const result = await readStatement(
      csv([
        'Date,Time,Currency,Narration,Debit,Credit,Balance',
        '2025-03-01,09:15,NGN,POS PURCHASE @ SPAR,"1,000.00",,"9,000.00"',
        '2025-03-02,14:40,NGN,INTEREST PAID,,12.50,"9,012.50"',
      ]),
    );
    expect(result.layout.headerLabels).toMatchObject({ date: 'Date', narration: 'Narration' });
    expect(result.verdict).toBe('consistent');
    expect(result.transactions.map((row) => [row.date, row.valueDate, row.debit, row.credit, row.category])).toEqual([
      ['2025-03-01', null, 100_000, 0, 'pos'],
      ['2025-03-02', null, 0, 1_250, 'interest'],
    ]);
  });
});

describe('statements that cannot be checked', () => {
  it('are suspicious when they print no balance, no opening or closing balance and no totals', async () => {
    const result = await readStatement(
      csv([
        'Date,Description,Debit,Credit',
        '2025-03-01,POS PURCHASE @ SPAR,"1,000.00",',
        '2025-03-02,TRANSFER FROM ADA,,"5,000.00"',
      ]),
    );
    expect(result.transactions).toHaveLength(2);
    expect(result.verdict).toBe('suspicious');
    expect(result.reasons).toEqual([
      'Nothing on the statement lets its figures be checked: it prints no running balance, opening or closing balance, or totals',
    ]);
  });
});

describe('rotated pages', () => {
  it('reads pages turned by /Rotate as they are shown', async () => {
    const fixture = buildFixture({ style: 'sterling', seed: 33, count: 60 });
    const result = await readStatement(await renderPdf(fixture, { style: 'sterling', rotatePages: true }));
    expect(result.pageCount).toBeGreaterThanOrEqual(2);
    expect(result.transactions.map((row) => [row.date, row.debit, row.credit, row.balance, row.narration])).toEqual(
      fixture.rows.map((row) => [row.date, row.debit, row.credit, row.balance, row.narration]),
    );
    expect(result.verdict).toBe('consistent');
  });
});

describe('summary lines after the table', () => {
  it('reads labelled totals and balances below the rows, whatever column their figures fall in', async () => {
    const result = await readStatement(
      csv([
        'Date,Narration,Debit,Credit,Balance',
        '2025-04-01,Opening Balance,,,"1,000.00"',
        '2025-04-02,TRANSFER FROM ADA OKAFOR,,"500.00","1,500.00"',
        '2025-04-03,AIRTIME MTN,"200.00",,"1,300.00"',
        'Total Debit:,,,"200.00"',
        'Total Credit:,,"500.00",',
        'Closing Balance:,,,,"1,300.00"',
      ]),
    );
    expect(result.printed).toEqual({
      openingBalance: 100_000,
      closingBalance: 130_000,
      totalDebits: 20_000,
      totalCredits: 50_000,
    });
    expect(result.verdict).toBe('consistent');
  });
});
