// `config` alone, not the `z` namespace: this module runs on every page of the web app, and the
// namespace would bring every schema type with it.
import { config, type core } from 'zod';

/**
 * Words for every validation problem a schema does not word itself (no zod default
 * wording such as "Too big: expected int to be <=9007199254740991" reaches a person). Schemas
 * that carry their own message (docs/product.md §5) keep it; this covers the rest, naming the field.
 */

function labelOf(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((key) => typeof key === 'string');
  if (typeof last !== 'string') return 'This value';
  const words = last.replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

function amount(value: unknown): string {
  return typeof value === 'number' || typeof value === 'bigint' ? Number(value).toLocaleString('en-US') : String(value);
}

export function describeIssue(issue: core.$ZodRawIssue): string {
  const label = labelOf(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? `${label} is required`
        : `${label} must be ${KIND[issue.expected] ?? issue.expected}`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} must be at most ${amount(issue.maximum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} can have at most ${amount(issue.maximum)} items`;
      return Number(issue.maximum) >= Number.MAX_SAFE_INTEGER
        ? `${label} is too large`
        : `${label} must be at most ${amount(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${label} is required`
          : `${label} must be at least ${amount(issue.minimum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} needs at least ${amount(issue.minimum)} items`;
      return Number(issue.minimum) <= Number.MIN_SAFE_INTEGER
        ? `${label} is too small`
        : `${label} must be at least ${amount(issue.minimum)}`;
    case 'invalid_value':
      return `${label} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${amount(issue.divisor)}`;
    case 'unrecognized_keys':
      return `${label} has fields that are not expected: ${issue.keys.join(', ')}`;
    default:
      return `${label} is not valid`;
  }
}

config({ customError: (issue) => describeIssue(issue) });
