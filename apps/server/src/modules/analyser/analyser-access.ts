import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Caller } from '../../http/route';
import { toFolder, toRecord, toStatement, toStatementDetail } from './analyser-views';
import * as repo from './analyser.repo';

export const NOT_ANALYSED = 'The statement has not been analysed yet.';

/** The caller's own folders, records and statements, and their views: where every analyser call starts. */
export function createAnalyserAccess(deps: { db: Db }) {
  const { db } = deps;

  function organisationOf(caller: Caller): string {
    if (!caller.organisationId) throw notFound('Organisation not found.');
    return caller.organisationId;
  }

  // Another organisation's folder, record or statement is NOT_FOUND: its id reveals nothing.
  async function ownFolder(caller: Caller, id: string) {
    const row = await repo.findFolder(db, id);
    if (!row || row.organisationId !== organisationOf(caller)) throw notFound('Folder not found.');
    return row;
  }

  async function ownRecord(caller: Caller, id: string) {
    const row = await repo.findRecord(db, id);
    if (!row || row.organisationId !== organisationOf(caller)) throw notFound('Record not found.');
    return row;
  }

  async function ownStatement(caller: Caller, id: string) {
    const row = await repo.findStatement(db, id);
    if (!row || row.organisationId !== organisationOf(caller)) throw notFound('Statement not found.');
    return row;
  }

  async function analysedStatement(caller: Caller, id: string) {
    const row = await ownStatement(caller, id);
    if (row.status !== 'analysed' || !row.analysis) throw new AppError('UNPROCESSABLE', NOT_ANALYSED);
    return { ...row, analysis: row.analysis };
  }

  async function folderView(row: repo.FolderRow) {
    return toFolder(row, (await repo.folderCounts(db, [row.id])).get(row.id));
  }

  async function recordView(row: repo.RecordRow) {
    return toRecord(row, (await repo.recordSpans(db, [row.id])).get(row.id));
  }

  async function statementViews(rows: repo.StatementRow[], folderId: string) {
    const ids = rows.map((row) => row.id);
    const [mapped, corrections] = await Promise.all([repo.mappedStatementIds(db, ids), repo.correctionCounts(db, ids)]);
    return rows.map((row) =>
      toStatement(row, { folderId, hasMapping: mapped.has(row.id), correctionCount: corrections.get(row.id) ?? 0 }),
    );
  }

  async function statementView(row: repo.StatementRow) {
    const record = await repo.findRecord(db, row.recordId);
    const [view] = await statementViews([row], record?.folderId ?? '');
    return view;
  }

  async function statementDetail(id: string) {
    const row = await repo.findStatement(db, id);
    if (!row) throw notFound('Statement not found.');
    return toStatementDetail(row, await statementView(row));
  }

  return {
    organisationOf,
    ownFolder,
    ownRecord,
    ownStatement,
    analysedStatement,
    folderView,
    recordView,
    statementViews,
    statementView,
    statementDetail,
  };
}

export type AnalyserAccess = ReturnType<typeof createAnalyserAccess>;
