import { downloadDeadlineCalendar, getBillMetrics, getChecklist, getDeadlineCalendar, getDeadlineFeed, listAlerts, readDeadlineFeed, resetDeadlineFeed } from '@levy/contracts';
import { defineRoute } from '../../http/route';
import type { AlertsService } from './alerts.service';

const READ = { permission: 'core-internal.bill.getall' };

/** Deadlines and guidance (issue 13): alerts, the checklist, tax-paid metrics and the deadline calendar. */
export function alertRoutes(alerts: AlertsService) {
  return [
    defineRoute({
      contract: listAlerts,
      summary: 'Tax alerts: every month since a state was registered, up to the last completed month, with no paid PAYE (or WHT) bill; soonest deadline first',
      auth: READ,
      handler: ({ caller, params }) => alerts.list(caller, params.id),
    }),
    defineRoute({
      contract: getChecklist,
      summary: 'The onboarding checklist (owner only): account, corporation, states, bills, fund, each with done and the route where it is done',
      auth: { permission: 'core-internal.organisation.getchecklist' },
      handler: ({ caller, params }) => alerts.checklist(caller, params.id),
    }),
    defineRoute({
      contract: getBillMetrics,
      summary: 'Tax paid per month by type (PAYE, WHT) for the last twelve months, by the month each bill was paid',
      auth: READ,
      handler: ({ caller, params }) => alerts.metrics(caller, params.id),
    }),
    defineRoute({
      contract: getDeadlineCalendar,
      summary: 'Deadline calendar: per corporation, state and tax, the next twelve months of deadlines and every overdue one, with status, safe working day and penalty so far',
      auth: READ,
      handler: ({ caller, params }) => alerts.calendar(caller, params.id),
    }),
    defineRoute({
      contract: downloadDeadlineCalendar,
      summary: 'The deadline calendar as an iCalendar file (format=ics, one all-day event per deadline) or CSV (format=csv)',
      auth: READ,
      handler: ({ caller, params }) => alerts.download(caller, params.id, params.format),
    }),
    defineRoute({
      contract: getDeadlineFeed,
      summary: 'The address a calendar app subscribes to for the deadline calendar (made on first asking); anyone holding it can read the calendar',
      auth: READ,
      handler: ({ caller, params }) => alerts.feed(caller, params.id),
    }),
    defineRoute({
      contract: resetDeadlineFeed,
      summary: 'A new subscription address for the deadline calendar; every earlier address stops working (admins)',
      auth: { permission: 'auth-organisation.updatesettings' },
      handler: ({ caller, params, ip }) => alerts.resetFeed(caller, params.id, ip),
    }),
    defineRoute({
      contract: readDeadlineFeed,
      summary: 'The deadline calendar as an iCalendar feed for calendar apps: no token, the address is the credential; an unknown or reset address is NOT_FOUND',
      auth: false,
      handler: ({ params }) => alerts.readFeed(params.token),
    }),
  ];
}
