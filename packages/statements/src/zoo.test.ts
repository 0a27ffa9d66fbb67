import { describe, expect, it } from 'vitest';
import { renderZooEntry } from './fixtures/render-zoo';
import { allRows } from './fixtures/render-statement';
import { ZOO } from './fixtures/zoo';
import { readStatement } from './index';

describe('the layout zoo', () => {
  it('has at least 45 statements, every class of failure at least twice', () => {
    expect(ZOO.length).toBeGreaterThanOrEqual(45);
    for (const kind of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
      expect(ZOO.filter((entry) => entry.classes.includes(kind)).length).toBeGreaterThanOrEqual(2);
  });

  describe.each(ZOO.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    it('reads every row exactly and calls the statement consistent', async () => {
      const { fixture, bytes, fileName, password } = await renderZooEntry(entry);
      const result = await readStatement(bytes, { fileName, password });
      expect(result.transactions.map((row) => [row.date, row.debit, row.credit, row.balance, row.narration])).toEqual(
        allRows(fixture).map((row) => [row.date, row.debit, row.credit, row.balance, row.narration]),
      );
      expect({
        verdict: result.verdict,
        checks: result.checks
          .filter((check) => check.status === 'fail' || check.status === 'warn')
          .map((check) => check.message),
      }).toEqual({ verdict: 'consistent', checks: [] });
      expect(result.account.number).toBe(fixture.accountNumber);
      expect(result.account.name).toBe(fixture.accountName);
      expect(result.confidence.reconciledShare).toBe(1);
      expect(result.confidence.unplacedLines).toEqual([]);
      if (entry.note)
        expect(result.notes.map((note) => note.message)).toEqual(
          expect.arrayContaining([expect.stringMatching(entry.note)]),
        );
      else expect(result.notes).toEqual([]);
    });
  });
});
