/**
 * The analyser's permissions (issue 16): the spec's read permissions gate the routes; the others
 * gate buttons, which the screens hide when they are missing (the server decides either way).
 */
export const ANALYSER_PERMISSIONS = {
  listFolders: 'bank.statement-folder.getall',
  createFolder: 'bank.statement-folder.create',
  updateFolder: 'bank.statement-folder.update',
  deleteFolder: 'bank.statement-folder.delete',
  createRecord: 'bank.statement-record.create',
  updateRecord: 'bank.statement-record.update',
  deleteRecord: 'bank.statement-record.delete',
  uploadStatement: 'bank.statement-statement.create',
  updateStatement: 'bank.statement-statement.update',
  deleteStatement: 'bank.statement-statement.delete',
} as const;
