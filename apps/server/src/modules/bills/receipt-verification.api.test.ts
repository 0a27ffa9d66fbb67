import { randomUUID } from 'node:crypto';
import { readSource, type SourceLine } from '@levy/statements';
import { lagosPeriod } from '@levy/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, payeFile, THREE_EMPLOYEES, until, whtAutoFile } from '../../../test/bill-kit';
import { createTestApp, joinAsMember, ownerWithOrganisation, TINY_PNG, type TestApp } from '../../../test/harness';
import { DEVELOPMENT_RECEIPT_SECRET } from '../../config';
import { createReceiptCodes } from './receipt-verification';

// Receipts that prove payment: the verification code and link of a paid bill, the
// public verify call with its limit, and what the receipt PDF says.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const { organisationWithState, fund, generate, billOf } = billKit(() => test);
const NOT_FOUND = { code: 'NOT_FOUND', message: 'No receipt matches this code.' };
/** The facts the verify page may show, and nothing else. */
const FACT_KEYS = [
  'agency_reference',
  'amount',
  'paid_at',
  'payer',
  'payment_reference',
  'period_end',
  'period_start',
  'remittance_check',
  'revenue_service',
  'status',
  'tax',
  'tax_payer_number',
];

let addresses = 0;
/** A fresh address per test: the limit's counts live in the shared database. */
const newAddress = () => `203.0.113.${(addresses += 1)}`;

const verify = (code: string, ip = newAddress()) => test.call('GET', 'public', `receipts/verify/${code}`, { ip });
const codeOf = (url: string) => url.split('/verify/')[1];
// A WHT month whose deadline (the 21st of the next month) has not passed: its receipt has no lateness section.
const THIS_MONTH = lagosPeriod(new Date());

async function paidPayeBill() {
  const { owner, corporationId } = await organisationWithState();
  await fund(owner, '5000000');
  const created = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
  expect(created.data.status).toBe('payment_paid');
  return { owner, corporationId, bill: created.data };
}

/** A PDF line's text, its cells two spaces apart (as the statements engine joins them). */
const joinLineText = (line: SourceLine) => line.cells.map((cell) => cell.text).join('  ');

