import fs from 'node:fs';
import { getDeployment } from '@levy/contracts';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { createManualAgency } from './adapters/agency/manual-agency';
import { createSandboxAgency } from './adapters/agency/sandbox-agency';
import { createPaystackFunding } from './adapters/payments/paystack';
import { startPaystackFake, type PaystackFake } from './adapters/payments/paystack-fake';
import { withAgencyTimeout, type StateAgency } from './adapters/agency/state-agency';
import { createRemitaGateway } from './adapters/remittance/remita-gateway';
import {
  SANDBOX_REMITA,
  sandboxRemita,
  sandboxRoutes,
  type SandboxCollector,
} from './adapters/remittance/remita-sandbox';
import { createLogTransport, createSmtpTransport, type MailTransport } from './adapters/mail/mail-transport';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { AppError } from './errors';
import { createJobs } from './jobs/jobs';
import { errorEnvelope } from './http/error-envelope';
import { API_BASE, registerGateway } from './http/gateway';
import { buildOpenApiDocument, renderReferencePage } from './http/openapi';
import { defineRoute, type Caller, type RouteDefinition } from './http/route';
import { alertRoutes } from './modules/alerts/alerts.routes';
import { annualReturnRoutes } from './modules/annual-returns/annual-returns.routes';
import { createAnnualReturnsService } from './modules/annual-returns/annual-returns.service';
import { createPriorPaymentsService, priorPaymentOfMonth } from './modules/annual-returns/prior-payments.service';
import { analyserRoutes } from './modules/analyser/analyser.routes';
import { createAnalyserService } from './modules/analyser/analyser.service';
import { createAlertsService } from './modules/alerts/alerts.service';
import { calculatorRoutes } from './modules/calculator/calculator.routes';
import { createCalculatorService } from './modules/calculator/calculator.service';
import { billRoutes } from './modules/bills/bills.routes';
import { createBillsService } from './modules/bills/bills.service';
import { createReceiptCodes, createReceiptVerification } from './modules/bills/receipt-verification';
import { createCorporationsService } from './modules/corporations/corporations.service';
import { corporationRoutes } from './modules/corporations/corporations.routes';
import { payrollContents } from './modules/payroll/payroll-contents';
import { createPayrollService } from './modules/payroll/payroll.service';
import { payrollRoutes } from './modules/payroll/payroll.routes';
import { createStatesService, registrationsOf } from './modules/states/states.service';
import { stateRoutes } from './modules/states/states.routes';
import {
  createIdentityService,
  hasAccount,
  switchSessionOrganisation,
  usersByIds,
} from './modules/accounts/identity.service';
import { identityRoutes } from './modules/accounts/identity.routes';
import { developmentMailboxRoutes } from './modules/mail/mail.routes';
import { createMailService } from './modules/mail/mail.service';
import { createOrganisationDirectory } from './modules/accounts/organisation-directory';
import { createOrganisationsService } from './modules/accounts/organisations.service';
import { paymentWebhookPath, registerPaymentWebhook } from './modules/wallets/payment-webhooks';
import { createWalletsService } from './modules/wallets/wallets.service';
import { createFundingReconciliation } from './modules/wallets/funding-reconciliation';
import { fundingReconciliationRoutes, sandboxFundingRoutes, walletRoutes } from './modules/wallets/wallets.routes';
import { organisationRoutes } from './modules/accounts/organisations.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { createReferenceService } from './modules/reference/reference.service';
import { paidBillsChargeChangedBy, paidBillsWhtRateChangedBy } from './modules/bills/bill-charge-check';
import { paidBillsChangedBy } from './modules/bills/bill-lateness';
import { referenceDataRoutes } from './modules/reference-data/reference-data.routes';
import { createReferenceDataService } from './modules/reference-data/reference-data.service';
import { createTeamService } from './modules/accounts/team.service';
import { teamRoutes } from './modules/accounts/team.routes';
import { vendorRoutes } from './modules/vendors/vendors.routes';
import { createVendorsService } from './modules/vendors/vendors.service';

/** A JSON body; an uploaded file may be larger: a 100,000-employee payroll is about 15 MB. */
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
const FILE_LIMIT_BYTES = 25 * 1024 * 1024;

/** Vite writes content-hashed files (name-hash.ext) under assets/; everything else keeps its name. */
const HASHED_ASSETS_DIR = 'assets';
const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function isHashedAsset(root: string, filePath: string): boolean {
  return path.relative(root, filePath).split(path.sep)[0] === HASHED_ASSETS_DIR;
}

