import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRemitaFake, type RemitaFake } from '../../adapters/remittance/remita-fake';
import { SANDBOX_FEE_BILLER, sandboxBillers } from '../../adapters/remittance/remita-sandbox';
import { queryRows } from '../../db/raw';
import { billKit, THREE_EMPLOYEES, until, whtAutoFile } from '../../../test/bill-kit';
import { createTestApp, staffUser, type TestApp } from '../../../test/harness';

// Taxes remitted through the real Remita adapter, configured as in production (REMITTANCE_GATEWAY=remita)
// against a Remita fake this test runs: routes as staff reference data, the RRR before any money
// moves, Remita's charge, declines, late and unknown outcomes, and the reconciliation that proves
// each remittance landed.
const KEYS = { publicKey: 'remittance-test-public', secretKey: 'remittance-test-secret' };
let fake: RemitaFake;
let test: TestApp;
let staff: { token: string };

beforeAll(async () => {
  fake = await startRemitaFake({
    ...KEYS,
    billers: sandboxBillers([
      { code: 'LA', revenueService: 'Lagos State Internal Revenue Service', collector: 'state' },
    ]),
    lateSettlementSeconds: 2,
  });
  test = await createTestApp({
    env: {
      REMITTANCE_GATEWAY: 'remita',
      REMITA_BASE_URL: fake.baseUrl,
      REMITA_PUBLIC_KEY: KEYS.publicKey,
      REMITA_SECRET_KEY: KEYS.secretKey,
      REMITA_FUNDING_SOURCE: 'LEVYTEST',
      REMITA_DEBITED_ACCOUNT: '0123456789',
      REMITA_INCOME_ACCOUNT: '0001061499',
      REMITA_TIMEOUT_MS: '10000',
    },
  });
  staff = await staffUser(test);
});
afterAll(async () => {
  await test.close();
  await fake.close();
});

const { organisationWithState, walletOf, fund, generate, billCount, billOf } = billKit(() => test);

function addRoute(body: Record<string, string>) {
  return test.call('POST', 'core', 'internal/reference-data/remittance-routes', {
    token: staff.token,
    body: { gateway: 'remita', source: 'Remita biller list read on 26 Nov 2026', ...body },
  });
}

function precheck(token: string, corporationId: string, amountDue?: string) {
  return test.call('GET', 'core', 'internal/bills/precheck', {
    token,
    params: {
      corporation_id: corporationId,
      state: 'LA',
      type: 'paye',
      start_date: '2026-10',
      ...(amountDue ? { amount_due: amountDue } : {}),
    },
  });
}

/** Each bill's debits and refunds as the ledger holds them, by the bill's own ledger references. */
async function ledgerOf(organisationId: string) {
  return queryRows<{
    reference: string;
    status: string;
    debits: number;
    refunds: number;
    paid_kobo: string;
    total_kobo: string;
  }>(
    test.database.db,
    sql`select b.reference, b.status, b.total_kobo::text as total_kobo,
      (select count(*)::int from ledger_journals j
        where j.reference = 'BILL-' || b.reference || '-' || upper(replace(substr(b.id::text, 1, 13), '-', ''))) as debits,
      (select count(*)::int from ledger_journals j
        where j.reference = 'REFUND-' || b.reference || '-' || upper(replace(substr(b.id::text, 1, 13), '-', ''))) as refunds,
      coalesce((select -sum(e.amount_kobo) from ledger_entries e where e.journal_id = b.payment_journal_id and e.is_wallet), 0)::text as paid_kobo
      from bills b where b.organisation_id = ${organisationId} order by b.created_at`,
  );
}

