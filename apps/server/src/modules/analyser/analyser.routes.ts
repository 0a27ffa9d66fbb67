import {
  ANALYSER_PERMISSIONS,
  BANK_MESSAGES,
  clearStatementCorrections,
  createStatementFolder,
  createStatementRecord,
  deleteStatement,
  deleteStatementFolder,
  deleteStatementRecord,
  exportStatementTransactions,
  getRecordAnalysis,
  getStatement,
  getStatementAnalysis,
  getStatementExtraction,
  getStatementFolder,
  getStatementRecord,
  getStatementReport,
  getStatementTaxInsight,
  listStatementFolders,
  listStatementRecords,
  listStatements,
  listStatementTransactions,
  rerunStatement,
  saveStatementCorrections,
  saveStatementMapping,
  updateStatementFolder,
  updateStatementRecord,
  uploadStatement,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { AnalyserService } from './analyser.service';

const can = (permission: keyof typeof ANALYSER_PERMISSIONS) => ({ permission: ANALYSER_PERMISSIONS[permission] });

/** Bank statement analyser (Beta; issue 16). */
export function analyserRoutes(analyser: AnalyserService) {
  return [
    defineRoute({
      contract: listStatementFolders,
      summary: "The organisation's statement folders with their record and statement counts (page, count, no_pages, search by name, order_by name or created_at, is_asc)",
      auth: can('folders'),
      handler: ({ caller, params }) => analyser.listFolders(caller, params),
    }),
    defineRoute({
      contract: createStatementFolder,
      summary: "A new folder: {name}, unique in the organisation (lowercase, trimmed): 'The provided name already exist'",
      auth: can('createFolder'),
      handler: async ({ caller, body }) => reply(await analyser.createFolder(caller, body.name), BANK_MESSAGES.folderCreated),
    }),
    defineRoute({
      contract: getStatementFolder,
      summary: 'One folder with its counts',
      auth: can('folder'),
      handler: ({ caller, params }) => analyser.getFolder(caller, params.id),
    }),
    defineRoute({
      contract: updateStatementFolder,
      summary: 'Renames a folder: {name}, unique in the organisation',
      auth: can('updateFolder'),
      handler: ({ caller, params, body }) => analyser.renameFolder(caller, params.id, body.name),
    }),
    defineRoute({
      contract: deleteStatementFolder,
      summary: 'Deletes a folder with its records and their statements',
      auth: can('deleteFolder'),
      handler: async ({ caller, params }) => reply(await analyser.deleteFolder(caller, params.id), BANK_MESSAGES.deleted),
    }),
    defineRoute({
      contract: listStatementRecords,
      summary: "A folder's records (bank accounts) with their statement counts and the span their statements cover (page, count, search by name, number or bank)",
      auth: can('folder'),
      handler: ({ caller, params }) => analyser.listRecords(caller, params.id, params),
    }),
    defineRoute({
      contract: createStatementRecord,
      summary: 'A new record in the folder: {name, account_number?, bank_name?}',
      auth: can('createRecord'),
      handler: async ({ caller, params, body }) => reply(await analyser.createRecord(caller, params.id, body), BANK_MESSAGES.recordCreated),
    }),
    defineRoute({
      contract: getStatementRecord,
      summary: 'One record with its statement count and span',
      auth: can('record'),
      handler: ({ caller, params }) => analyser.getRecord(caller, params.id),
    }),
    defineRoute({
      contract: updateStatementRecord,
      summary: "Changes a record's name, account number or bank",
      auth: can('updateRecord'),
      handler: ({ caller, params, body }) => analyser.updateRecord(caller, params.id, body),
    }),
    defineRoute({
      contract: deleteStatementRecord,
      summary: 'Deletes a record with its statements',
      auth: can('deleteRecord'),
      handler: async ({ caller, params }) => reply(await analyser.deleteRecord(caller, params.id), BANK_MESSAGES.deleted),
    }),
    defineRoute({
      contract: getRecordAnalysis,
      summary: "The record's analysed statements together: gaps and overlaps between their periods, balances that do not carry over, and the analysis of all their rows",
      auth: can('record'),
      handler: ({ caller, params }) => analyser.recordAnalysis(caller, params.id),
    }),
    defineRoute({
      contract: listStatements,
      summary: "A record's statements with status, progress, verdict, period and totals (page, count, search by file name, order_by created_at or period_start)",
      auth: can('record'),
      handler: ({ caller, params }) => analyser.listStatements(caller, params.id, params),
    }),
    defineRoute({
      contract: uploadStatement,
      summary:
        'Upload a statement (multipart: file, password?): PDF up to 20 MB, CSV or XLSX up to 10 MB, recognised by content. An encrypted PDF without its password, or with a wrong one, is UNPROCESSABLE with data.reason PASSWORD_REQUIRED or WRONG_PASSWORD. Answers with the queued statement; parsing runs in the background.',
      auth: can('createStatement'),
      handler: async ({ caller, params, body, files }) => reply(await analyser.upload(caller, params.id, body.password, files), BANK_MESSAGES.uploaded),
    }),
    defineRoute({
      contract: getStatement,
      summary: 'One statement: status and progress while parsing; verdict, reasons, checks, period, totals, printed figures and PDF metadata once analysed; error_code and error_message when it failed',
      auth: can('statement'),
      handler: ({ caller, params }) => analyser.getStatement(caller, params.id),
    }),
    defineRoute({
      contract: deleteStatement,
      summary: 'Deletes a statement with its file, rows and corrections',
      auth: can('deleteStatement'),
      handler: async ({ caller, params }) => reply(await analyser.deleteStatement(caller, params.id), BANK_MESSAGES.deleted),
    }),
    defineRoute({
      contract: rerunStatement,
      summary: 'Reads the kept file again in the background, with its mapping and corrections ({password?} for an encrypted PDF)',
      auth: can('updateStatement'),
      handler: async ({ caller, params, body }) => reply(await analyser.rerun(caller, params.id, body.password), BANK_MESSAGES.rerun),
    }),
    defineRoute({
      contract: listStatementTransactions,
      summary:
        "A statement's rows (page, count, no_pages): search in narration, reference or counterparty; category (comma-separated), type credit or debit, amount_min, amount_max, date_preset (counted back from the statement's last day), date_from, date_to; order_by index, date, amount, balance or narration with is_asc; aggs over every matching row",
      auth: can('statement'),
      handler: ({ caller, params }) => analyser.transactions(caller, params.id, params),
    }),
    defineRoute({
      contract: exportStatementTransactions,
      summary: 'The matching rows as a CSV or XLSX download (format), with the same filters',
      auth: can('statement'),
      handler: ({ caller, params }) => analyser.exportTransactions(caller, params.id, params, params.format),
    }),
    defineRoute({
      contract: getStatementAnalysis,
      summary: 'The analysis: summary figures, monthly cashflow with closing balances, end-of-day balances, categories, salary, recurring debits, counterparties, reversals, charges, tax payments, verdict with reasons and checks',
      auth: can('statement'),
      handler: ({ caller, params }) => analyser.analysis(caller, params.id),
    }),
    defineRoute({
      contract: getStatementReport,
      summary: 'The analysis as a PDF report',
      auth: can('statement'),
      handler: ({ caller, params }) => analyser.report(caller, params.id),
    }),
    defineRoute({
      contract: getStatementTaxInsight,
      summary: "Debits matched to the organisation's paid tax bills (amount and date window), tax payments with no bill, vendors that may be owed WHT with a link to the prefilled WHT form, and VAT on bank charges",
      auth: can('statement'),
      handler: ({ caller, params }) => analyser.taxInsight(caller, params.id),
    }),
    defineRoute({
      contract: getStatementExtraction,
      summary: "One page as read (page, from 1): its text lines with positions, the rows that start on it, the header labels recognised and the column mapping in use",
      auth: can('statement'),
      handler: ({ caller, params }) => analyser.extraction(caller, params.id, params.page),
    }),
    defineRoute({
      contract: saveStatementCorrections,
      summary: 'Corrects rows ({corrections: [{index, category?, date?, narration?, counterparty?, debit?, credit?, balance?}]}) and re-analyses at once',
      auth: can('updateStatement'),
      handler: async ({ caller, params, body }) => reply(await analyser.saveCorrections(caller, params.id, body.corrections), BANK_MESSAGES.correctionsSaved),
    }),
    defineRoute({
      contract: clearStatementCorrections,
      summary: 'Puts every corrected row back as read and re-analyses',
      auth: can('updateStatement'),
      handler: ({ caller, params }) => analyser.clearCorrections(caller, params.id),
    }),
    defineRoute({
      contract: saveStatementMapping,
      summary: 'Saves the column mapping ({mapping: {date, narration, debit, credit, amount, balance …} or null, password?}) and reads the file again in the background; corrections are dropped',
      auth: can('updateStatement'),
      handler: async ({ caller, params, body }) => reply(await analyser.saveMapping(caller, params.id, body.mapping, body.password), BANK_MESSAGES.mappingSaved),
    }),
  ];
}
