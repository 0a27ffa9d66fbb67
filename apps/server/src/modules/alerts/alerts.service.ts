import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_BASE,
  SETTING_CODES,
  type Alert,
  type Checklist,
  type DeadlineFeed,
  type WhtNilDeclaration,
} from '@levy/contracts';
import {
  addMonths,
  asKobo,
  EARLIEST_SUPPORTED_PERIOD,
  type Kobo,
  koboToNairaString,
  lagosDate,
  monthName,
  type ReferenceTables,
  shortMonthName,
} from '@levy/tax';
import type { Db } from '../../db/client';
import { AppError, invalidInput, notFound } from '../../errors';
import { FileReply, type Caller } from '../../http/route';
import { exportTable } from '../../http/table-export';
import type { Jobs } from '../../jobs/jobs';
import { recordAudit } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import { requireOwnOrganisation } from '../accounts/organisation-access';
import {
  computeAlerts,
  computeCalendar,
  formatDeadline,
  KIND_LABEL,
  type AnnualReturnFiling,
  type BillFact,
  type PriorPaidMonthFact,
  type RegistrationFact,
} from './alert-rules';
import * as repo from './alerts.repo';
import { deadlinesToICalendar } from './icalendar';

export const DEADLINE_DIGEST_JOB = 'alerts.deadline-digest';
/** 07:00 in Lagos: before the working day starts. */
export const DEADLINE_DIGEST_TIME = '07:00';
/** The digest lists alerts due within this many days, and every overdue one. */
export const DIGEST_WINDOW_DAYS = 7;

/**
 * The deadline feed's secret (32 random bytes, base64url) in the organisation's settings: not a
 * setting anyone changes, so getSettings never lists it.
 */
export const DEADLINE_FEED_SECRET_SETTING = 'core.organisation.deadline_feed_secret';

/** What the alerts module reads from the modules that own the data: functions passed in by index.ts. */
export interface AlertsDeps {
  db: Db;
  jobs: Jobs;
  mail: Pick<MailService, 'enqueue'>;
  appUrl: string;
  /** The states and payroll modules: every registration of the organisation's corporations with its first tax month and the tax on its payroll on file. */
  registrations(organisationId: string): Promise<RegistrationFact[]>;
  /** The bills module: each bill's corporation, state, type, month, status and amount due. */
  bills(organisationId: string): Promise<Array<BillFact & { paidAt: Date | null }>>;
  /** The engine's MPR and holidays as the server knows them (reference-data, decision 0025). */
  referenceTables(): Promise<ReferenceTables>;
  /** The annual-returns module: each corporation, state and year whose annual return was filed. */
  annualReturnFilings(organisationId: string): Promise<AnnualReturnFiling[]>;
  /** The annual-returns module: PAYE months recorded as paid on the state portal before Levy. */
  priorPaidPayeMonths(organisationId: string): Promise<PriorPaidMonthFact[]>;
  corporationCount(organisationId: string): Promise<number>;
  /** The wallets module: the organisation's total balance. */
  totalBalance(organisationId: string): Promise<Kobo>;
  organisationName(organisationId: string): Promise<string | null>;
  settingValue(organisationId: string, code: string): Promise<unknown>;
  /** The organisations module keeps the deadline feed's secret: stored when absent, or replaced. */
  settingOrInsert(organisationId: string, code: string, value: unknown, updatedBy: string): Promise<unknown>;
  replaceSetting(input: {
    organisationId: string;
    code: string;
    value: unknown;
    updatedBy: string;
    action: string;
    ip: string;
  }): Promise<void>;
  /** The team module: active admins' emails per organisation. */
  activeAdmins(): Promise<Map<string, string[]>>;
  /** The identity module: people's names by user id. */
  people(userIds: string[]): Promise<Array<{ id: string; firstName: string; lastName: string }>>;
  now?: () => Date;
}

const newFeedSecret = () => randomBytes(32).toString('base64url');

/** A WHT bill in these states says nothing about the month's deductions: it was refused, withdrawn or did not pay. */
const NOT_STANDING = new Set(['cancelled', 'declined', 'failed']);

