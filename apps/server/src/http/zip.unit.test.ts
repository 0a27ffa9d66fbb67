import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FileReply } from './route';
import { zipReply } from './zip';

describe('zipReply', () => {
  it('puts every file in one archive, renaming a repeated name instead of overwriting it', () => {
    const reply = zipReply('notes.zip', [
      new FileReply('a.pdf', 'application/pdf', Buffer.from('first')),
      new FileReply('a.pdf', 'application/pdf', Buffer.from('second')),
      new FileReply('b.csv', 'text/csv', Buffer.from('x,y')),
    ]);
    expect(reply.contentType).toBe('application/zip');
    expect(reply.filename).toBe('notes.zip');
    const files = unzipSync(new Uint8Array(reply.content));
    expect(Object.keys(files).sort()).toEqual(['a (2).pdf', 'a.pdf', 'b.csv']);
    expect(strFromU8(files['a.pdf'])).toBe('first');
    expect(strFromU8(files['a (2).pdf'])).toBe('second');
  });
});
