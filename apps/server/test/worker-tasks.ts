// Tasks for the worker pool's own tests: results shaped like a parsed file's, without a file.

/** The numbers 0 to count - 1: a result long enough to come back in parts. */
export function numbers(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}
