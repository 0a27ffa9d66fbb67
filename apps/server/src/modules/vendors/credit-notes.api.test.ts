import { readFileSync } from 'node:fs';
import { readSource, type SourceLine } from '@levy/statements';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, THREE_EMPLOYEES, until, whtAutoFile } from '../../../test/bill-kit';
import { createTestApp, joinAsMember, ownerWithOrganisation, type TestApp } from '../../../test/harness';
import { queryRows } from '../../db/raw';

// WHT credit notes and vendors: a note per payee of a paid WHT bill, the bill's notes as
// a ZIP, the vendors built from the paid bills with their totals per year, and a note mailed.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const { organisationWithState, fund, generate, billOf } = billKit(() => test);
type Owner = { token: string; organisationId: string };

/** A line of a PDF, its cells two spaces apart (as the statements engine joins them). */
const joinLineText = (line: SourceLine) => line.cells.map((cell) => cell.text).join('  ');

async function pdfLines(content: Uint8Array) {
  const document = await readSource(content, { mimeType: 'application/pdf' });
  return document.lines.map(joinLineText);
}

async function download(token: string, path: string) {
  return test.app.inject({ method: 'GET', url: `/service/v1/core/${path}`, headers: { 'api-token': token } });
}

async function paidWhtBill(
  owner: Owner,
  corporationId: string,
  month: string,
  payees: Array<[string, string, number]>,
  whtType = 'rent',
) {
  const created = await generate(
    owner.token,
    corporationId,
    'wht',
    { payload_type: 'auto', wht_type: whtType, start_date: month },
    [whtAutoFile('recipients', payees)],
  );
  expect(created.code).toBe('OK');
  return until(async () => {
    const bill = await billOf(owner.token, created.data.id);
    return bill.status === 'payment_paid' ? bill : undefined;
  });
}

const PAYEES: Array<[string, string, number]> = [
  ['N-2000001', 'Kelechi Uche', 1_200_000],
  ['N-2000002', 'Halima Garba', 800_000],
  ['C-3000003', 'Delta Stone Ventures Limited', 450_000],
];

describe('credit notes', () => {
  it('gives each payee of a paid WHT bill a note with the bill’s figures, and all of them as a ZIP', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const bill = await paidWhtBill(owner, corporationId, '2026-10', PAYEES);
    const rows = (await test.call('GET', 'core', `internal/bills/${bill.id}/items`, { token: owner.token })).data
      .items as Array<{ row: number; tax_payer_number: string; name: string; amount: string; tax_payable: string }>;
    expect(rows).toHaveLength(3);
    const code = bill.verify_url
      .split('/verify/')[1]
      .match(/.{1,6}/g)
      .join('-');

    for (const row of rows) {
      const response = await download(owner.token, `internal/bills/${bill.id}/credit-notes/${row.row}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/pdf');
      const lines = await pdfLines(new Uint8Array(response.rawPayload));
      const text = lines.join('\n');
      const money = (naira: string) => `NGN ${Number(naira).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;
      expect(lines).toContain(`Credit note no. ${bill.reference}-${row.row}`);
      expect(text).toContain(row.name);
      expect(text).toContain(row.tax_payer_number);
      expect(lines).toContain(`Gross amount  ${money(row.amount)}`);
      expect(lines).toContain(`Tax withheld at 10%  ${money(row.tax_payable)}`);
      expect(text).toContain('Lagos State Internal Revenue Service');
      expect(lines).toContain(
        `Net amount paid to the payee  ${money(String(Number(row.amount) - Number(row.tax_payable)))}`,
      );
      expect(text).toContain('Rent at 10%');
      expect(text).toContain('01 Oct, 2026 to 31 Oct, 2026');
      expect(text).toContain(bill.reference);
      expect(text).toContain(bill.agency_reference);
      expect(text).toContain(bill.receipt_number);
      expect(text).toContain(bill.corporation.name);
      expect(text).toContain(bill.verify_url);
      expect(text).toContain(`Verification code: ${code}`);
    }
    // Tax on each row is the rate on its gross: 10% of 1,200,000.
    expect(rows[0]).toMatchObject({ tax_payer_number: 'N-2000001', amount: '1200000.00', tax_payable: '120000.00' });

    const zip = await download(owner.token, `internal/bills/${bill.id}/credit-notes`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toContain('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(files);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    for (const row of rows) {
      const name = names.find((candidate) => candidate.includes(row.tax_payer_number));
      expect(name).toBe(`${bill.reference}-${row.row}-${row.tax_payer_number}-credit-note.pdf`);
      expect((await pdfLines(files[name!])).join('\n')).toContain(row.name);
    }
  });

  it('refuses a PAYE bill, an unpaid WHT bill, a row with no payee and another organisation’s bill', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const paye = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(paye.data.status).toBe('payment_paid');
    const payeNote = await test.call('GET', 'core', `internal/bills/${paye.data.id}/credit-notes/2`, {
      token: owner.token,
    });
    expect(payeNote).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'Credit notes are for Withholding Tax bills: a PAYE bill has none.',
    });
    expect(
      (await test.call('GET', 'core', `internal/bills/${paye.data.id}/credit-notes`, { token: owner.token })).code,
    ).toBe('UNPROCESSABLE');

    // A member's bill waits for an admin: it is not paid.
    const member = await joinAsMember(test, owner);
    const waiting = await generate(
      member.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-09' },
      [whtAutoFile('recipients', PAYEES)],
    );
    expect(waiting.data.status).toBe('awaiting_approval');
    const unpaid = await test.call('GET', 'core', `internal/bills/${waiting.data.id}/credit-notes`, {
      token: owner.token,
    });
    expect(unpaid).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'Credit notes are issued once the bill is paid: this bill is not paid.',
    });

    const bill = await paidWhtBill(owner, corporationId, '2026-10', PAYEES);
    expect(
      (await test.call('GET', 'core', `internal/bills/${bill.id}/credit-notes/99`, { token: owner.token })).code,
    ).toBe('NOT_FOUND');
    expect(
      (await test.call('GET', 'core', `internal/bills/${bill.id}/credit-notes/row`, { token: owner.token })).code,
    ).toBe('NOT_FOUND');
    // Members see the notes as they see bills.
    expect((await download(member.token, `internal/bills/${bill.id}/credit-notes/2`)).statusCode).toBe(200);

    const stranger = await ownerWithOrganisation(test);
    for (const path of [`internal/bills/${bill.id}/credit-notes`, `internal/bills/${bill.id}/credit-notes/2`]) {
      expect(await test.call('GET', 'core', path, { token: stranger.token })).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Bill not found.',
      });
    }
    expect(
      (await test.call('POST', 'core', `internal/bills/${bill.id}/credit-notes/2/send`, { token: stranger.token }))
        .code,
    ).toBe('NOT_FOUND');
  });
});

