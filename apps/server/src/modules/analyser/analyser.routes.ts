import {
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

/** Bank statement analyser (Beta). */
export function analyserRoutes(analyser: AnalyserService) {
  return [
    defineRoute({
      contract: listStatementFolders,
      handler: ({ caller, params }) => analyser.listFolders(caller, params),
    }),
    defineRoute({
      contract: createStatementFolder,
      handler: async ({ caller, body }) =>
        reply(await analyser.createFolder(caller, body.name), BANK_MESSAGES.folderCreated),
    }),
    defineRoute({
      contract: getStatementFolder,
      handler: ({ caller, params }) => analyser.getFolder(caller, params.id),
    }),
    defineRoute({
      contract: updateStatementFolder,
      handler: ({ caller, params, body }) => analyser.renameFolder(caller, params.id, body.name),
    }),
    defineRoute({
      contract: deleteStatementFolder,
      handler: async ({ caller, params }) =>
        reply(await analyser.deleteFolder(caller, params.id), BANK_MESSAGES.deleted),
    }),
    defineRoute({
      contract: listStatementRecords,
      handler: ({ caller, params }) => analyser.listRecords(caller, params.id, params),
    }),
    defineRoute({
      contract: createStatementRecord,
      handler: async ({ caller, params, body }) =>
        reply(await analyser.createRecord(caller, params.id, body), BANK_MESSAGES.recordCreated),
    }),
    defineRoute({
      contract: getStatementRecord,
      handler: ({ caller, params }) => analyser.getRecord(caller, params.id),
    }),
    defineRoute({
      contract: updateStatementRecord,
      handler: ({ caller, params, body }) => analyser.updateRecord(caller, params.id, body),
    }),
    defineRoute({
      contract: deleteStatementRecord,
      handler: async ({ caller, params }) =>
        reply(await analyser.deleteRecord(caller, params.id), BANK_MESSAGES.deleted),
    }),
    defineRoute({
      contract: getRecordAnalysis,
      handler: ({ caller, params }) => analyser.recordAnalysis(caller, params.id),
    }),
    defineRoute({
      contract: listStatements,
      handler: ({ caller, params }) => analyser.listStatements(caller, params.id, params),
    }),
    defineRoute({
      contract: uploadStatement,
      handler: async ({ caller, params, body, files }) => {
        const uploaded = await analyser.upload(caller, params.id, body.password, files);
        return reply(
          uploaded,
          uploaded.duplicate_of ? BANK_MESSAGES.uploadedAgain(uploaded.duplicate_of.file_name) : BANK_MESSAGES.uploaded,
        );
      },
    }),
    defineRoute({
      contract: getStatement,
      handler: ({ caller, params }) => analyser.getStatement(caller, params.id),
    }),
    defineRoute({
      contract: deleteStatement,
      handler: async ({ caller, params }) =>
        reply(await analyser.deleteStatement(caller, params.id), BANK_MESSAGES.deleted),
    }),
    defineRoute({
      contract: rerunStatement,
      handler: async ({ caller, params, body }) =>
        reply(await analyser.rerun(caller, params.id, body.password), BANK_MESSAGES.rerun),
    }),
    defineRoute({
      contract: listStatementTransactions,
      handler: ({ caller, params }) => analyser.transactions(caller, params.id, params),
    }),
    defineRoute({
      contract: exportStatementTransactions,
      handler: ({ caller, params }) => analyser.exportTransactions(caller, params.id, params, params.format),
    }),
    defineRoute({
      contract: getStatementAnalysis,
      handler: ({ caller, params }) => analyser.analysis(caller, params.id),
    }),
    defineRoute({
      contract: getStatementReport,
      handler: ({ caller, params }) => analyser.report(caller, params.id),
    }),
    defineRoute({
      contract: getStatementTaxInsight,
      handler: ({ caller, params }) => analyser.taxInsight(caller, params.id),
    }),
    defineRoute({
      contract: getStatementExtraction,
      handler: ({ caller, params }) => analyser.extraction(caller, params.id, params.page),
    }),
    defineRoute({
      contract: saveStatementCorrections,
      handler: async ({ caller, params, body }) =>
        reply(await analyser.saveCorrections(caller, params.id, body.corrections), BANK_MESSAGES.correctionsSaved),
    }),
    defineRoute({
      contract: clearStatementCorrections,
      handler: ({ caller, params }) => analyser.clearCorrections(caller, params.id),
    }),
    defineRoute({
      contract: saveStatementMapping,
      handler: async ({ caller, params, body }) =>
        reply(await analyser.saveMapping(caller, params.id, body.mapping, body.password), BANK_MESSAGES.mappingSaved),
    }),
  ];
}
