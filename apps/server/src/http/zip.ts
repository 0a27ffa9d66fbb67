import { zipSync } from 'fflate';
import { FileReply } from './route';

/**
 * Several files as one ZIP download. PDFs are stored, not deflated: they are compressed already,
 * and storing keeps a large archive cheap to build. Names are made unique (`note (2).pdf`) so no
 * file hides another.
 */
export function zipReply(filename: string, files: FileReply[]): FileReply {
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const file of files) {
    let name = file.filename;
    for (let copy = 2; name in entries; copy += 1)
      name = file.filename.replace(/(\.[^.]+)?$/, (extension) => ` (${copy})${extension}`);
    entries[name] = [file.content, { level: 0 }];
  }
  return new FileReply(filename, 'application/zip', Buffer.from(zipSync(entries)));
}