describe('remittance routes', () => {
  it('says before Pay that a collector has no route, refuses Pay naming what staff must add, and pays once staff add it', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '500000');
    const before = await precheck(owner.token, corporationId);
    expect(before.data.remittance).toEqual({
      route: null,
      missing:
        'Lagos State Internal Revenue Service has no remittance route for PAYE in October 2026: platform staff must add one under Reference data → ' +
        'Remittance routes (collector LA, tax paye, gateway remita, biller id, service type id, from 2026-10 or earlier).',
      amount_due: null,
    });
    const refused = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(refused).toMatchObject({
      code: 'UNPROCESSABLE',
      message: `${before.data.remittance.missing} Nothing was paid.`,
    });
    expect(await billCount(owner)).toBe(0);
    expect((await walletOf(owner)).balance).toBe('500000.00');

    expect(
      (await test.call('POST', 'core', 'internal/reference-data/remittance-routes', { token: owner.token, body: {} }))
        .code,
    ).toBe('FORBIDDEN');
    expect(
      await addRoute({ collector: 'NRS', tax: 'paye', biller_id: 'X', service_type_id: 'Y', from: '2026-01' }),
    ).toMatchObject({
      code: 'INVALID_INPUT',
      data: { tax: 'Nigeria Revenue Service does not collect PAYE: states do' },
    });
    expect(
      await addRoute({ collector: 'ZZ', tax: 'paye', biller_id: 'X', service_type_id: 'Y', from: '2026-01' }),
    ).toMatchObject({ code: 'INVALID_INPUT', data: { collector: 'Choose a state by its code (LA, FC …) or NRS' } });
    expect(
      await addRoute({ collector: 'LA', tax: 'paye', biller_id: 'X', service_type_id: 'Y', from: '2026-13' }),
    ).toMatchObject({ code: 'INVALID_INPUT', data: { from: 'Give the first tax month paid this way, YYYY-MM' } });

    // A route from a later month does not serve October.
    const added = await addRoute({
      collector: 'la',
      tax: 'paye',
      biller_id: 'LEVYSBX-LA',
      service_type_id: 'LA-PAYE',
      from: '2026-11',
    });
    expect(added.code).toBe('OK');
    expect(added.data.remittance_routes).toContainEqual(
      expect.objectContaining({
        collector: 'LA',
        collector_name: 'Lagos State Internal Revenue Service',
        tax: 'paye',
        from: '2026-11',
        origin: 'staff',
        added_by: 'Sade Staff',
      }),
    );
    expect((await precheck(owner.token, corporationId)).data.remittance.missing).toContain('October 2026');
    await addRoute({
      collector: 'LA',
      tax: 'paye',
      biller_id: 'LEVYSBX-LA',
      service_type_id: 'LA-PAYE',
      from: '2026-01',
    });
    expect((await precheck(owner.token, corporationId)).data.remittance).toEqual({
      route: 'Remita: biller LEVYSBX-LA, service type LA-PAYE',
      missing: null,
      amount_due: null,
    });

    const paid = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(paid.data).toMatchObject({
      status: 'payment_paid',
      total: '110178.75',
      remittance: { rrr: paid.data.agency_reference, gateway_charge: '0.00', unconfirmed: false },
    });
    expect(fake.notifications().filter((seen) => seen.rrr === paid.data.agency_reference)).toEqual([
      { rrr: paid.data.agency_reference, transactionId: expect.any(String), hashMatched: true },
    ]);
  });

  it('shows Remita’s amount due on the summary when its charge makes it differ, and pays it with the tax', async () => {
    const { owner, corporationId } = await organisationWithState('C-0022345');
    await addRoute({
      collector: 'LA',
      tax: 'wht',
      biller_id: SANDBOX_FEE_BILLER.id,
      service_type_id: SANDBOX_FEE_BILLER.products[0].serviceTypeId,
      from: '2026-09',
    });
    await fund(owner, '500000');
    const summary = await test.call('GET', 'core', 'internal/bills/precheck', {
      token: owner.token,
      params: { corporation_id: corporationId, state: 'LA', type: 'wht', start_date: '2026-10', amount_due: '100000' },
    });
    expect(summary.data.remittance).toEqual({
      route: `Remita: biller QATEST, service type ${SANDBOX_FEE_BILLER.products[0].serviceTypeId}`,
      missing: null,
      amount_due: '100150.00',
    });
    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' },
      [whtAutoFile('recipients', [['N-2000001', 'Kelechi Uche', 1_000_000]])],
    );
    // ₦100,000 tax + ₦150 Remita charge + Levy's ₦354.75.
    expect(created.data).toMatchObject({
      amount_due: '100000.00',
      total: '100504.75',
      remittance: { gateway_charge: '150.00' },
    });
    const paid = await until(async () =>
      (await billOf(owner.token, created.data.id)).status === 'payment_paid'
        ? billOf(owner.token, created.data.id)
        : undefined,
    );
    expect(paid.remittance).toMatchObject({
      payment_reference: expect.stringMatching(/^FAKE/),
      last_status: '00 Successful',
    });
    expect((await walletOf(owner)).balance).toBe('399495.25');
    const [ledger] = await ledgerOf(owner.organisationId);
    expect(ledger).toMatchObject({ debits: 1, refunds: 0, paid_kobo: '10050475', total_kobo: '10050475' });
  });
});

