// The aggregate of every module's tables, for drizzle-kit and the database client only (decision
// 0007): modules import their own `<module>.schema.ts`, never this file.
export * from '../../modules/reference/reference.schema';
export * from '../../modules/accounts/identity.schema';
export * from '../../modules/accounts/organisations.schema';
export * from '../../modules/accounts/team.schema';
export * from '../../modules/audit/audit.schema';
export * from '../../modules/mail/mail.schema';
export * from '../../modules/calculator/calculator.schema';
export * from '../../modules/corporations/corporations.schema';
export * from '../../modules/states/states.schema';
export * from '../../modules/payroll/payroll.schema';
export * from '../../modules/payroll/payroll-versions.schema';
export * from '../../modules/wallets/wallets.schema';
export * from '../../modules/bills/bills.schema';
export * from '../../modules/bills/bill-payroll.schema';
export * from '../../modules/alerts/alerts.schema';
export * from '../../modules/reference-data/reference-data.schema';
export * from '../../modules/analyser/analyser.schema';
export * from '../../modules/annual-returns/annual-returns.schema';
export * from '../../modules/vendors/vendors.schema';
