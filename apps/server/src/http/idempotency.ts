import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_REUSED } from '@levy/contracts';
import { AppError } from '../errors';
import type { Idempotency, RouteDefinition, UploadedFile } from './route';

export type { Idempotency } from './route';

/** Objects with their keys sorted, at every depth, so that the order fields arrived in does not count. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, canonical(object[key])]),
  );
}

/**
 * What a key stands for: the call, its parameters and form fields as validated (sorted by name), and
 * each file's field with the SHA-256 of its bytes. A file's name is not part of it: the same bytes
 * are the same request.
 */
export function requestFingerprint(
  route: Pick<RouteDefinition, 'method' | 'namespace' | 'path'>,
  params: unknown,
  body: unknown,
  files: readonly UploadedFile[],
): string {
  const fileDigests = files
    .map((file) => `${file.field}:${createHash('sha256').update(file.content).digest('hex')}`)
    .sort();
  const request = {
    call: `${route.method} ${route.namespace}/${route.path}`,
    params: canonical(params ?? {}),
    body: canonical(body ?? {}),
    files: fileDigests,
  };
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * A key comes back: replay only the request it was first used for. Another request under it is
 * UNPROCESSABLE (the IETF draft's 422), since answering with the first one's result would tell the
 * caller that what it asked for was done.
 */
export function assertSameRequest(storedFingerprint: string | null, idempotency: Idempotency): void {
  if (storedFingerprint !== idempotency.fingerprint) throw new AppError('UNPROCESSABLE', IDEMPOTENCY_KEY_REUSED);
}