describe('outcomes and proof that each remittance landed', () => {
  beforeAll(async () => {
    await addRoute({
      collector: 'LA',
      tax: 'wht',
      biller_id: 'LEVYSBX-LA',
      service_type_id: 'LA-WHT',
      from: '2026-10',
    });
  });

  async function whtBill(taxPayerNumber: string) {
    const { owner, corporationId } = await organisationWithState(taxPayerNumber);
    await fund(owner, '500000');
    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' },
      [whtAutoFile('recipients', [['N-2000001', 'Kelechi Uche', 1_000_000]])],
    );
    expect(created.code).toBe('OK');
    return { owner, bill: created.data };
  }

  it('refuses a route to a product Remita does not know before anything is stored or debited', async () => {
    const { owner, corporationId } = await organisationWithState('C-0000000408');
    await fund(owner, '500000');
    await addRoute({
      collector: 'LA',
      tax: 'paye',
      biller_id: 'LEVYSBX-LA',
      service_type_id: 'NO-SUCH-PRODUCT',
      from: '2026-10',
    });
    const refused = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(refused).toMatchObject({
      code: 'UNPROCESSABLE',
      message: expect.stringContaining('Remita does not know the product NO-SUCH-PRODUCT'),
    });
    expect(await billCount(owner)).toBe(0);
    expect((await walletOf(owner)).balance).toBe('500000.00');
    await addRoute({
      collector: 'LA',
      tax: 'paye',
      biller_id: 'LEVYSBX-LA',
      service_type_id: 'LA-PAYE',
      from: '2026-10',
    });
  });

  it('follows declined, late and unknown outcomes, then the ledger holds one debit per bill and one refund per failed bill', async () => {
    const declined = await whtBill('N-0000000402');
    const late = await whtBill('N-0000000202');
    const unknown = await whtBill('N-0000000998');

    const failed = await until(async () =>
      (await billOf(declined.owner.token, declined.bill.id)).status === 'failed'
        ? billOf(declined.owner.token, declined.bill.id)
        : undefined,
    );
    expect(failed.failure_reason).toContain('Remita did not take the payment (02 ');
    const settled = await until(async () =>
      (await billOf(late.owner.token, late.bill.id)).status === 'payment_paid'
        ? billOf(late.owner.token, late.bill.id)
        : undefined,
    );
    expect(settled.remittance).toMatchObject({ last_status: '00 Successful', unconfirmed: false });

    // Unknown is asked again and never taken as paid, nor refunded; the reconciliation keeps asking.
    const reconciled = await test.call('POST', 'core', 'internal/reference-data/remittances/reconcile', {
      token: staff.token,
    });
    expect(reconciled.code).toBe('OK');
    expect(reconciled.data.unconfirmed).toContainEqual(
      expect.objectContaining({
        reference: unknown.bill.reference,
        outcome: 'unknown',
        status: '998 Transaction status unknown',
      }),
    );
    const stillWaiting = await billOf(unknown.owner.token, unknown.bill.id);
    expect(stillWaiting.status).toBe('payment_pending');
    expect(stillWaiting.events.at(-1).note).toContain(
      'Remita has not given a final answer (998 Transaction status unknown)',
    );
    const cancel = await test.call('POST', 'core', `internal/bills/${unknown.bill.id}/cancel`, {
      token: unknown.owner.token,
      body: { reason: 'Taking too long' },
    });
    expect(cancel).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('Remita may hold this payment'),
    });

    expect(await ledgerOf(declined.owner.organisationId)).toEqual([
      expect.objectContaining({ status: 'failed', debits: 1, refunds: 1 }),
    ]);
    expect(await ledgerOf(late.owner.organisationId)).toEqual([
      expect.objectContaining({ status: 'payment_paid', debits: 1, refunds: 0 }),
    ]);
    expect(await ledgerOf(unknown.owner.organisationId)).toEqual([
      expect.objectContaining({ status: 'payment_pending', debits: 1, refunds: 0 }),
    ]);
    expect((await walletOf(declined.owner)).balance).toBe('500000.00');
    expect((await walletOf(late.owner)).balance).toBe('399645.25');
    expect((await walletOf(unknown.owner)).balance).toBe('399645.25');
  }, 60_000);

  it('flags a paid bill Remita no longer confirms: in its history, on the list, to its admins, and on its verify page', async () => {
    const { owner, bill } = await whtBill('N-0033345');
    const paid = await until(async () =>
      (await billOf(owner.token, bill.id)).status === 'payment_paid' ? billOf(owner.token, bill.id) : undefined,
    );
    const code = paid.verify_url.split('/').at(-1);
    const confirmed = await test.call('GET', 'public', `receipts/verify/${code}`);
    expect(confirmed.data).toMatchObject({
      agency_reference: paid.agency_reference,
      payment_reference: paid.receipt_number,
      remittance_check: expect.stringMatching(
        /^Confirmed by Remita on \d{2} \w{3}, 2026 at \d{2}:\d{2} \(Lagos time\)$/,
      ),
    });

    const first = await test.call('POST', 'core', 'internal/reference-data/remittances/reconcile', {
      token: staff.token,
    });
    expect(first.data.unconfirmed.map((check: { agency_reference: string }) => check.agency_reference)).not.toContain(
      paid.agency_reference,
    );
    fake.reverse(paid.agency_reference);
    const second = await test.call('POST', 'core', 'internal/reference-data/remittances/reconcile', {
      token: staff.token,
    });
    expect(second.data.unconfirmed).toContainEqual(
      expect.objectContaining({
        reference: paid.reference,
        agency_reference: paid.agency_reference,
        outcome: 'failed',
        status: '02 Payment reversed',
      }),
    );
    await test.call('POST', 'core', 'internal/reference-data/remittances/reconcile', { token: staff.token });

    const flagged = await billOf(owner.token, bill.id);
    expect(flagged.status).toBe('payment_paid');
    expect(flagged.remittance).toMatchObject({ unconfirmed: true, last_status: '02 Payment reversed' });
    expect(
      flagged.events.filter((event: { note: string }) => event.note.startsWith('Remita did not confirm this payment')),
    ).toHaveLength(1);
    const listed = await test.call('GET', 'core', 'internal/bills', { token: owner.token });
    expect(listed.data.items.find((item: { id: string }) => item.id === bill.id).remittance.unconfirmed).toBe(true);
    const mails = await queryRows<{ subject: string }>(
      test.database.db,
      sql`select subject from outbox where subject = ${`Remita did not confirm a payment: ${paid.reference}`} and text like
        ${`%RRR ${paid.agency_reference}%`}`,
    );
    expect(mails).toHaveLength(1);
    const verified = await test.call('GET', 'public', `receipts/verify/${code}`);
    expect(verified.data.remittance_check).toMatch(
      /^Not confirmed by Remita: on \d{2} \w{3}, 2026 at \d{2}:\d{2} \(Lagos time\) it said 02 Payment reversed$/,
    );

    expect(
      (await test.call('POST', 'core', 'internal/reference-data/remittances/reconcile', { token: owner.token })).code,
    ).toBe('FORBIDDEN');
  }, 60_000);
});
