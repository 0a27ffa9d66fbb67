import { MESSAGES } from '@levy/contracts';
import type { Db } from '../../db/client';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { guardUniqueName, invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import type { AnalyserAccess } from './analyser-access';
import { toFolder, toRecord, toStatementDetail } from './analyser-views';
import * as repo from './analyser.repo';

interface ListInput {
  page: number;
  count: number;
  no_pages?: boolean;
  search?: string;
  is_asc?: boolean;
}

/** Folders, the records (bank accounts) in them and the statements on a record: listed, created, renamed, deleted. */
export function createAnalyserRecords(deps: { db: Db; access: AnalyserAccess }) {
  const { db } = deps;
  const { organisationOf, ownFolder, ownRecord, ownStatement, folderView, recordView, statementViews, statementView } =
    deps.access;

  async function assertFolderNameFree(executor: Db, organisationId: string, name: string, exceptId?: string) {
    const clash = await repo.findFolderByName(executor, organisationId, name);
    if (clash && clash.id !== exceptId) throw invalidInput({ name: MESSAGES.nameTaken });
  }

  return {
    // ---------- folders ----------

    async listFolders(caller: Caller, params: ListInput & { order_by?: 'name' | 'created_at' }) {
      const organisationId = organisationOf(caller);
      const { limit, offset } = pageWindow(params);
      const order = params.order_by ?? 'created_at';
      const { rows, total } = await repo.listFolders(db, organisationId, {
        search: containsPattern(params.search),
        order,
        isAsc: params.is_asc ?? order === 'name',
        limit,
        offset,
      });
      const counts = await repo.folderCounts(
        db,
        rows.map((row) => row.id),
      );
      return toPage(
        rows.map((row) => toFolder(row, counts.get(row.id))),
        total,
        params,
      );
    },

    async createFolder(caller: Caller, name: string) {
      const organisationId = organisationOf(caller);
      const row = await guardUniqueName(() =>
        db.transaction(async (tx) => {
          await assertFolderNameFree(tx, organisationId, name);
          return repo.insertFolder(tx, { organisationId, name: name.trim(), createdBy: caller.userId });
        }),
      );
      return folderView(row);
    },

    async getFolder(caller: Caller, id: string) {
      return folderView(await ownFolder(caller, id));
    },

    async renameFolder(caller: Caller, id: string, name: string) {
      const folder = await ownFolder(caller, id);
      await guardUniqueName(() =>
        db.transaction(async (tx) => {
          await assertFolderNameFree(tx, folder.organisationId, name, folder.id);
          await repo.renameFolder(tx, folder.id, name.trim());
        }),
      );
      return folderView((await repo.findFolder(db, folder.id))!);
    },

    async deleteFolder(caller: Caller, id: string) {
      const folder = await ownFolder(caller, id);
      await repo.deleteFolder(db, folder.id);
      return null;
    },

    // ---------- records ----------

    async listRecords(caller: Caller, folderId: string, params: ListInput & { order_by?: 'name' | 'created_at' }) {
      const folder = await ownFolder(caller, folderId);
      const { limit, offset } = pageWindow(params);
      const order = params.order_by ?? 'created_at';
      const { rows, total } = await repo.listRecords(db, folder.id, {
        search: containsPattern(params.search),
        order,
        isAsc: params.is_asc ?? order === 'name',
        limit,
        offset,
      });
      const spans = await repo.recordSpans(
        db,
        rows.map((row) => row.id),
      );
      return toPage(
        rows.map((row) => toRecord(row, spans.get(row.id))),
        total,
        params,
      );
    },

    async createRecord(
      caller: Caller,
      folderId: string,
      body: { name: string; account_number?: string; bank_name?: string },
    ) {
      const folder = await ownFolder(caller, folderId);
      const row = await repo.insertRecord(db, {
        organisationId: folder.organisationId,
        folderId: folder.id,
        name: body.name,
        accountNumber: body.account_number ?? null,
        bankName: body.bank_name || null,
        createdBy: caller.userId,
      });
      return recordView(row);
    },

    async getRecord(caller: Caller, id: string) {
      return recordView(await ownRecord(caller, id));
    },

    async updateRecord(
      caller: Caller,
      id: string,
      body: { name: string; account_number?: string; bank_name?: string },
    ) {
      const record = await ownRecord(caller, id);
      // The typed number says which account the record is: it may not contradict the statements it holds.
      if (body.account_number) {
        const other = (await repo.statementsOfRecord(db, record.id)).find(
          (statement) =>
            statement.status === 'analysed' &&
            statement.accountNumber &&
            statement.accountNumber !== body.account_number,
        );
        if (other)
          throw invalidInput({
            account_number: `This record's statements are for account ${other.accountNumber}: a record holds one account's statements`,
          });
      }
      await repo.updateRecord(db, record.id, {
        name: body.name,
        accountNumber: body.account_number ?? null,
        bankName: body.bank_name || null,
      });
      return recordView((await repo.findRecord(db, record.id))!);
    },

    async deleteRecord(caller: Caller, id: string) {
      const record = await ownRecord(caller, id);
      await repo.deleteRecord(db, record.id);
      return null;
    },

    // ---------- statements ----------

    async listStatements(
      caller: Caller,
      recordId: string,
      params: ListInput & { order_by?: 'created_at' | 'period_start' },
    ) {
      const record = await ownRecord(caller, recordId);
      const { limit, offset } = pageWindow(params);
      const { rows, total } = await repo.listStatements(db, record.id, {
        search: containsPattern(params.search),
        order: params.order_by ?? 'created_at',
        isAsc: params.is_asc ?? false,
        limit,
        offset,
      });
      return toPage(await statementViews(rows, record.folderId), total, params);
    },

    async getStatement(caller: Caller, id: string) {
      const row = await ownStatement(caller, id);
      return toStatementDetail(row, await statementView(row));
    },

    async deleteStatement(caller: Caller, id: string) {
      const row = await ownStatement(caller, id);
      await repo.deleteStatement(db, row.id);
      return null;
    },
  };
}