async function receiptLines(token: string, billId: string) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/service/v1/core/internal/bills/${billId}/receipt`,
    headers: { 'api-token': token },
  });
  expect(response.statusCode).toBe(200);
  const document = await readSource(new Uint8Array(response.rawPayload), { mimeType: 'application/pdf' });
  return { pageCount: document.pageCount, lines: document.lines.map(joinLineText), pages: document.lines };
}

describe('verification codes', () => {
  it('gives a paid bill a verify link that anyone can open, signed out, to see the receipt’s facts', async () => {
    const { owner, bill } = await paidPayeBill();
    expect(bill.verify_url).toMatch(/^http:\/\/levy\.test\/verify\/[0-9A-HJKMNP-TV-Z]{42}$/);
    const code = codeOf(bill.verify_url);

    const checked = await verify(code);
    expect(checked).toMatchObject({ status: 200, code: 'OK' });
    expect(checked.data).toEqual({
      payer: bill.corporation.name,
      tax_payer_number: 'C-0012345',
      revenue_service: 'Lagos State Internal Revenue Service',
      tax: 'PAYE',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      amount: '109480.00',
      agency_reference: bill.agency_reference,
      payment_reference: bill.receipt_number,
      status: 'payment_paid',
      paid_at: bill.paid_at,
      remittance_check: expect.stringMatching(/^Confirmed by Remita on /),
    });
    // The list and the detail carry the same link; the plain HTTP form of the call answers alike.
    const list = await test.call('GET', 'core', 'internal/bills', { token: owner.token });
    expect(list.data.items[0].verify_url).toBe(bill.verify_url);
    expect((await billOf(owner.token, bill.id)).verify_url).toBe(bill.verify_url);
    const http = await test.app.inject({ method: 'GET', url: `/service/v1/public/receipts/verify/${code}` });
    expect(http.json()).toMatchObject({ code: 'OK', data: { agency_reference: bill.agency_reference } });
    // As printed (groups of six), in lower case, and with O for 0 and I for 1, it is the same code.
    const printed = code
      .match(/.{1,6}/g)!
      .join('-')
      .toLowerCase();
    expect((await verify(printed)).code).toBe('OK');
    expect((await verify(code.replace(/0/g, 'O').replace(/1/g, 'I'))).code).toBe('OK');
  });

  it('answers "No receipt matches this code" for altered, unknown and malformed codes, and for bills not paid', async () => {
    const { owner, corporationId, bill } = await paidPayeBill();
    const code = codeOf(bill.verify_url);
    // One character changed anywhere: the signature no longer holds, or the bill is another.
    for (const at of [0, 10, 25, 41]) {
      const swapped = code[at] === 'A' ? 'B' : 'A';
      expect(await verify(`${code.slice(0, at)}${swapped}${code.slice(at + 1)}`)).toMatchObject({
        status: 404,
        ...NOT_FOUND,
        data: null,
      });
    }
    // Signed under another secret, or under this one for a bill that does not exist.
    const foreign = createReceiptCodes({ secret: 'another-server-entirely-0123456789', appUrl: 'http://levy.test' });
    expect(await verify(foreign.codeOf(bill.id))).toMatchObject(NOT_FOUND);
    const ours = createReceiptCodes({ secret: DEVELOPMENT_RECEIPT_SECRET, appUrl: 'http://levy.test' });
    expect(ours.codeOf(bill.id)).toBe(code);
    expect(await verify(ours.codeOf(randomUUID()))).toMatchObject(NOT_FOUND);
    for (const malformed of ['x', code.slice(0, 41), `${code}0`, code.replace(/^./, 'U'), 'a'.repeat(100)])
      expect(await verify(malformed)).toMatchObject(NOT_FOUND);
    expect((await verify('a'.repeat(101))).code).toBe('NOT_FOUND');

    // A bill that is not paid has no link, and its code (made on the server's key) shows nothing.
    await joinAsMember(test, owner, 'user.admin');
    const member = await test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
      body: { setting_code: 'core.organisation.bill_approval', value: { mode: 'above', above: '1' } },
    });
    expect(member.code).toBe('OK');
    const waiting = await generate(owner.token, corporationId, 'paye', { start_date: '2026-09' }, [THREE_EMPLOYEES]);
    expect(waiting.data).toMatchObject({ status: 'awaiting_approval', verify_url: null });
    expect(await verify(ours.codeOf(waiting.data.id))).toMatchObject(NOT_FOUND);
  });

  it('reveals nothing of another organisation beyond the receipt’s facts', async () => {
    const { owner, bill } = await paidPayeBill();
    const stranger = await ownerWithOrganisation(test);
    // Signed in elsewhere, the bill, its receipt and its rows stay out of reach…
    expect((await test.call('GET', 'core', `internal/bills/${bill.id}`, { token: stranger.token })).code).toBe(
      'NOT_FOUND',
    );
    expect((await test.call('GET', 'core', `internal/bills/${bill.id}/items`, { token: stranger.token })).code).toBe(
      'NOT_FOUND',
    );
    const receipt = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/bills/${bill.id}/receipt`,
      headers: { 'api-token': stranger.token },
    });
    expect(receipt.statusCode).toBe(404);
    // …and the code opens the facts only: no ids, people, fees, totals, rows or other bills.
    const checked = await test.call('GET', 'public', `receipts/verify/${codeOf(bill.verify_url)}`, {
      token: stranger.token,
      ip: newAddress(),
    });
    expect(Object.keys(checked.data).sort()).toEqual(FACT_KEYS);
    const text = JSON.stringify(checked.data);
    for (const hidden of [
      bill.id,
      owner.organisationId,
      bill.corporation.id,
      bill.reference,
      bill.total,
      bill.charge,
      bill.created_by,
      'Adaeze',
      'N-1000001',
    ])
      expect(text).not.toContain(hidden);
  });
});