describe('vendors', () => {
  it('lists the payees of paid WHT bills with totals per year, searched, and only the organisation’s own', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '10000000');
    await paidWhtBill(owner, corporationId, '2025-12', [['N-2000001', 'Kelechi Uche', 500_000]], 'rent');
    await paidWhtBill(
      owner,
      corporationId,
      '2026-09',
      [
        ['N-2000001', 'Kelechi Uche Okafor', 300_000],
        ['N-2000002', 'Halima Garba', 800_000],
      ],
      'rent',
    );
    await paidWhtBill(
      owner,
      corporationId,
      '2026-10',
      [['N-2000001', 'Kelechi Uche Okafor', 200_000]],
      'professional_fees',
    );
    // An unpaid bill adds nothing.
    const member = await joinAsMember(test, owner);
    const waiting = await generate(
      member.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-08' },
      [whtAutoFile('recipients', [['N-9000009', 'Not Yet Paid', 100_000]])],
    );
    expect(waiting.data.status).toBe('awaiting_approval');

    const listed = await test.call('GET', 'core', 'internal/vendors', { token: owner.token });
    expect(listed.code).toBe('OK');
    expect(listed.data.pagination.total_count).toBe(2);
    const [halima, kelechi] = listed.data.items;
    expect(halima).toEqual({
      tax_payer_number: 'N-2000002',
      name: 'Halima Garba',
      email: null,
      usual_wht_type: { code: 'rent', name: 'Rent' },
      years: [{ year: 2026, gross: '800000.00', tax_withheld: '80000.00', notes: 1 }],
    });
    // Named as on the latest bill; rent twice, professional fees once.
    expect(kelechi).toMatchObject({
      tax_payer_number: 'N-2000001',
      name: 'Kelechi Uche Okafor',
      usual_wht_type: { code: 'rent' },
    });
    expect(kelechi.years).toEqual([
      { year: 2026, gross: '500000.00', tax_withheld: '40000.00', notes: 2 },
      { year: 2025, gross: '500000.00', tax_withheld: '50000.00', notes: 1 },
    ]);

    const notes = await test.call('GET', 'core', 'internal/vendors/N-2000001/credit-notes', { token: owner.token });
    expect(
      notes.data.map(
        (note: { period_start: string; wht_type: { code: string }; gross: string; tax_withheld: string }) => [
          note.period_start,
          note.wht_type.code,
          note.gross,
          note.tax_withheld,
        ],
      ),
    ).toEqual([
      ['2026-10-01', 'professional_fees', '200000.00', '10000.00'],
      ['2026-09-01', 'rent', '300000.00', '30000.00'],
      ['2025-12-01', 'rent', '500000.00', '50000.00'],
    ]);
    const first = notes.data[0];
    expect((await download(owner.token, `internal/bills/${first.bill_id}/credit-notes/${first.row}`)).statusCode).toBe(
      200,
    );

    // Search by part of a name or a Tax ID; the suggestions of the WHT form are this search.
    const byName = await test.call('GET', 'core', 'internal/vendors', {
      token: owner.token,
      params: { search: 'halima', count: 8 },
    });
    expect(byName.data.items.map((vendor: { tax_payer_number: string }) => vendor.tax_payer_number)).toEqual([
      'N-2000002',
    ]);
    const byTaxId = await test.call('GET', 'core', 'internal/vendors', {
      token: owner.token,
      params: { search: '2000001' },
    });
    expect(byTaxId.data.items.map((vendor: { name: string }) => vendor.name)).toEqual(['Kelechi Uche Okafor']);

    const stranger = await ownerWithOrganisation(test);
    const theirs = await test.call('GET', 'core', 'internal/vendors', {
      token: stranger.token,
      params: { search: 'N-2000001' },
    });
    expect(theirs.data.pagination.total_count).toBe(0);
    expect(
      (await test.call('GET', 'core', 'internal/vendors/N-2000001/credit-notes', { token: stranger.token })).code,
    ).toBe('NOT_FOUND');
    expect(
      (
        await test.call('PUT', 'core', 'internal/vendors/N-2000001', {
          token: stranger.token,
          body: { email: 'x@example.ng' },
        })
      ).code,
    ).toBe('NOT_FOUND');

    // Bills paid before vendors existed are backfilled by the migration: rebuilt from the bills alone, the list is the same.
    await queryRows(test.database.db, sql`delete from credit_notes where organisation_id = ${owner.organisationId}`);
    await queryRows(test.database.db, sql`delete from vendors where organisation_id = ${owner.organisationId}`);
    const migration = readFileSync(
      new URL('../../../drizzle/0019_vendors_and_credit_notes.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').filter((part) => part.includes('INSERT INTO')))
      await test.database.db.execute(sql.raw(statement));
    expect((await test.call('GET', 'core', 'internal/vendors', { token: owner.token })).data).toEqual(listed.data);
  });

  it('keeps a vendor’s email, set by a member, and mails them a note’s figures and verification link', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const bill = await paidWhtBill(owner, corporationId, '2026-10', PAYEES);
    const member = await joinAsMember(test, owner);

    const noEmail = await test.call('POST', 'core', `internal/bills/${bill.id}/credit-notes/2/send`, {
      token: member.token,
    });
    expect(noEmail).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'Add the vendor’s email on the Vendors screen first.',
    });
    const invalid = await test.call('PUT', 'core', 'internal/vendors/N-2000001', {
      token: member.token,
      body: { email: 'not an email' },
    });
    expect(invalid.code).toBe('INVALID_INPUT');
    expect(
      (
        await test.call('PUT', 'core', 'internal/vendors/N-7777777', {
          token: member.token,
          body: { email: 'a@example.ng' },
        })
      ).code,
    ).toBe('NOT_FOUND');

    const updated = await test.call('PUT', 'core', 'internal/vendors/N-2000001', {
      token: member.token,
      body: { email: ' kelechi@example.ng ' },
    });
    expect(updated.data).toMatchObject({
      tax_payer_number: 'N-2000001',
      email: 'kelechi@example.ng',
      years: [{ year: 2026, tax_withheld: '120000.00' }],
    });

    const sent = await test.call('POST', 'core', `internal/bills/${bill.id}/credit-notes/2/send`, {
      token: member.token,
    });
    expect(sent).toMatchObject({
      code: 'OK',
      message: 'The credit note was sent to kelechi@example.ng.',
      data: { to: 'kelechi@example.ng' },
    });
    const mail = (await test.mailbox()).find((item: { to: string }) => item.to === 'kelechi@example.ng');
    if (!mail) throw new Error('no mail to kelechi@example.ng in the development mailbox');
    expect(mail.subject).toBe(`Withholding tax credit note ${bill.reference}-2 from ${bill.corporation.name}`);
    expect(mail.links).toEqual([bill.verify_url]);
    for (const fact of [
      'Payee: Kelechi Uche, Tax ID N-2000001',
      'Gross amount: ₦1,200,000.00',
      'WHT type and rate: Rent at 10%',
      'Tax withheld: ₦120,000.00',
      'Period: 01 Oct, 2026 to 31 Oct, 2026',
      'Revenue service: Lagos State Internal Revenue Service',
      `Bill reference: ${bill.reference}; RRR (Remita): ${bill.agency_reference}; Remita payment reference: ${bill.receipt_number}`,
      bill.verify_url,
    ]) {
      expect(mail.text).toContain(fact);
    }
    // The note itself travels as a PDF attachment, the same document as the download.
    expect(mail.attachments).toEqual([
      { filename: expect.stringMatching(/\.pdf$/), content_type: 'application/pdf', bytes: expect.any(Number) },
    ]);
    expect(mail.text).toContain(`The credit note is attached as a PDF (${mail.attachments[0].filename}).`);
    const [delivered] = await queryRows<{ status: string; attachment: string }>(
      test.database.db,
      sql`select status, attachments->0->>'base64' as attachment from outbox where "to" = 'kelechi@example.ng'`,
    );
    expect(['pending', 'sending', 'logged']).toContain(delivered.status);
    const attached = Buffer.from(delivered.attachment, 'base64');
    expect(attached.subarray(0, 5).toString()).toBe('%PDF-');
    const downloaded = await download(member.token, `internal/bills/${bill.id}/credit-notes/2`);
    expect(attached.length).toBe(downloaded.rawPayload.length);

    const cleared = await test.call('PUT', 'core', 'internal/vendors/N-2000001', {
      token: member.token,
      body: { email: '' },
    });
    expect(cleared.data.email).toBeNull();
  });

  it('mails one note once however often it is pressed at once, and limits how many notes one person mails', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const bill = await paidWhtBill(owner, corporationId, '2026-10', PAYEES);
    await test.call('PUT', 'core', 'internal/vendors/N-2000001', {
      token: owner.token,
      body: { email: 'burst@example.ng' },
    });
    const mailsTo = async (to: string) =>
      (
        await queryRows<{ n: number }>(test.database.db, sql`select count(*)::int as n from outbox where "to" = ${to}`)
      )[0].n;

    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        test.call('POST', 'core', `internal/bills/${bill.id}/credit-notes/2/send`, { token: owner.token }),
      ),
    );
    expect(burst.filter((answer) => answer.code === 'OK')).toHaveLength(1);
    const refused = burst.filter((answer) => answer.code !== 'OK');
    expect(refused).toHaveLength(29);
    expect(new Set(refused.map((answer) => `${answer.code} ${answer.message}`))).toEqual(
      new Set(['RATE_LIMITED This credit note was sent in the last 10 minutes. Please wait before sending it again.']),
    );
    expect(await mailsTo('burst@example.ng')).toBe(1);

    // A new address does not make the same note go again within the window.
    await test.call('PUT', 'core', 'internal/vendors/N-2000001', {
      token: owner.token,
      body: { email: 'other@example.ng' },
    });
    expect(
      (await test.call('POST', 'core', `internal/bills/${bill.id}/credit-notes/2/send`, { token: owner.token })).code,
    ).toBe('RATE_LIMITED');
    expect(await mailsTo('other@example.ng')).toBe(0);

    // 30 notes in the last hour: the person's next send is refused, whichever note it is.
    const [{ user_id: userId }] = await queryRows<{ user_id: string }>(
      test.database.db,
      sql`select user_id from credit_note_sends where bill_id = ${bill.id}`,
    );
    await test.database.db.execute(
      sql`insert into credit_note_sends (user_id, bill_id, row_number, created_at)
        select ${userId}, ${bill.id}, 100 + n, now() - interval '30 minutes' from generate_series(1, 29) as n`,
    );
    await test.call('PUT', 'core', 'internal/vendors/N-2000002', {
      token: owner.token,
      body: { email: 'halima@example.ng' },
    });
    expect(
      await test.call('POST', 'core', `internal/bills/${bill.id}/credit-notes/3/send`, { token: owner.token }),
    ).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You have sent 30 credit notes in the last hour. Please wait before sending more.',
    });
    expect(await mailsTo('halima@example.ng')).toBe(0);
    // Another member of the organisation has their own count.
    const member = await joinAsMember(test, owner);
    expect(
      (await test.call('POST', 'core', `internal/bills/${bill.id}/credit-notes/3/send`, { token: member.token })).code,
    ).toBe('OK');
  });
});
