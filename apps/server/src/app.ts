import type { FastifyInstance } from 'fastify';
import { fundingOf, mailTransportOf, remittanceGatewayOf, stateAgencyOf } from './adapters/configured';
import type { StateAgency } from './adapters/agency/state-agency';
import type { MailTransport } from './adapters/mail/mail-transport';
import type { PaystackFake } from './adapters/payments/paystack-fake';
import { sandboxRoutes } from './adapters/remittance/remita-sandbox';
import type { Config } from './config';
import type { Database } from './db/client';
import { createServer, serveApi, serveWebApp } from './http/server';
import { createJobs } from './jobs/jobs';
import { accountsModule } from './modules/accounts/index';
import { alertsModule } from './modules/alerts/index';
import { analyserModule } from './modules/analyser/index';
import { annualReturnsModule, priorPaymentOfMonth } from './modules/annual-returns/index';
import { billsModule, paidBillChecks } from './modules/bills/index';
import { calculatorModule } from './modules/calculator/index';
import { corporationsModule } from './modules/corporations/index';
import { mailModule } from './modules/mail/index';
import { payrollContents, payrollModule } from './modules/payroll/index';
import { referenceDataModule } from './modules/reference-data/index';
import { referenceModule } from './modules/reference/index';
import { registrationsOf, statesModule } from './modules/states/index';
import { vendorsModule } from './modules/vendors/index';
import { paymentWebhookPath, walletsModule } from './modules/wallets/index';

export interface AppOptions {
  config: Config;
  database: Database;
  mailTransport?: MailTransport;
  /** Tests: wraps the sandbox agency, to watch or slow its calls. */
  wrapAgency?: (agency: StateAgency) => StateAgency;
  /** Tests: the Paystack fake the sandbox uses, kept across restarts of the app; else the app starts its own. */
  paystackFake?: PaystackFake;
}

/**
 * The application: the adapters the configuration chooses, then each module in dependency order,
 * given the modules it needs (decision 0050). A module registers its own jobs and offers what
 * modules built before it show (the onboarding summary's counts, the session's alerts); its routes
 * are served by one router (decision 0048).
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, wrapAgency = (agency) => agency } = options;
  const app = await createServer(config);
  const { db } = database;
  const { appUrl } = config;
  const jobs = createJobs({ database, log: app.log });

  const transport = options.mailTransport ?? mailTransportOf(config, (line) => app.log.info(line));
  const logLink = (to: string, link: string) => app.log.info({ to, link }, 'Mail link (development mailbox)');
  const mail = mailModule({ db, jobs, transport, logLink, production: config.env === 'production' });
  const reference = referenceModule({ db });
  const accounts = accountsModule({ db, config, mail, reference });
  const collectors = await reference.remittanceCollectors();
  const gateway = await remittanceGatewayOf(config, collectors);
  const referenceData = await referenceDataModule({
    db,
    collectors,
    seedRoutes: config.remittance.gateway === 'sandbox' ? sandboxRoutes(collectors) : [],
    paidBills: paidBillChecks(reference),
    accounts,
    recheckMs: config.referenceDataRecheckMs,
  });
  const notify = (to: string, subject: string, text: string) => mail.enqueue(db, { to, subject, text });
  const agency = stateAgencyOf(config, { notify, wrap: wrapAgency });
  const corporations = corporationsModule({ db, accounts, registrationsOf, payrollContents });
  const states = statesModule({ db, agency, corporations, reference, accounts, payrollContents });
  const payroll = payrollModule({ db, agency, states, reference, accounts });
  const funding = await fundingOf(config, { app, given: options.paystackFake, webhookPath: paymentWebhookPath });
  const wallets = walletsModule({ db, jobs, mail, appUrl, funding, accounts, corporations });
  const calculator = calculatorModule({ db, referenceData });
  const vendors = vendorsModule({ db });
  const bills = billsModule({
    db,
    jobs,
    gateway,
    mail,
    appUrl,
    receiptSigningSecret: config.receiptSigningSecret,
    reference,
    referenceData,
    accounts,
    corporations,
    states,
    payroll,
    wallets,
    vendors,
    priorPayePayment: priorPaymentOfMonth,
  });
  const annualReturns = annualReturnsModule({
    db,
    agency,
    agencyTimeoutMs: config.agencyTimeoutMs,
    accounts,
    states,
    payroll,
    bills,
  });
  const alerts = alertsModule({
    db,
    jobs,
    mail,
    appUrl,
    referenceData,
    accounts,
    corporations,
    states,
    payroll,
    wallets,
    bills,
    annualReturns,
  });
  const analyser = analyserModule({ db, jobs, bills, vendors });

  const modules = [
    accounts,
    reference,
    referenceData,
    calculator,
    corporations,
    states,
    payroll,
    wallets,
    bills,
    vendors,
    alerts,
    annualReturns,
    analyser,
    mail,
  ];
  const routes = modules.flatMap((module) => module.routes);
  serveApi(app, { routes, resolveCaller: accounts.resolveCaller, config, database });
  await wallets.registerWebhook(app);
  await serveWebApp(app, config.webDistDir);

  // Workers start once every module has defined its jobs; on close, running jobs finish or go back to their queue.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mail.stop();
  });
  return app;
}
