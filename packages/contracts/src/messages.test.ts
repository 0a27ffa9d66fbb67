/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, listParams } from './index';

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return fieldErrors(result.error);
}

describe('validation messages', () => {
  it('words list params in sentences, never in zod defaults', () => {
    expect(errorsOf(listParams, { page: '99999999999999999999' })).toEqual({ page: 'Page is too large' });
    expect(errorsOf(listParams, { page: '0' })).toEqual({ page: 'Page must be at least 1' });
    expect(errorsOf(listParams, { page: 'two' })).toEqual({ page: 'Page must be a number' });
    expect(errorsOf(listParams, { count: 500 })).toEqual({ count: 'Count must be at most 100' });
    expect(errorsOf(listParams, { filters: '[{"field":3,"value":"x"}]' })).toEqual({
      'filters.0.field': 'Field must be text',
    });
  });

  it('names the field for missing values, enums and text lengths', () => {
    const schema = z.object({ wht_type: z.string(), kind: z.enum(['auto', 'manual']), note: z.string().max(5) });
    expect(errorsOf(schema, { kind: 'x', note: 'too long' })).toEqual({
      wht_type: 'Wht type is required',
      kind: 'Kind must be one of: auto, manual',
      note: 'Note must be at most 5 characters',
    });
  });

  it('keeps the messages a schema words itself (docs/product.md §5)', () => {
    expect(errorsOf(z.object({ email: z.string({ error: 'Email is required' }) }), {})).toEqual({
      email: 'Email is required',
    });
  });
});

describe('where the wording applies', () => {
  it('every contract module builds its schemas with ./zod, which sets the wording even where a bundle drops the index', () => {
    const folder = path.dirname(fileURLToPath(import.meta.url));
    const direct = fs
      .readdirSync(folder)
      .filter(
        (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'zod.ts' && name !== 'messages.ts',
      )
      .filter((name) => /^import \{[^}]*\} from 'zod';/m.test(fs.readFileSync(path.join(folder, name), 'utf8')));
    expect(direct).toEqual([]);
  });
});
