import { createHash } from 'node:crypto';
import { BANK_MESSAGES, STATEMENT_FILE_LIMITS, type ColumnMappingInput, type StatementFormat } from '@levy/contracts';
import { checkStatementAccess, isStatementError, sniffStatementFormat, type ColumnMapping } from '@levy/statements';
import type { Db } from '../../db/client';
import { AppError, invalidInput, notFound } from '../../errors';
import type { Caller, UploadedFile } from '../../http/route';
import type { AnalyserAccess } from './analyser-access';
import * as repo from './analyser.repo';
import { bytesOf, INCOMPLETE_FILE } from './statement-parsing';

const MIME_TYPES: Record<StatementFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The contract's mapping (snake_case) as the engine takes it. */
function toEngineMapping(mapping: Exclude<ColumnMappingInput, null>): ColumnMapping {
  const { value_date: valueDate, ...rest } = mapping;
  const engine: ColumnMapping = {};
  for (const [field, column] of Object.entries({ ...rest, valueDate }))
    if (column !== undefined) engine[field as keyof ColumnMapping] = Number(column);
  return engine;
}

/** Statement files in: checked by content, size and password, kept, and queued for their parse (upload, re-run, new mapping). */
export function createStatementUploads(deps: {
  db: Db;
  access: AnalyserAccess;
  enqueueParse(tx: Db, statementId: string, run: number): Promise<void>;
  parseQueued(): void;
}) {
  const { db, enqueueParse, parseQueued } = deps;
  const { ownRecord, ownStatement, statementViews, statementView } = deps.access;

  /** A statement error at upload, re-run or mapping: UNPROCESSABLE with the reason and the field to ask again. */
  function rejection(error: unknown): unknown {
    if (!isStatementError(error)) return error;
    const isAboutPassword = error.code === 'PASSWORD_REQUIRED' || error.code === 'WRONG_PASSWORD';
    return new AppError('UNPROCESSABLE', error.message, {
      reason: error.code,
      field: isAboutPassword ? 'password' : 'file',
    });
  }

  /** Opens an encrypted PDF or workbook with the password to check it; the password is kept only if the file needs it. */
  async function passwordFor(
    format: StatementFormat,
    content: Buffer,
    password: string | undefined,
  ): Promise<string | null> {
    if (format === 'csv') return null;
    try {
      const access = await checkStatementAccess(bytesOf(content), password || undefined);
      return access.isEncrypted && password ? password : null;
    } catch (error) {
      throw rejection(error);
    }
  }

  /** The format by content alone (names and MIME types lie), within its size limit. */
  function admittedFormat(content: Buffer): StatementFormat {
    let format: StatementFormat;
    try {
      format = sniffStatementFormat(content);
    } catch (error) {
      throw rejection(error);
    }
    if (content.length > STATEMENT_FILE_LIMITS[format]) throw invalidInput({ file: BANK_MESSAGES.fileTooLarge });
    return format;
  }

  /** A new run of the kept file (re-run, new mapping), checked for its password first. */
  async function queueRun(statementId: string, password: string | undefined, change: (tx: Db) => Promise<void>) {
    const source = await repo.findStatementFile(db, statementId);
    if (!source) throw notFound('Statement not found.');
    if (!source.file)
      throw new AppError('UNPROCESSABLE', INCOMPLETE_FILE.message, { reason: INCOMPLETE_FILE.code, field: 'file' });
    const kept = await passwordFor(source.format, source.file, password);
    await db.transaction(async (tx) => {
      await change(tx);
      const run = await repo.queueNextRun(tx, statementId, kept);
      await enqueueParse(tx, statementId, run);
    });
    parseQueued();
    return statementView((await repo.findStatement(db, statementId))!);
  }

  return {
    /** Keeps the file (checked by content, size and password) and queues its parse once the file is stored. */
    async upload(caller: Caller, recordId: string, password: string | undefined, files: UploadedFile[]) {
      const record = await ownRecord(caller, recordId);
      const file = files.find((candidate) => candidate.field === 'file');
      if (!file || file.content.length === 0) throw invalidInput({ file: BANK_MESSAGES.fileRequired });
      const format = admittedFormat(file.content);
      const kept = await passwordFor(format, file.content, password);
      const fileSha256 = createHash('sha256').update(file.content).digest('hex');
      const earlier = await repo.findStatementWithFile(db, record.id, fileSha256);
      // The statement first, then its file a part at a time (other users' queries run between
      // the parts), then its parse: a statement whose upload stopped part way is never parsed.
      const row = await repo.insertStatement(db, {
        organisationId: record.organisationId,
        recordId: record.id,
        fileName: file.filename || `statement.${format}`,
        format,
        mimeType: MIME_TYPES[format],
        fileSize: file.content.length,
        fileSha256,
        pendingPassword: kept,
        status: 'queued',
        stage: 'queued',
        createdBy: caller.userId,
      });
      try {
        if (!(await repo.insertFileParts(db, row.id, file.content))) throw notFound('Statement not found.');
        await enqueueParse(db, row.id, row.run);
      } catch (error) {
        await repo.deleteStatement(db, row.id);
        throw error;
      }
      parseQueued();
      const [view] = await statementViews([row], record.folderId);
      return { ...view, duplicate_of: earlier && { id: earlier.id, file_name: earlier.fileName } };
    },

    async rerun(caller: Caller, id: string, password: string | undefined) {
      const row = await ownStatement(caller, id);
      return queueRun(row.id, password, async () => undefined);
    },

    /** Saves (or clears) the column mapping and reads the file again; corrections made on the old rows are dropped. */
    async saveMapping(caller: Caller, id: string, mapping: ColumnMappingInput | null, password: string | undefined) {
      const row = await ownStatement(caller, id);
      return queueRun(row.id, password, async (tx) => {
        if (mapping)
          await repo.saveMapping(tx, {
            statementId: row.id,
            mapping: toEngineMapping(mapping),
            createdBy: caller.userId,
          });
        else await repo.deleteMapping(tx, row.id);
        await repo.deleteCorrections(tx, row.id);
      });
    },
  };
}
