import { randomUUID } from 'node:crypto';
import { addMonths, lagosPeriod } from '@levy/tax';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { createTestApp, joinAsMember, ownerWithOrganisation, type TestApp, type TestFile } from '../../../test/harness';

// Every deadline from the first month owed, "no WHT deductions" declarations, and the mails and
// alerts a payment's outcome leaves, against the real app and database.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const THIS_MONTH = lagosPeriod(new Date());
const [THREE_AGO, TWO_AGO, LAST] = [addMonths(THIS_MONTH, -3), addMonths(THIS_MONTH, -2), addMonths(THIS_MONTH, -1)];

interface AlertView {
  kind: string;
  tax_month: string;
  status: string;
  penalty: { basis: string } | null;
  penalty_rule: string | null;
  note: string | null;
}

async function registered(taxPayerNumber: string, firstTaxMonth: string) {
  const owner = await ownerWithOrganisation(test);
  const corporation = await test.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: `Deadline Corp ${randomUUID().slice(0, 6)}` },
  });
  const corporationId = corporation.data.id as string;
  const added = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
    token: owner.token,
    body: { tax_payer_number: taxPayerNumber, first_tax_month: firstTaxMonth },
  });
  if (added.code !== 'OK') throw new Error(`add state failed: ${JSON.stringify(added)}`);
  const wallets = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, {
    token: owner.token,
  });
  await test.call('POST', 'core', `internal/sandbox/wallets/${wallets.data.wallets[0].id}/fund`, {
    token: owner.token,
    body: { amount: '1000000' },
  });
  return { owner, corporationId };
}

