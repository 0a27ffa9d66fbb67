import {
  declareNoWhtDeductions,
  downloadDeadlineCalendar,
  removeNoWhtDeductions,
  getBillMetrics,
  getChecklist,
  getDeadlineCalendar,
  getDeadlineFeed,
  listAlerts,
  readDeadlineFeed,
  resetDeadlineFeed,
} from '@levy/contracts';
import { defineRoute } from '../../http/route';
import type { AlertsService } from './alerts.service';

/** Deadlines and guidance: alerts, the checklist, tax-paid metrics and the deadline calendar. */
export function alertRoutes(alerts: AlertsService) {
  return [
    defineRoute({
      contract: listAlerts,
      handler: ({ caller, params }) => alerts.list(caller, params.id),
    }),
    defineRoute({
      contract: getChecklist,
      handler: ({ caller, params }) => alerts.checklist(caller, params.id),
    }),
    defineRoute({
      contract: getBillMetrics,
      handler: ({ caller, params }) => alerts.metrics(caller, params.id),
    }),
    defineRoute({
      contract: getDeadlineCalendar,
      handler: ({ caller, params }) => alerts.calendar(caller, params.id),
    }),
    defineRoute({
      contract: downloadDeadlineCalendar,
      handler: ({ caller, params }) => alerts.download(caller, params.id, params.format),
    }),
    defineRoute({
      contract: getDeadlineFeed,
      handler: ({ caller, params }) => alerts.feed(caller, params.id),
    }),
    defineRoute({
      contract: resetDeadlineFeed,
      handler: ({ caller, params, ip }) => alerts.resetFeed(caller, params.id, ip),
    }),
    defineRoute({
      contract: declareNoWhtDeductions,
      handler: ({ caller, params, body, ip }) =>
        alerts.declareNoWht(caller, params.id, params.code, body.tax_month, ip),
    }),
    defineRoute({
      contract: removeNoWhtDeductions,
      handler: ({ caller, params, ip }) => alerts.removeNoWht(caller, params.id, params.code, params.month, ip),
    }),
    defineRoute({
      contract: readDeadlineFeed,
      handler: ({ params }) => alerts.readFeed(params.token),
    }),
  ];
}