/**
 * One log line per request, when it ends, with the call and how it went: Fastify's
 * default also writes one on arrival, which doubled the logging cost of every call.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  mailTransport?: MailTransport;
  /** Tests: wraps the sandbox agency, to watch or slow its calls. */
  wrapAgency?: (agency: StateAgency) => StateAgency;
  /** Tests: the Paystack fake the sandbox uses, kept across restarts of the app; else the app starts its own. */
  paystackFake?: PaystackFake;
}

/** Builds the whole application: plugins, modules and their routes, one error handler. */
export async function buildApp({
  config,
  database,
  mailTransport,
  wrapAgency = (agency) => agency,
  paystackFake: givenPaystackFake,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.env === 'test' ? false : { level: config.logLevel },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Errors Fastify meets before routing (a malformed %-escape) get the same envelope as the rest.
    frameworkErrors: (error, request, reply) => {
      const { status, body } = errorEnvelope(error, request.log);
      void (reply as FastifyReply).code(status).send(body);
    },
  });
  const { db } = database;

  const transport =
    mailTransport ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createLogTransport((line) => app.log.info(line)));
  const jobs = createJobs({ database, log: app.log });
  const mail = createMailService({
    db,
    jobs,
    transport,
    logLink: (to, link) => app.log.info({ to, link }, 'Mail link (development mailbox)'),
  });

  // Services are built in dependency order, each from services already built. Where two modules
  // need each other, the one built first gets a smaller capability that needs neither: a plain
  // function (usersByIds, hasAccount, registrationsOf, payrollContents) or the organisation
  // directory. Identity comes last: its session shows alerts, which read nearly every module.
  const reference = createReferenceService({ db });
  // The engine's MPR and holidays: the seed merged with staff rows, read now and kept fresh (decision 0025).
  // A bill's due date and WHT rate depend on its collector (a state or the NRS), which the reference module knows.
  const collectorsOf = async (executor: Db) => {
    const collectors = new Map((await reference.listStates(executor)).map((state) => [state.id, state.collector]));
    return (stateId: number) => collectors.get(stateId) ?? 'state';
  };
  // Taxes are remitted through Remita itself, or in the sandbox through the local Remita fake, with
  // a route for every collector: the same adapter either way (docs/payment-rails/remita.md).
  const collectors: SandboxCollector[] = (await reference.listStates()).map((state) => ({
    code: state.code,
    revenueService: state.revenueService,
    collector: state.collector,
  }));
  const remita =
    config.remittance.gateway === 'remita'
      ? config.remittance.remita
      : { ...SANDBOX_REMITA, baseUrl: await sandboxRemita(collectors, config.remittanceSandboxPort) };
  const gateway = createRemitaGateway({ ...remita, timeoutMs: config.remittanceTimeoutMs });
  const referenceData = createReferenceDataService({
    db,
    collectors: async () => collectors,
    seedRoutes: config.remittance.gateway === 'sandbox' ? sandboxRoutes(collectors) : [],
    paidBillsChangedBy: async (executor, input) =>
      paidBillsChangedBy(executor, { ...input, collectorOf: await collectorsOf(executor) }),
    paidBillsChargeChangedBy,
    paidBillsWhtRateChangedBy: async (executor, input) =>
      paidBillsWhtRateChangedBy(executor, { ...input, collectorOf: await collectorsOf(executor) }),
    usersByIds,
    recheckMs: config.referenceDataRecheckMs,
  });
  await referenceData.load();
  // The state revenue services: the sandbox agency, or the honest manual steps where no API exists (decision 0045).
  const agency = withAgencyTimeout(
    wrapAgency(
      config.stateAgency === 'manual'
        ? createManualAgency()
        : createSandboxAgency({ notify: (to, subject, text) => mail.enqueue(db, { to, subject, text }) }),
    ),
    config.agencyTimeoutMs,
  );
  const directory = createOrganisationDirectory({ db, reference, usersByIds });
  const team = createTeamService({
    db,
    config,
    mail,
    reference,
    switchOrganisation: switchSessionOrganisation,
    organisationsByIds: directory.byIds,
    ownerUserIdOf: directory.ownerUserIdOf,
    usersByIds,
    hasAccount,
  });
  const corporations = createCorporationsService({
    db,
    organisationsByIds: directory.byIds,
    registrationsOf,
    payrollContents,
  });
  const states = createStatesService({
    db,
    agency,
    corporations,
    reference,
    organisations: directory,
    payrollContents,
  });
  const payroll = createPayrollService({
    db,
    agency,
    states,
    organisations: directory,
    reference,
    people: (ids) => usersByIds(db, ids),
  });
  // Sandbox: the real Paystack adapter against a local fake of Paystack, whose webhooks come to this app.
  const ownPaystackFake =
    config.payments.provider === 'sandbox' && !givenPaystackFake
      ? await startPaystackFake({
          secretKey: config.payments.paystackSecretKey,
          statePath: config.env === 'test' ? undefined : path.join(config.dataDir, 'paystack-fake.json'),
          deliver: async (body, headers) => {
            const answer = await app.inject({
              method: 'POST',
              url: paymentWebhookPath(paymentProvider),
              headers,
              payload: body,
            });
            return { status: answer.statusCode, body: answer.body };
          },
        })
      : null;
  if (ownPaystackFake) app.addHook('onClose', () => ownPaystackFake.close());
  const paystackFake = config.payments.provider === 'sandbox' ? (givenPaystackFake ?? ownPaystackFake) : null;
  const paymentProvider = createPaystackFunding({
    baseUrl: paystackFake?.url ?? config.payments.paystackBaseUrl,
    secretKey: config.payments.paystackSecretKey,
    timeoutMs: config.payments.paystackTimeoutMs,
  });
  const canSimulateTransfers = paystackFake !== null;
  const wallets = createWalletsService({
    db,
    provider: paymentProvider,
    organisationsService: directory,
    corporationsService: corporations,
    canSimulateTransfers,
    mail,
    appUrl: config.appUrl,
    adminsOf: team.adminsOf,
    people: (ids) => usersByIds(db, ids),
  });
  const fundingReconciliation = createFundingReconciliation({
    db,
    jobs,
    provider: paymentProvider,
    applyCharge: (reference) => wallets.applyFundingEvent({ kind: 'charge', reference }),
    adminEmailsOf: async (organisationId) => (await team.adminsOf(organisationId)).map((admin) => admin.email),
    mail: (tx, message) => mail.enqueue(tx, message),
    appUrl: config.appUrl,
    now: () => new Date(),
  });
  const calculator = createCalculatorService({ db, whtRates: referenceData.current });
  const receiptCodes = createReceiptCodes({ secret: config.receiptSigningSecret, appUrl: config.appUrl });
  const receiptVerification = createReceiptVerification({
    db,
    codes: receiptCodes,
    corporationName: async (organisationId, corporationId) =>
      (await corporations.findInOrganisation(organisationId, corporationId)).name,
    stateOf: async (stateId) => (await reference.listStates()).find((state) => state.id === stateId),
  });
  const payerAddress = async (caller: Caller, organisationId: string) => {
    const identity = await directory.getIdentity(caller, organisationId);
    return identity.address ? [identity.address, identity.state?.name].filter(Boolean).join(', ') : null;
  };
  const vendors = createVendorsService({ db });
  const bills = createBillsService({
    db,
    jobs,
    gateway,
    routeOf: referenceData.routeFor,
    corporations,
    states,
    wallets,
    mail,
    appUrl: config.appUrl,
    listStates: () => reference.listStates(),
    referenceTables: referenceData.current,
    people: (ids) => usersByIds(db, ids),
    adminsOf: team.adminsOf,
    settingValue: directory.settingValue,
    receiptCodes,
    payrollOnFile: payroll.payeFileOnFile,
    payrollEmployeeCount: async (registrationId) =>
      (await payrollContents(db, [registrationId])).get(registrationId)?.employees ?? 0,
    payrollVersions: {
      payrollVersionOnFile: payroll.versionOnFile,
      payrollVersionsByIds: payroll.versionsByIds,
    },
    payerAddress,
    vendors,
    priorPayePayment: priorPaymentOfMonth,
  });
  const annualReturns = createAnnualReturnsService({
    db,
    agency,
    agencyTimeoutMs: config.agencyTimeoutMs,
    states,
    paidPayeBillsOfYear: bills.paidPayeBillsOfYear,
    people: (ids) => usersByIds(db, ids),
    payerAddress,
  });
  const priorPayments = createPriorPaymentsService({
    db,
    states,
    standingPayeBill: bills.standingPayeBill,
    readPayeFile: payroll.readPayeFile,
    people: (ids) => usersByIds(db, ids),
  });
  // The onboarding summary counts what corporations, wallets and bills own: organisations come after them.
  const organisations = createOrganisationsService({
    db,
    directory,
    reference,
    switchOrganisation: switchSessionOrganisation,
    summaryContributions: [corporations.summary, wallets.summary, bills.summary],
    addOwner: team.addOwner,
    activeAdminCount: async (organisationId) => (await team.adminsOf(organisationId)).length,
  });
  const alerts = createAlertsService({
    db,
    jobs,
    mail,
    appUrl: config.appUrl,
    registrations: async (organisationId) => {
      const registrations = await states.registrationsOfOrganisation(organisationId);
      const taxes = await payroll.taxOnFile(registrations.map((registration) => registration.registrationId));
      return registrations.map((registration) => ({
        ...registration,
        payrollTaxKobo: taxes.get(registration.registrationId) ?? null,
      }));
    },
    bills: bills.billPeriods,
    referenceTables: referenceData.current,
    annualReturnFilings: annualReturns.filings,
    priorPaidPayeMonths: priorPayments.paidMonths,
    corporationCount: async (organisationId) => (await corporations.allOfOrganisation(organisationId)).length,
    totalBalance: async (organisationId) => (await wallets.summary(organisationId)).total_balance,
    organisationName: directory.nameOf,
    settingValue: directory.settingValue,
    settingOrInsert: directory.settingOrInsert,
    replaceSetting: directory.replaceSetting,
    activeAdmins: team.activeAdmins,
    people: (ids) => usersByIds(db, ids),
  });
  const identity = createIdentityService({
    db,
    config,
    mail,
    findPendingInvitations: team.pendingInvitations,
    isInvitationFor: team.isInvitationFor,
    activeMembership: team.activeMembership,
    sessionMembership: team.sessionMembership,
    organisationCard: async (executor, id) => (await directory.byIds(executor, [id]))[0],
    alertsFor: alerts.forSession,
  });
  const analyser = createAnalyserService({
    db,
    jobs,
    paidBills: bills.paidBills,
    withheldWht: vendors.withheldByPayeeAndMonth,
  });

  const routes: RouteDefinition[] = [
    ...identityRoutes(identity),
    ...referenceRoutes(reference),
    ...referenceDataRoutes(referenceData, bills.reconcileRemittances),
    ...organisationRoutes(organisations),
    ...teamRoutes(team),
    ...calculatorRoutes(calculator),
    ...corporationRoutes(corporations),
    ...stateRoutes(states),
    ...payrollRoutes(payroll),
    ...walletRoutes(wallets),
    ...fundingReconciliationRoutes(fundingReconciliation),
    ...billRoutes(bills, receiptVerification),
    ...vendorRoutes(vendors),
    ...alertRoutes(alerts),
    ...annualReturnRoutes(annualReturns, priorPayments),
    ...analyserRoutes(analyser),
    defineRoute({
      contract: getDeployment,
      handler: async () => ({ sandbox: config.sandbox, state_agency: config.stateAgency }),
    }),
    ...(paystackFake ? sandboxFundingRoutes(wallets, paystackFake.url) : []),
    ...(config.env === 'production' ? [] : developmentMailboxRoutes(mail)),
  ];

  // Security headers, built once: the Fastify plugin built helmet anew (its CSP parsed) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(multipart, { limits: { fileSize: FILE_LIMIT_BYTES, files: 5 } });

  // A POST with Content-Type JSON and no body is an empty object, as the spec's "empty body" calls send.
  // Invalid UTF-8 is refused rather than stored with replacement characters.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer).trim();
    } catch {
      return done(new AppError('INVALID_INPUT', 'The request body is not valid UTF-8 text.'), undefined);
    }
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('INVALID_INPUT', 'The request body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = errorEnvelope(error, request.log);
    return reply.status(status).send(body);
  });

  registerGateway(app, routes, identity.resolveCaller, { checkResponses: config.env !== 'production' });
  await registerPaymentWebhook(app, { provider: paymentProvider, wallets });

  const openApi = buildOpenApiDocument(routes, config.appUrl);
  app.get(`${API_BASE}/openapi.json`, async () => openApi);
  app.get(`${API_BASE}/docs`, async (_request, reply) => reply.type('text/html').send(renderReferencePage(openApi)));
  app.get('/healthz', async () => ({ status: 'ok', database: database.kind }));

  // The built web app with history fallback for client routes. The build writes Brotli and gzip
  // copies beside each file; the one the browser accepts is sent (Vary: Accept-Encoding). Hashed
  // assets never change under their name, so they are cached for a year; index.html, which names
  // them, is revalidated on every load so a deploy reaches the next visit.
  if (fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', isHashedAsset(config.webDistDir, filePath) ? IMMUTABLE_ASSET : REVALIDATE);
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith(API_BASE)) {
        return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such call.', data: null });
      }
      return reply.sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ code: 'NOT_FOUND', message: 'No such call.', data: null }),
    );
  }

  // Workers start once every module has defined its jobs; on close, running jobs finish or go back to their queue.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mail.stop();
  });
  return app;
}