describe('the verify limit', () => {
  it('refuses an address after 20 misses in 10 minutes, genuine codes included; lookups of genuine codes do not count', async () => {
    const { bill } = await paidPayeBill();
    const code = codeOf(bill.verify_url);
    const [guesser, other, auditor] = [newAddress(), newAddress(), newAddress()];
    // An auditor checking many genuine receipts is never held up.
    for (let lookup = 0; lookup < 25; lookup += 1) expect((await verify(code, auditor)).code).toBe('OK');
    for (let guess = 0; guess < 20; guess += 1)
      expect(
        (
          await verify(
            createReceiptCodes({ secret: DEVELOPMENT_RECEIPT_SECRET, appUrl: '' }).codeOf(randomUUID()),
            guesser,
          )
        ).code,
      ).toBe('NOT_FOUND');
    const refused = await verify(code, guesser);
    expect(refused).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many receipt codes were checked from this address. Please wait a few minutes and try again.',
      data: null,
    });
    expect((await verify('x', guesser)).code).toBe('RATE_LIMITED');
    expect((await verify(code, other)).code).toBe('OK');
    expect((await verify('x', auditor)).code).toBe('NOT_FOUND');
  });

  it('holds under a burst: 30 misses at once from one address, exactly 20 are judged', async () => {
    const address = newAddress();
    const results = await Promise.all(Array.from({ length: 30 }, (_, index) => verify(`burst-${index}`, address)));
    expect(results.filter((result) => result.code === 'NOT_FOUND')).toHaveLength(20);
    expect(results.filter((result) => result.code === 'RATE_LIMITED')).toHaveLength(10);
  });
});

