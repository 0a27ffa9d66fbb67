/** The analyser's addresses (docs/product.md §2 analyser.*). */
export const ANALYSER_PATH = '/analyser';

export function folderPath(folderId: string): string {
  return `/analyser/folders/${encodeURIComponent(folderId)}/`;
}

export function recordPath(recordId: string): string {
  return `/analyser/records/${encodeURIComponent(recordId)}/`;
}

export function statementPath(recordId: string, statementId: string): string {
  return `/analyser/records/${encodeURIComponent(recordId)}/statement/${encodeURIComponent(statementId)}`;
}

export function extractPath(recordId: string, statementId: string): string {
  return `${statementPath(recordId, statementId)}/extract`;
}
