// A PDF page's positioned text runs grouped into lines and cells. Pure, and apart from
// pdfjs-read.ts: that file loads pdfjs, which replaces built-ins wherever it is loaded.
import type { SourceCell, SourceLine } from '../source-document';

/** A run of text where pdfjs placed it on the page. */
export interface PositionedItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Groups a page's text runs into lines (runs whose baselines are within a third of the text
 * height) and, within a line, joins runs closer than about half a character into one cell:
 * producers split words into runs freely, but leave clear space between table columns.
 */
export function groupIntoLines(items: PositionedItem[], page: number): SourceLine[] {
  items.sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: SourceLine[] = [];
  let current: PositionedItem[] = [];
  let lineY = 0;
  const flush = () => {
    if (current.length === 0) return;
    current.sort((a, b) => a.x - b.x);
    const cells: SourceCell[] = [];
    let height = 0;
    for (const item of current) {
      height = Math.max(height, item.height);
      const last = cells[cells.length - 1];
      const gap = last ? item.x - (last.x + last.width) : Infinity;
      if (last && gap < item.height * 0.4) {
        last.text = gap > item.height * 0.12 ? `${last.text} ${item.text}` : last.text + item.text;
        last.width = item.x + item.width - last.x;
      } else {
        cells.push({ text: item.text, x: item.x, width: item.width });
      }
    }
    for (const cell of cells) cell.text = cell.text.trim();
    lines.push({ page, y: lineY, height, cells });
    current = [];
  };
  for (const item of items) {
    if (current.length > 0 && Math.abs(item.y - lineY) > Math.max(1, item.height * 0.35)) flush();
    if (current.length === 0) lineY = item.y;
    current.push(item);
  }
  flush();
  return lines;
}