describe('the receipt', () => {
  it('prints the payer’s address, full names, Lagos times, correct plurals and the verification code and link', async () => {
    const { owner, corporationId } = await organisationWithState();
    const identity = await test.upload(`organisations/${owner.organisationId}/identity`, {
      namespace: 'auth',
      token: owner.token,
      fields: {
        legal_name: 'Acme Nigeria Limited',
        cac_number: 'RC 1234567',
        business_type: 'Limited liability company',
        industry: 'Manufacturing',
        tax_id: 'C-0012345',
        address: '14 Broad Street, Lagos Island',
        state_id: '25',
        phone: '+2348031234567',
      },
      files: [{ field: 'cac_document', filename: 'cac.png', contentType: 'image/png', content: TINY_PNG }],
    });
    expect(identity.code).toBe('OK');
    await fund(owner, '5000000');
    const created = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [
      payeFile([['N-1000001', 'Adaeze Okafor', 500_000, 65_300]]),
    ]);
    const bill = created.data;
    const { lines, pageCount } = await receiptLines(owner.token, bill.id);
    const text = lines.join('\n');
    expect(pageCount).toBe(1);
    expect(text).toContain('14 Broad Street, Lagos Island, Lagos');
    // signUp names everyone Chidi Eze: the full name, not the first alone.
    expect(text).toMatch(/Chidi Eze, \d{2} [A-Z][a-z]{2}, \d{4} at \d{2}:\d{2} \(Lagos time\)/);
    expect(text).toContain('schedule of 1 employee for your records');
    expect(text).not.toContain('1 employees');
    const paidAt = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(new Date(bill.paid_at));
    expect(text).toContain(`at ${paidAt} (Lagos time)`);
    const printed = codeOf(bill.verify_url)
      .match(/.{1,6}/g)!
      .join('-');
    expect(text).toContain(`Verification code: ${printed}`);
    expect(text).toContain(bill.verify_url);
    expect(text).toContain('Verify this receipt');
    expect(text).toContain(`Tax remitted to Lagos State Internal Revenue Service  NGN 65,300.00`);
    // October's PAYE fell due on 10 November: the receipt says how late it was paid and the penalty so far.
    expect(bill.lateness).toMatchObject({ due_date: '2026-11-10' });
    // The two columns of facts read line by line, interleaved: each phrase is looked for on its own.
    const flowing = text.replace(/\s+/g, ' ');
    expect(flowing).toContain('Paid late');
    expect(flowing).toContain(`${bill.lateness.days_late} days after the due date, 10 Nov, 2026.`);
    expect(flowing).toContain(
      `so far: NGN ${Number(bill.lateness.penalty).toLocaleString('en-NG', { minimumFractionDigits: 2 })} (10% a year`,
    );
    expect(flowing).toContain('Estimated with the MPR of 24 Feb, 2026; the CBN rate may have changed since.');
  });

  it('lists a WHT bill’s payees with Tax ID, gross amount, rate and tax', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: THIS_MONTH },
      [
        whtAutoFile('recipients', [
          ['N-2000001', 'Kelechi Uche', 1_200_000],
          ['N-2000002', 'Halima Garba', 800_000],
        ]),
      ],
    );
    const paid = await until(async () => {
      const bill = await billOf(owner.token, created.data.id);
      return bill.status === 'payment_paid' ? bill : undefined;
    });
    expect(paid.verify_url).toMatch(/\/verify\//);
    expect((await verify(codeOf(paid.verify_url))).data).toMatchObject({
      tax: 'Withholding Tax: Rent',
      amount: '200000.00',
    });
    const { lines, pageCount } = await receiptLines(owner.token, paid.id);
    expect(pageCount).toBe(1);
    expect(lines).toContain('Withholding Tax: Rent (10%)  C-0012345');
    expect(lines).toContain('PAYEES (2)');
    expect(lines).toContain('Tax ID  Payee  Gross amount (NGN)  Rate  Tax (NGN)');
    expect(lines).toContain('N-2000001  Kelechi Uche  1,200,000.00  10%  120,000.00');
    expect(lines).toContain('N-2000002  Halima Garba  800,000.00  10%  80,000.00');
    expect(lines).toContain('Total  2 payees  2,000,000.00  200,000.00');
    expect(lines.join('\n')).toContain('schedule of 2 payees');
  });

  it('continues a long list of payees (2,100, over three stored pages of items) on numbered pages', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '100000000');
    const payees = Array.from({ length: 2_100 }, (_, index): [string, string, number] => [
      `N-${4_000_000 + index}`,
      `Payee ${index + 1}`,
      10_000 + index,
    ]);
    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: THIS_MONTH },
      [whtAutoFile('recipients', payees)],
    );
    expect(created.code).toBe('OK');
    const paid = await until(async () => {
      const bill = await billOf(owner.token, created.data.id);
      return bill.status === 'payment_paid' ? bill : undefined;
    });
    const { lines, pageCount, pages } = await receiptLines(owner.token, paid.id);
    expect(pageCount).toBeGreaterThan(40);
    const rows = lines.filter((line) => /^N-4\d{6} {2}Payee \d+ {2}/.test(line));
    expect(rows).toHaveLength(2_100);
    expect(rows[0]).toBe('N-4000000  Payee 1  10,000.00  10%  1,000.00');
    expect(rows[2_099]).toBe('N-4002099  Payee 2100  12,099.00  10%  1,209.90');
    // Payees start on the first page; every later page is headed as a continuation and numbered.
    expect(pages.some((line) => line.page === 1 && joinLineText(line).startsWith('N-4000000'))).toBe(true);
    expect(lines.filter((line) => line === 'Payees, continued')).toHaveLength(pageCount - 1);
    expect(lines).toContain(`Page 1 of ${pageCount}`);
    expect(lines).toContain(`Page ${pageCount} of ${pageCount}`);
    expect(lines.at(-2)).toMatch(/^Total {2}2,100 payees {2}/);
  });
});
