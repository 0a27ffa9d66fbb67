/**
 * What an uploaded document is, by its first bytes. A file's name and the type the browser sends
 * are whatever the sender chose (a Windows program renamed `.pdf` claims to be a PDF); the
 * signature at the start of the content is what a reader will actually open.
 */

interface DocumentSignature {
  type: string;
  /** How the file is named to people, e.g. "a PDF". */
  noun: string;
  magic: readonly number[];
  extensions: readonly string[];
}

const SIGNATURES: readonly DocumentSignature[] = [
  { type: 'application/pdf', noun: 'a PDF', magic: [0x25, 0x50, 0x44, 0x46, 0x2d], extensions: ['pdf'] }, // "%PDF-"
  { type: 'image/jpeg', noun: 'a JPG image', magic: [0xff, 0xd8, 0xff], extensions: ['jpg', 'jpeg'] },
  {
    type: 'image/png',
    noun: 'a PNG image',
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    extensions: ['png'],
  },
];

function signatureOf(content: Buffer): DocumentSignature | null {
  return (
    SIGNATURES.find(
      (signature) =>
        content.length >= signature.magic.length && signature.magic.every((byte, index) => content[index] === byte),
    ) ?? null
  );
}

export type DocumentCheck =
  | { ok: true; contentType: string }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'misnamed'; message: string };

/**
 * The content type of a document among `allowed`, read from its content. A name with an extension
 * must name that same type (`scan.pdf` holding a PNG, or `cac.exe`, is refused), so a file is never
 * stored under a name that lies; a name without one takes the content's type.
 */
export function checkDocument(file: { filename: string; content: Buffer }, allowed: readonly string[]): DocumentCheck {
  const signature = signatureOf(file.content);
  if (!signature || !allowed.includes(signature.type)) return { ok: false, reason: 'unknown' };
  const extension = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase();
  if (extension === undefined) return { ok: true, contentType: signature.type };
  const named = SIGNATURES.find((candidate) => candidate.extensions.includes(extension));
  if (!named) return { ok: false, reason: 'unknown' };
  if (named !== signature) {
    return {
      ok: false,
      reason: 'misnamed',
      message: `${file.filename} is named as ${named.noun} but its content is ${signature.noun}: rename it or upload ${named.noun}`,
    };
  }
  return { ok: true, contentType: signature.type };
}
