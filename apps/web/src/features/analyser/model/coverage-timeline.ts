import { daysBetween } from './period';

export interface Span {
  from: string;
  to: string;
}

export interface PlacedSpan<T> {
  item: T;
  /** Percent of the whole period from its first day to where this span starts. */
  left: number;
  width: number;
}

/**
 * Places spans of days on one line running from the earliest start to the latest end, as
 * percentages of that period (whole days, both ends counted), so statements, gaps and overlaps
 * line up under each other.
 */
export function placeSpans<T>(
  items: readonly T[],
  spanOf: (item: T) => Span | null,
  bounds: Span,
): Array<PlacedSpan<T>> {
  const total = daysBetween(bounds.from, bounds.to);
  const placed: Array<PlacedSpan<T>> = [];
  for (const item of items) {
    const span = spanOf(item);
    if (!span) continue;
    const left = ((daysBetween(bounds.from, span.from) - 1) / total) * 100;
    const width = (daysBetween(span.from, span.to) / total) * 100;
    placed.push({ item, left, width });
  }
  return placed;
}

/** The period every span falls in; null when none has dates. */
export function boundsOf(spans: ReadonlyArray<Span | null>): Span | null {
  const known = spans.filter((span): span is Span => span !== null);
  if (known.length === 0) return null;
  return {
    from: known.map((span) => span.from).sort()[0],
    to: known
      .map((span) => span.to)
      .sort()
      .at(-1)!,
  };
}
