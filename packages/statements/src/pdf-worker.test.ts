import { describe, expect, it } from 'vitest';
import { renderFixture } from './fixtures/render-statement';
import { checkPdfAccess, readStatement } from './index';

describe('PDFs are read in a worker thread', () => {
  it('leaves the built-ins of the thread that asked as they were (pdfjs replaces JSON and Array.prototype.push where it loads)', async () => {
    const builtIns = {
      parse: JSON.parse,
      stringify: JSON.stringify,
      push: Array.prototype.push,
      toString: Function.prototype.toString,
    };
    const { fixture, bytes } = await renderFixture({ style: 'access', seed: 31, count: 40 }, 'pdf');
    const reading: string[] = [];
    const result = await readStatement(bytes, {
      onProgress: (progress) => progress.stage === 'reading' && reading.push(`${progress.done} of ${progress.total}`),
    });
    expect(result.transactions).toHaveLength(fixture.rows.length);
    expect(reading).toEqual(['1 of 1']);
    expect(await checkPdfAccess(bytes)).toEqual({ pageCount: 1, isEncrypted: false });
    expect({
      parse: JSON.parse,
      stringify: JSON.stringify,
      push: Array.prototype.push,
      toString: Function.prototype.toString,
    }).toEqual(builtIns);
    expect(globalThis).not.toHaveProperty('pdfjsLib');
  });

  it('reads several files at once, each with its own answer', async () => {
    const files = await Promise.all(
      [21, 22, 23].map((seed, index) => renderFixture({ style: 'fidelity', seed, count: 30 + index * 40 }, 'pdf')),
    );
    const results = await Promise.all(files.map(({ bytes }) => readStatement(bytes)));
    expect(results.map((result) => result.transactions.length)).toEqual(
      files.map(({ fixture }) => fixture.rows.length),
    );
  });

  it('stops reading when a progress callback throws, as a job shutting down does, and reads the next file', async () => {
    const { bytes } = await renderFixture({ style: 'fidelity', seed: 24, count: 300 }, 'pdf');
    const stopAfterPage = (progress: { stage: string; done: number }) => {
      if (progress.stage === 'reading' && progress.done === 1) throw new Error('shutting down');
    };
    await expect(readStatement(bytes, { onProgress: stopAfterPage })).rejects.toThrow('shutting down');
    const again = await readStatement(bytes);
    expect(again.pageCount).toBeGreaterThan(1);
  });
});