async function alertsOf(owner: { token: string; organisationId: string }): Promise<AlertView[]> {
  return (
    await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/alerts`, { token: owner.token })
  ).data;
}

const whtMonths = (alerts: AlertView[]) =>
  alerts.filter((alert) => alert.kind === 'wht').map((alert) => alert.tax_month);

/** A single manual WHT bill of `naira` for a month, paid from the wallet at once; settled in the background. */
async function payWht(token: string, corporationId: string, month: string, naira: number) {
  const file: TestFile = {
    field: 'recipients',
    filename: 'single.csv',
    contentType: 'text/csv',
    content: Buffer.from(`tax_payer_number,name,tax_payable\nN-3000001,Folake Balogun,${naira}\n`),
  };
  const created = await test.upload(`internal/corporations/${corporationId}/states/LA/wht/bills`, {
    namespace: 'core',
    token,
    fields: { payload_type: 'manual', wht_type: 'professional_fees', start_date: month },
    files: [file],
    headers: { 'idempotency-key': randomUUID() },
  });
  if (created.code !== 'OK') throw new Error(`WHT bill failed: ${JSON.stringify(created)}`);
  return created.data as { id: string; reference: string };
}

async function settled(token: string, billId: string, status: 'payment_paid' | 'failed') {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const bill = await test.call('GET', 'core', `internal/bills/${billId}`, { token });
    if (bill.data.status === status) return bill.data;
    if (Date.now() > deadline) throw new Error(`bill still ${bill.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('WHT deadlines', () => {
  it('are owed from the first tax month with no WHT bill ever made, with the rule and no made-up figure', async () => {
    const { owner } = await registered('C-0012345', THREE_AGO);
    const alerts = await alertsOf(owner);
    expect(whtMonths(alerts)).toEqual([THREE_AGO, TWO_AGO, LAST]);
    const oldest = alerts.find((alert) => alert.kind === 'wht' && alert.tax_month === THREE_AGO)!;
    expect(oldest.status).toBe('overdue');
    expect(oldest.penalty).toBeNull();
    expect(oldest.penalty_rule).toMatch(/NTAA 2025 s\.107/);
    const calendar = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/deadlines`, {
      token: owner.token,
    });
    expect(
      calendar.data.entries.some(
        (entry: { kind: string; tax_month: string }) => entry.kind === 'wht' && entry.tax_month === THIS_MONTH,
      ),
    ).toBe(true);
  });

  it('closes a month declared to have had no deductions, audited, and opens it again when the declaration is removed', async () => {
    const { owner, corporationId } = await registered('C-0012345', THREE_AGO);
    const member = await joinAsMember(test, owner, 'user.member');
    const path = `internal/corporations/${corporationId}/states/LA/wht/no-deductions`;
    const declared = await test.call('POST', 'core', path, { token: member.token, body: { tax_month: TWO_AGO } });
    expect(declared.code).toBe('OK');
    expect(declared.data).toMatchObject({
      corporation: { id: corporationId },
      state: { code: 'LA', name: 'Lagos' },
      tax_month: TWO_AGO,
    });
    expect(declared.data.declared_by).not.toBe('');
    expect(whtMonths(await alertsOf(owner))).toEqual([THREE_AGO, LAST]);

    // Twice is refused; so is a future month, a month before anything is owed, and a malformed one.
    expect((await test.call('POST', 'core', path, { token: owner.token, body: { tax_month: TWO_AGO } })).code).toBe(
      'CONFLICT',
    );
    expect(
      await test.call('POST', 'core', path, { token: owner.token, body: { tax_month: addMonths(THIS_MONTH, 1) } }),
    ).toMatchObject({ code: 'INVALID_INPUT', data: { tax_month: 'The tax month cannot be in the future' } });
    expect(
      await test.call('POST', 'core', path, { token: owner.token, body: { tax_month: addMonths(THREE_AGO, -1) } }),
    ).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await test.call('POST', 'core', path, { token: owner.token, body: { tax_month: '2026-13' } })).toMatchObject(
      { code: 'INVALID_INPUT', data: { tax_month: 'Tax month must be written YYYY-MM' } },
    );

    // Another organisation can neither declare nor remove here.
    const other = await ownerWithOrganisation(test);
    expect((await test.call('POST', 'core', path, { token: other.token, body: { tax_month: LAST } })).code).toBe(
      'NOT_FOUND',
    );
    expect((await test.call('POST', 'core', `${path}/${TWO_AGO}/remove`, { token: other.token })).code).toBe(
      'NOT_FOUND',
    );
    expect((await test.call('POST', 'core', path, { body: { tax_month: LAST } })).code).toBe('NO_AUTH');
    expect(whtMonths(await alertsOf(owner))).toEqual([THREE_AGO, LAST]);

    const removed = await test.call('POST', 'core', `${path}/${TWO_AGO}/remove`, { token: owner.token });
    expect(removed).toMatchObject({ code: 'OK', data: { removed: true } });
    expect(whtMonths(await alertsOf(owner))).toEqual([THREE_AGO, TWO_AGO, LAST]);
    expect((await test.call('POST', 'core', `${path}/${TWO_AGO}/remove`, { token: owner.token })).code).toBe(
      'NOT_FOUND',
    );

    const audit = await queryRows<{ action: string }>(
      test.database.db,
      sql`select action from audit_log where organisation_id = ${owner.organisationId} and resource_type = 'wht_nil_declaration' order by created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['alerts.wht_nil_declared', 'alerts.wht_nil_removed']);
  });

  it('refuses to declare a month whose WHT bill was paid', async () => {
    const { owner, corporationId } = await registered('C-0012345', THREE_AGO);
    const bill = await payWht(owner.token, corporationId, LAST, 25_000);
    await settled(owner.token, bill.id, 'payment_paid');
    const answer = await test.call(
      'POST',
      'core',
      `internal/corporations/${corporationId}/states/LA/wht/no-deductions`,
      { token: owner.token, body: { tax_month: LAST } },
    );
    expect(answer.code).toBe('CONFLICT');
    expect(answer.message).toMatch(/was paid/);
  });
});

describe('payment outcomes', () => {
  it("mails a paid bill's preparer and admins, with the receipt and the page that verifies it", async () => {
    const { owner, corporationId } = await registered('C-0012345', THREE_AGO);
    const admin = await joinAsMember(test, owner, 'user.admin');
    const member = await joinAsMember(test, owner, 'user.member');
    const bill = await payWht(owner.token, corporationId, LAST, 25_000);
    await settled(owner.token, bill.id, 'payment_paid');
    // References repeat across corporations: the bill's own link tells its mails apart.
    const mails = (await test.mailbox()).filter(
      (mail) =>
        mail.subject.startsWith(`Paid: ${bill.reference}`) &&
        mail.links.includes(`http://levy.test/bills?bill=${bill.id}`),
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual([owner.email, admin.email].sort());
    expect(mails.some((mail) => mail.to === member.email)).toBe(false);
    expect(mails[0].text).toMatch(/Receipt number \S+/);
    expect(mails[0].links[0]).toBe(`http://levy.test/bills?bill=${bill.id}`);
    expect(mails[0].links[1]).toMatch(/^http:\/\/levy\.test\/verify\/[0-9A-Z]+$/);
    // The month is paid: its alert is gone.
    expect(whtMonths(await alertsOf(owner))).toEqual([THREE_AGO, TWO_AGO]);
  });

  it('mails a declined payment, refunded, and keeps its month owed even before the first tax month', async () => {
    // The revenue service declines every bill of this Tax ID; the registration says tax is owed from last month.
    const { owner, corporationId } = await registered('C-0000000402', LAST);
    const member = await joinAsMember(test, owner, 'user.member');
    // Members' bills pay without an admin's approval here, so the preparer is not an admin.
    const setting = await test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
      body: { setting_code: 'core.organisation.bill_approval', value: { mode: 'off' } },
    });
    expect(setting.code).toBe('OK');
    const bill = await payWht(member.token, corporationId, THREE_AGO, 40_000);
    await settled(owner.token, bill.id, 'failed');
    const mails = (await test.mailbox()).filter(
      (mail) =>
        mail.subject === `Payment not accepted: ${bill.reference}` &&
        mail.links.includes(`http://levy.test/bills?bill=${bill.id}`),
    );
    // The preparer (a member) and the owner, the one admin.
    expect(mails.map((mail) => mail.to).sort()).toEqual([member.email, owner.email].sort());
    expect(mails[0].text).toMatch(/was returned to the wallet/);
    expect(mails[0].text).toMatch(/stays in your tax alerts until it is paid/);

    const alerts = await alertsOf(owner);
    expect(whtMonths(alerts)).toEqual([THREE_AGO, LAST]);
    const declined = alerts.find((alert) => alert.kind === 'wht' && alert.tax_month === THREE_AGO)!;
    expect(declined.status).toBe('overdue');
    expect(declined.note).toBe(
      'A payment of ₦40,000.00 was not accepted by the revenue service and was refunded to the wallet: pay it again.',
    );
    // Its tax is known now: the penalty is estimated on it.
    expect(declined.penalty?.basis).toBe('40000.00');
  });
});
