import { describe, expect, it } from 'vitest';
import { METAMORPHOSES, transformEntry } from './fixtures/metamorphoses';
import { renderZooEntry } from './fixtures/render-zoo';
import { allRows } from './fixtures/render-statement';
import { ZOO } from './fixtures/zoo';
import { readStatement } from './index';

// Long enough to cross a page in most layouts, short enough to read every entry under every change.
const MAX_ROWS = 45;

const CASES = ZOO.flatMap((entry) =>
  METAMORPHOSES.map((metamorphosis) => transformEntry(entry, metamorphosis, MAX_ROWS)).filter(
    (changed) => changed !== null,
  ),
);

describe('the zoo printed other ways reads the same', () => {
  it('applies every change to many statements', () => {
    for (const metamorphosis of METAMORPHOSES)
      expect(CASES.filter((entry) => entry.id.endsWith(`+${metamorphosis.id}`)).length).toBeGreaterThanOrEqual(8);
  });

  describe.each(CASES.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    it('gives every row exactly and the same verdict', async () => {
      const { fixture, bytes, fileName, password } = await renderZooEntry(entry);
      const result = await readStatement(bytes, { fileName, password });
      expect(result.transactions.map((row) => [row.date, row.debit, row.credit, row.balance, row.narration])).toEqual(
        allRows(fixture).map((row) => [row.date, row.debit, row.credit, row.balance, row.narration]),
      );
      expect({
        verdict: result.verdict,
        reasons: result.checks
          .filter((check) => check.status === 'fail' || check.status === 'warn')
          .map((check) => check.message),
      }).toEqual({ verdict: 'consistent', reasons: [] });
      expect(result.account.number).toBe(fixture.accountNumber);
      expect(result.confidence.unplacedLines).toEqual([]);
    });
  });
});
