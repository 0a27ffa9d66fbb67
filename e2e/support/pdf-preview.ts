import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';

// pdf.js is already a dependency (the statements engine reads PDFs with it); the browser renders
// with it here, so looking at a PDF needs no system tool.
const PDFJS_DIR = path.join(process.cwd(), 'node_modules/pdfjs-dist/build');
const ORIGIN = 'http://pdf-preview.test';

const PAGE = `<!doctype html>
<html><body style="margin:0;background:#fff">
<canvas id="page"></canvas>
<script type="module">
  import * as pdfjs from '${ORIGIN}/pdf.mjs';
  pdfjs.GlobalWorkerOptions.workerSrc = '${ORIGIN}/pdf.worker.mjs';
  const pdf = await pdfjs.getDocument('${ORIGIN}/document.pdf').promise;
  const first = await pdf.getPage(1);
  const viewport = first.getViewport({ scale: 1.5 });
  const canvas = document.getElementById('page');
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  await first.render({ canvas, viewport }).promise;
  document.body.dataset.pages = String(pdf.numPages);
  document.body.dataset.rendered = 'yes';
</script>
</body></html>`;

/**
 * Renders the first page of a PDF to a PNG with pdf.js in a fresh page of the browser, so a
 * journey can save what a person would see when opening the file. Resolves to the page count.
 */
export async function renderFirstPageToPng(browser: Browser, pdfPath: string, pngPath: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 960, height: 1300 } });
  try {
    const page = await context.newPage();
    await page.route(`${ORIGIN}/**`, async (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      if (name === 'index.html') return route.fulfill({ contentType: 'text/html', body: PAGE });
      if (name === 'document.pdf')
        return route.fulfill({ contentType: 'application/pdf', body: fs.readFileSync(pdfPath) });
      if (name === 'pdf.mjs' || name === 'pdf.worker.mjs')
        return route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(path.join(PDFJS_DIR, name)) });
      return route.fulfill({ status: 404, body: '' });
    });
    await page.goto(`${ORIGIN}/index.html`);
    await page.locator('body[data-rendered="yes"]').waitFor({ timeout: 30_000 });
    await page.locator('#page').screenshot({ path: pngPath });
    return Number(await page.locator('body').getAttribute('data-pages'));
  } finally {
    await context.close();
  }
}
