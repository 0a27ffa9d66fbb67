import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX, truncateFileName } from './file-name';

describe('truncateFileName (40 characters, docs/product.md §9)', () => {
  it('keeps short names', () => {
    expect(truncateFileName('payroll-october.csv')).toBe('payroll-october.csv');
    expect(truncateFileName('x'.repeat(36) + '.csv')).toHaveLength(40);
  });

  it('shortens long names to 40 characters and keeps the extension', () => {
    const name = 'certificate-of-incorporation-acme-industries-limited-2019.pdf';
    const shown = truncateFileName(name);
    expect(shown).toHaveLength(FILE_NAME_MAX);
    expect(shown.endsWith('….pdf')).toBe(true);
    expect(shown.startsWith('certificate-of-incorporation')).toBe(true);
  });

  it('cuts names without an extension too', () => {
    expect(truncateFileName('a'.repeat(60))).toBe(`${'a'.repeat(39)}…`);
  });
});