export function createAlertsService(deps: AlertsDeps) {
  const now = deps.now ?? (() => new Date());

  async function facts(organisationId: string) {
    const [registrations, bills, declarations, priorPaidPayeMonths, filings, tables] = await Promise.all([
      deps.registrations(organisationId),
      deps.bills(organisationId),
      repo.nilDeclarationsOfOrganisation(deps.db, organisationId),
      deps.priorPaidPayeMonths(organisationId),
      deps.annualReturnFilings(organisationId),
      deps.referenceTables(),
    ]);
    return {
      registrations,
      bills,
      noWhtDeclarations: declarations,
      priorPaidPayeMonths,
      filings,
      today: lagosDate(now()),
      tables,
    };
  }

  /** The caller's organisation's registration of a corporation in a state (by code), or NOT_FOUND: the organisation boundary. */
  async function registrationOf(caller: Caller, corporationId: string, stateCode: string): Promise<RegistrationFact> {
    const organisationId = requireOwnOrganisation(caller, caller.organisationId ?? '');
    const registration = (await deps.registrations(organisationId)).find(
      (candidate) =>
        candidate.corporation.id === corporationId && candidate.state.code.toLowerCase() === stateCode.toLowerCase(),
    );
    if (!registration) throw notFound('This corporation is not registered in that state.');
    return registration;
  }

  async function declarationView(
    row: repo.WhtNilDeclarationRow,
    registration: RegistrationFact,
  ): Promise<WhtNilDeclaration> {
    const [person] = await deps.people([row.declaredBy]);
    return {
      corporation: registration.corporation,
      state: { code: registration.state.code, name: registration.state.name },
      tax_month: row.taxMonth,
      declared_by: person ? `${person.firstName} ${person.lastName}`.trim() : '',
      declared_at: row.declaredAt.toISOString(),
    };
  }

  async function alertsOf(organisationId: string): Promise<Alert[]> {
    return computeAlerts(await facts(organisationId));
  }

  async function calendarOf(organisationId: string) {
    return computeCalendar(await facts(organisationId));
  }

  async function iCalendarFile(
    organisationId: string,
    filename: string,
    calendar?: Awaited<ReturnType<typeof calendarOf>>,
  ): Promise<FileReply> {
    const entries = (calendar ?? (await calendarOf(organisationId))).entries;
    const name = (await deps.organisationName(organisationId)) ?? 'Organisation';
    const text = deadlinesToICalendar({ organisationId, organisationName: name, entries, stamp: now() });
    return new FileReply(`${filename}.ics`, 'text/calendar; charset=utf-8', Buffer.from(text, 'utf8'));
  }

  /** The feed's address: the organisation's id without hyphens, then its secret. */
  function feedOf(organisationId: string, secret: string): DeadlineFeed {
    return {
      url: `${deps.appUrl.replace(/\/$/, '')}${API_BASE}/public/feeds/deadlines/${organisationId.replace(/-/g, '')}${secret}.ics`,
    };
  }

  function digestText(organisationName: string, alerts: Alert[]): string {
    const overdue = alerts.filter((alert) => alert.status === 'overdue');
    const due = alerts.filter((alert) => alert.status === 'due');
    const cost = (alert: Alert) => {
      if (!alert.penalty) return '';
      if (alert.kind === 'annual_return')
        return (
          `; late-filing penalty so far NGN ${alert.penalty.total}` +
          `${Number(alert.penalty.per_extra_week) > 0 ? `, NGN ${alert.penalty.per_extra_week} more within a week` : ''}`
        );
      return (
        `; penalty and interest so far NGN ${alert.penalty.total}, about NGN ${alert.penalty.per_extra_week} more each ` +
        `week${alert.penalty.mpr_caveat ? ` (${alert.penalty.mpr_caveat.replace(/\.$/, '')})` : ''}`
      );
    };
    const line = (alert: Alert) =>
      [
        `- ${alert.corporation.name}, ${alert.state}: ${alert.message}`,
        alert.status === 'overdue'
          ? ` (${alert.days_overdue} days overdue${cost(alert)})`
          : ` (${alert.days_left === 0 ? 'due today' : `${alert.days_left} days left`})`,
        alert.safe_note ? `. ${alert.safe_note}` : '',
        alert.note ? `. ${alert.note}` : '',
      ].join('');
    const lateRemittance = overdue.find((alert) => alert.kind !== 'annual_return');
    const lateReturn = overdue.find((alert) => alert.kind === 'annual_return');
    return [
      `Tax deadlines for ${organisationName}`,
      '',
      ...(overdue.length > 0 ? ['Overdue:', ...overdue.map(line), ''] : []),
      ...(due.length > 0 ? [`Due within ${DIGEST_WINDOW_DAYS} days:`, ...due.map(line), ''] : []),
      lateRemittance ? `Late remittance: ${lateRemittance.penalty_rule}.` : '',
      lateReturn ? `Late filing of a return: ${lateReturn.penalty_rule}.` : '',
      `Pay them from Levy: ${deps.appUrl.replace(/\/$/, '')}/bills`,
      alerts.some((alert) => alert.kind === 'annual_return')
        ? `File annual returns from the corporation's page in Levy (Annual returns).`
        : '',
      '',
      'You receive this as an admin of the organisation. Turn it off in Settings → Organisation (deadline digest).',
    ].join('\n');
  }

  /** Mails each organisation's admins its due-soon and overdue alerts, once a day per organisation. */
  async function sendDigests(): Promise<{ organisations: number; mails: number }> {
    const today = lagosDate(now());
    let organisations = 0;
    let mails = 0;
    for (const [organisationId, admins] of await deps.activeAdmins()) {
      if ((await deps.settingValue(organisationId, SETTING_CODES.deadlineDigest)) === false) continue;
      const alerts = (await alertsOf(organisationId)).filter(
        (alert) => alert.status === 'overdue' || (alert.days_left ?? 0) <= DIGEST_WINDOW_DAYS,
      );
      if (alerts.length === 0) continue;
      const name = (await deps.organisationName(organisationId)) ?? 'your organisation';
      const overdue = alerts.filter((alert) => alert.status === 'overdue').length;
      const subject =
        overdue > 0
          ? `${overdue} overdue tax ${overdue === 1 ? 'payment' : 'payments'} for ${name}`
          : `Tax due within ${DIGEST_WINDOW_DAYS} days for ${name}`;
      const text = digestText(name, alerts);
      const sent = await deps.db.transaction(async (tx) => {
        if (
          !(await repo.claimDigestDay(tx, {
            organisationId,
            day: today,
            alertCount: alerts.length,
            recipientCount: admins.length,
          }))
        )
          return 0;
        for (const to of admins)
          await deps.mail.enqueue(tx, { to, subject, text, links: [`${deps.appUrl.replace(/\/$/, '')}/bills`] });
        return admins.length;
      });
      if (sent > 0) organisations += 1;
      mails += sent;
    }
    return { organisations, mails };
  }

  deps.jobs.define<object>({
    name: DEADLINE_DIGEST_JOB,
    options: { retryLimit: 3 },
    handle: async () => void (await sendDigests()),
  });
  deps.jobs.scheduleDaily(DEADLINE_DIGEST_JOB, DEADLINE_DIGEST_TIME);

  return {
    /** The session's alerts at login (index.ts offers it to the accounts module). */
    forSession: alertsOf,

    list(caller: Caller, organisationId: string) {
      return alertsOf(requireOwnOrganisation(caller, organisationId));
    },

    async checklist(caller: Caller, organisationId: string): Promise<Checklist> {
      requireOwnOrganisation(caller, organisationId);
      if (!caller.isOwner) throw new AppError('FORBIDDEN', 'Only the organisation owner sees the checklist.');
      const [corporations, registrations, bills, balance, filings] = await Promise.all([
        deps.corporationCount(organisationId),
        deps.registrations(organisationId),
        deps.bills(organisationId),
        deps.totalBalance(organisationId),
        deps.annualReturnFilings(organisationId),
      ]);
      // An ended year's unfiled return joins the steps while it is owed: the soonest one.
      const [unfiled] = computeAlerts({ registrations, bills: [], filings, today: lagosDate(now()) }).filter(
        (alert) => alert.kind === 'annual_return',
      );
      const steps: Checklist['steps'] = [
        {
          code: 'account',
          title: 'Create your account',
          description: 'Your account is ready.',
          done: true,
          route: '/settings',
        },
        {
          code: 'corporation',
          title: 'Add a corporation',
          description: 'Add the company you remit taxes for.',
          done: corporations > 0,
          route: '/corporations',
        },
        {
          code: 'states',
          title: 'Register a state',
          description: "Add the state whose revenue service collects the corporation's taxes, with its Tax ID.",
          done: registrations.length > 0,
          route: registrations[0] ? `/corporations/${registrations[0].corporation.id}/states` : '/corporations',
        },
        // A bill is paid from the wallet: funding comes first, as the first prompt says.
        {
          code: 'fund',
          title: 'Fund your wallet',
          description: 'Transfer money into your wallet to pay bills.',
          done: balance > 0,
          route: '/dashboard',
        },
        {
          code: 'bills',
          title: 'Generate a bill',
          description: 'Generate a PAYE or WHT bill from your payroll or payments.',
          done: bills.length > 0,
          route: '/bills',
        },
        ...(unfiled
          ? [
              {
                code: 'annual_return' as const,
                title: `File the ${unfiled.tax_month.slice(0, 4)} annual return`,
                description: `${unfiled.corporation.name}, ${unfiled.state}: ${unfiled.message}.`,
                done: false,
                route: unfiled.pay_link,
              },
            ]
          : []),
      ];
      return { steps, completed: steps.every((step) => step.done) };
    },

    /**
     * Tax paid per month by type for the last twelve tax months: each paid bill counts in the month
     * its tax is for (October's PAYE, paid on 9 November, is October's), as returns and receipts read.
     */
    async metrics(caller: Caller, organisationId: string) {
      requireOwnOrganisation(caller, organisationId);
      const thisMonth = lagosDate(now()).slice(0, 7);
      const months = Array.from({ length: 12 }, (_unused, index) => addMonths(thisMonth, index - 11));
      const totals = new Map(months.map((month) => [month, { paye: 0, wht: 0 }]));
      let total = 0;
      for (const bill of await deps.bills(organisationId)) {
        if (bill.status !== 'payment_paid' || !bill.paidAt) continue;
        const bucket = totals.get(bill.period);
        if (!bucket) continue;
        bucket[bill.type] += bill.amountDueKobo;
        total += bill.amountDueKobo;
      }
      const naira = (amount: number) => koboToNairaString(asKobo(amount));
      return {
        months: months.map((month) => {
          const bucket = totals.get(month)!;
          return {
            month,
            label: shortMonthName(month),
            paye: naira(bucket.paye),
            wht: naira(bucket.wht),
          };
        }),
        total: naira(total),
      };
    },

    calendar(caller: Caller, organisationId: string) {
      return calendarOf(requireOwnOrganisation(caller, organisationId));
    },

    async download(caller: Caller, organisationId: string, format: 'ics' | 'csv'): Promise<FileReply> {
      const calendar = await calendarOf(requireOwnOrganisation(caller, organisationId));
      const filename = `tax-deadlines-${calendar.from}`;
      if (format === 'ics') return iCalendarFile(organisationId, filename, calendar);
      return exportTable({
        filename,
        sheetName: 'Deadlines',
        format: 'csv',
        rows: calendar.entries,
        columns: [
          { header: 'Corporation', value: (entry) => entry.corporation.name },
          { header: 'State', value: (entry) => entry.state.name },
          { header: 'Tax', value: (entry) => KIND_LABEL[entry.kind] },
          { header: 'Tax month', value: (entry) => entry.tax_month },
          { header: 'Due date', value: (entry) => formatDeadline(entry.deadline_date) },
          {
            header: 'Pay by (working day)',
            value: (entry) => (entry.safe_date ? formatDeadline(entry.safe_date) : ''),
          },
          { header: 'Status', value: (entry) => entry.status },
          { header: 'Days overdue', value: (entry) => entry.days_overdue },
          { header: 'Penalty so far (NGN)', value: (entry) => entry.penalty?.total ?? '', isMoney: true },
          { header: 'Per extra week (NGN)', value: (entry) => entry.penalty?.per_extra_week ?? '', isMoney: true },
          { header: 'Late remittance rule', value: (entry) => entry.penalty_rule ?? '' },
        ],
      });
    },

    /** The feed's address, made on first asking. */
    async feed(caller: Caller, organisationId: string): Promise<DeadlineFeed> {
      requireOwnOrganisation(caller, organisationId);
      const secret = await deps.settingOrInsert(
        organisationId,
        DEADLINE_FEED_SECRET_SETTING,
        newFeedSecret(),
        caller.userId,
      );
      return feedOf(organisationId, String(secret));
    },

    /** A new secret: every address given out before stops working. */
    async resetFeed(caller: Caller, organisationId: string, ip: string): Promise<DeadlineFeed> {
      requireOwnOrganisation(caller, organisationId);
      const secret = newFeedSecret();
      await deps.replaceSetting({
        organisationId,
        code: DEADLINE_FEED_SECRET_SETTING,
        value: secret,
        updatedBy: caller.userId,
        action: 'alerts.deadline_feed_reset',
        ip,
      });
      return feedOf(organisationId, secret);
    },

    /** The calendar for a feed address; NOT_FOUND unless its secret is the organisation's current one (compared in constant time). */
    async readFeed(token: string): Promise<FileReply> {
      const hex = token.slice(0, 32);
      const organisationId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      const stored = await deps.settingValue(organisationId, DEADLINE_FEED_SECRET_SETTING);
      const given = Buffer.from(token.slice(32), 'utf8');
      const expected = Buffer.from(typeof stored === 'string' ? stored : '', 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('NOT_FOUND');
      return iCalendarFile(organisationId, 'tax-deadlines');
    },

    /**
     * "No WHT deductions" for a month the registration owes (from its first tax month, or a month
     * a bill was made for, up to this month): closes the month's WHT deadline. Refused while a WHT
     * bill for the month is paid or on its way (the bill says otherwise), and for a month declared already.
     */
    async declareNoWht(
      caller: Caller,
      corporationId: string,
      stateCode: string,
      taxMonth: string,
      ip: string,
    ): Promise<WhtNilDeclaration> {
      const registration = await registrationOf(caller, corporationId, stateCode);
      const organisationId = caller.organisationId!;
      const thisMonth = lagosDate(now()).slice(0, 7);
      if (taxMonth > thisMonth) throw invalidInput({ tax_month: 'The tax month cannot be in the future' });
      const whtBills = (await deps.bills(organisationId)).filter(
        (bill) =>
          bill.corporationId === corporationId &&
          bill.stateId === registration.state.id &&
          bill.type === 'wht' &&
          bill.period === taxMonth &&
          bill.status !== 'cancelled',
      );
      const earliest =
        registration.firstTaxMonth < EARLIEST_SUPPORTED_PERIOD ? EARLIEST_SUPPORTED_PERIOD : registration.firstTaxMonth;
      if (taxMonth < earliest && whtBills.length === 0) {
        throw invalidInput({
          tax_month:
            `${registration.corporation.name} owes tax in ${registration.state.name} from ${monthName(earliest)}: nothing is due for ` +
            `${monthName(taxMonth)}`,
        });
      }
      const standing = whtBills.find((bill) => !NOT_STANDING.has(bill.status));
      if (standing) {
        const what = standing.status === 'payment_paid' ? 'was paid' : 'is on its way';
        throw new AppError(
          'CONFLICT',
          `A WHT bill for ${monthName(taxMonth)} ${what}: a month with deductions cannot be declared to have none.`,
        );
      }
      const row = await deps.db.transaction(async (tx) => {
        const inserted = await repo.insertNilDeclaration(tx, {
          organisationId,
          corporationId,
          stateId: registration.state.id,
          taxMonth,
          declaredBy: caller.userId,
        });
        if (!inserted)
          throw new AppError('CONFLICT', `${monthName(taxMonth)} is already declared to have no WHT deductions.`);
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: 'alerts.wht_nil_declared',
          resourceType: 'wht_nil_declaration',
          resourceId: inserted.id,
          details: { corporation_id: corporationId, state: registration.state.code, tax_month: taxMonth },
          ipAddress: ip,
        });
        return inserted;
      });
      return declarationView(row, registration);
    },

    /** Removes a month's declaration (made in error): the month's WHT deadline is open again. */
    async removeNoWht(
      caller: Caller,
      corporationId: string,
      stateCode: string,
      taxMonth: string,
      ip: string,
    ): Promise<{ removed: true }> {
      const registration = await registrationOf(caller, corporationId, stateCode);
      await deps.db.transaction(async (tx) => {
        const removed = await repo.deleteNilDeclaration(tx, {
          corporationId,
          stateId: registration.state.id,
          taxMonth,
        });
        if (!removed) throw notFound(`${monthName(taxMonth)} is not declared to have no WHT deductions.`);
        await recordAudit(tx, {
          organisationId: caller.organisationId,
          actorUserId: caller.userId,
          action: 'alerts.wht_nil_removed',
          resourceType: 'wht_nil_declaration',
          resourceId: removed.id,
          details: {
            corporation_id: corporationId,
            state: registration.state.code,
            tax_month: taxMonth,
            declared_by: removed.declaredBy,
          },
          ipAddress: ip,
        });
      });
      return { removed: true };
    },

    sendDigests,
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
