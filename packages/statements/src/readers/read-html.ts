import type { SourceDocument } from '../source-document';
import { decodeText, rowsToLines } from './read-csv';

// Character references banks' exports use; numeric ones are decoded generally.
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  naira: '₦',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The visible text of a cell's markup: tags dropped, line breaks and entities turned into text. */
function cellText(markup: string): string {
  return decodeEntities(markup.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** True for an HTML page with a table: what some banks' "Excel" (.xls) downloads really are. */
export function isHtmlTable(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1')
    .decode(bytes.subarray(0, 65_536))
    .replace(/^\ufeff|^\xef\xbb\xbf/, '')
    .trimStart()
    .toLowerCase();
  return (head.startsWith('<') || head.startsWith('<!doctype')) && head.includes('<table');
}

/**
 * Reads an HTML table saved with an .xls name (a bank's "Excel" download) as a spreadsheet: every
 * <tr> of every table is a row, each <td>/<th> a cell, a colspan taking that many columns so the
 * columns below stay in place. Scripts and styles are dropped.
 */
export function readHtmlTable(bytes: Uint8Array): SourceDocument {
  const { text, encoding } = decodeText(bytes);
  const html = text.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const rows: string[][] = [];
  for (const row of html.matchAll(/<tr\b[^>]*>([\s\S]*?)(?=<tr\b|<\/table>|$)/gi)) {
    const cells: string[] = [];
    for (const cell of row[1].matchAll(/<t([dh])\b([^>]*)>([\s\S]*?)(?=<t[dh]\b|<\/tr>|$)/gi)) {
      const span = /colspan\s*=\s*["']?(\d+)/i.exec(cell[2]);
      cells.push(cellText(cell[3].replace(/<\/t[dh]>\s*$/i, '')));
      for (let extra = 1; extra < Math.min(Number(span?.[1] ?? 1), 50); extra++) cells.push('');
    }
    rows.push(cells);
  }
  return { format: 'xlsx', pageCount: 1, lines: rowsToLines(rows, 1), metadata: null, encoding };
}
