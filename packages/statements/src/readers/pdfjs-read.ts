// pdfjs's Node build replaces built-ins process-wide when it loads (JSON.parse and JSON.stringify,
// Array.prototype.push and more, with slower polyfills), so this file is loaded only inside the PDF
// worker (pdf-worker.ts); everything else reads PDFs through read-pdf.ts.
import { getDocument, Util, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { StatementError } from '../statement-error';
import type { PdfMetadata, SourceDocument, SourceLine } from '../source-document';
import { groupIntoLines, type PositionedItem } from './text-lines';
import { EMPTY_PASSWORD_PADDING } from './pdf-password';
import type { PdfAccess } from './read-pdf';

// pdfjs's PasswordException codes (PasswordResponses in its source).
const NEED_PASSWORD = 1;
const INCORRECT_PASSWORD = 2;

/** 'D:20250102101500+01'00'' (PDF date) → ISO 8601, or null. */
export function parsePdfDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz]|[+-]\d{2}'?\d{2}'?)?/.exec(value);
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zone] = match;
  let offset = 'Z';
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(/'/g, '');
    offset = `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
  }
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function isPasswordException(error: unknown): error is { name: string; code: number } {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'PasswordException';
}

function loadPdf(bytes: Uint8Array, password: string | undefined): Promise<PDFDocumentProxy> {
  // pdfjs takes ownership of the buffer it is given, so hand it a copy.
  return getDocument({
    data: bytes.slice(),
    password,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
}

/**
 * Opens a PDF. Without a password, a file encrypted with an empty owner password (RC4 or AES-128;
 * copying or printing restricted) opens as viewers open it: pdfium and poppler try the empty
 * password as the owner's too, and it gives the key. Anything else still asks for the password.
 */
async function openPdf(bytes: Uint8Array, password: string | undefined): Promise<PDFDocumentProxy> {
  try {
    return await loadPdf(bytes, password);
  } catch (error) {
    if (isPasswordException(error)) {
      if (error.code === NEED_PASSWORD && !password) {
        try {
          return await loadPdf(bytes, EMPTY_PASSWORD_PADDING);
        } catch {
          throw new StatementError('PASSWORD_REQUIRED', undefined, { cause: error });
        }
      }
      if (error.code === INCORRECT_PASSWORD || error.code === NEED_PASSWORD) {
        throw new StatementError('WRONG_PASSWORD', undefined, { cause: error });
      }
    }
    throw new StatementError('UNREADABLE', undefined, { cause: error });
  }
}

/**
 * Reads a PDF's text with positions, page by page, releasing each page once read and handing its
 * lines to `onPage` rather than keeping them: the worker posts them on, so no second copy of a
 * long statement waits in this thread. Returns the rest of the document.
 */
export async function readPdfPages(
  bytes: Uint8Array,
  password: string | undefined,
  onPage: (pageNumber: number, pageCount: number, lines: SourceLine[]) => void,
): Promise<Omit<SourceDocument, 'lines'>> {
  const document = await openPdf(bytes, password);
  try {
    const pageCount = document.numPages;
    let textRuns = 0;
    // Ask for the next page while this one is grouped: pdfjs parses in its worker meanwhile.
    const fetchPage = (pageNumber: number) => {
      const fetched = document
        .getPage(pageNumber)
        .then(async (page) => ({ page, content: await page.getTextContent() }));
      // Awaited in the next turn of the loop; if the loop stops first, its failure must not go unhandled.
      fetched.catch(() => undefined);
      return fetched;
    };
    let next = pageCount > 0 ? fetchPage(1) : null;
    for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
      const { page, content } = await (next as ReturnType<typeof fetchPage>);
      next = pageNumber < pageCount ? fetchPage(pageNumber + 1) : null;
      // Device space (what a viewer shows, /Rotate applied): x right, y down from the top.
      const viewport = page.getViewport({ scale: 1 });
      const items: PositionedItem[] = [];
      for (const item of content.items) {
        const run = item as TextItem;
        if (typeof run.str !== 'string' || run.str.trim() === '') continue;
        const [scaleX, skewA, skewB, scaleY, x, baseline] = Util.transform(
          viewport.transform,
          run.transform as number[],
        ) as number[];
        // Only text upright as shown: rotated watermarks and stamps are not table content.
        if (Math.abs(skewA) > 0.01 || Math.abs(skewB) > 0.01 || scaleX <= 0) continue;
        const height = run.height || Math.abs(scaleY) || 1;
        items.push({ text: run.str, x, y: baseline, width: run.width, height });
      }
      textRuns += items.length;
      const lines = groupIntoLines(items, pageNumber);
      page.cleanup();
      onPage(pageNumber, pageCount, lines);
    }
    if (textRuns === 0) throw new StatementError('NO_TEXT_LAYER');
    const info = (await document.getMetadata()).info as Record<string, unknown>;
    const metadata: PdfMetadata = {
      producer: typeof info.Producer === 'string' ? info.Producer : null,
      creator: typeof info.Creator === 'string' ? info.Creator : null,
      createdAt: parsePdfDate(info.CreationDate),
      modifiedAt: parsePdfDate(info.ModDate),
      isEncrypted: typeof info.EncryptFilterName === 'string',
    };
    return { format: 'pdf', pageCount, metadata, encoding: null };
  } finally {
    await document.destroy();
  }
}

/** Opens a PDF without reading its pages (see checkPdfAccess in read-pdf.ts). */
export async function checkPdfAccess(bytes: Uint8Array, password?: string): Promise<PdfAccess> {
  const document = await openPdf(bytes, password);
  try {
    const info = (await document.getMetadata()).info as Record<string, unknown>;
    return { pageCount: document.numPages, isEncrypted: typeof info.EncryptFilterName === 'string' };
  } finally {
    await document.destroy();
  }
}
