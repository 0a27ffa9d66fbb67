import { schemaResolver, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import { loadChunk } from './lazy-page';

type Schema = Parameters<typeof schemaResolver>[0];
type Resolver = (values: Record<string, unknown>) => FormErrors;

export interface DeferredSchema {
  /** Starts loading the schema; a form calls it when first focused, so its submit rarely waits. */
  prefetch(): void;
  /** The schema's errors for `values`: at once when loaded, otherwise once it has loaded. */
  validate(values: Record<string, unknown>): FormErrors | Promise<FormErrors>;
}

/**
 * A form's contract schema, loaded when the form is first used rather than with its page: a page
 * whose only schemas are its forms' (log in) keeps zod, 26 KB gzipped, off its first load.
 * Declared once per form, at module level; `load` imports the contract module that holds it.
 */
export function deferredSchema(load: () => Promise<Schema>): DeferredSchema {
  let resolver: Resolver | null = null;
  let loading: Promise<Resolver> | null = null;
  const resolve = () =>
    (loading ??= loadChunk(load).then(
      (schema) => (resolver = schemaResolver(schema, { sync: true })),
      (error: unknown) => {
        loading = null; // the next focus or submit tries again
        throw error;
      },
    ));
  return {
    prefetch: () => void resolve().catch(() => undefined),
    validate: (values) => resolver?.(values) ?? resolve().then((loaded) => loaded(values)),
  };
}

/**
 * useForm's `validate` and the form's `onFocus` for a deferred schema. Mantine's form swallows a
 * failed validation; a schema that cannot load is thrown while rendering instead, so the page's
 * error boundary shows it, as it shows a page whose code cannot load.
 */
export function useDeferredSchema(schema: DeferredSchema) {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  return {
    onFocus: schema.prefetch,
    validate: (values: Record<string, unknown>) => {
      const errors = schema.validate(values);
      if (!(errors instanceof Promise)) return errors;
      return errors.catch((error: unknown) => {
        setFailure({ error });
        throw error;
      });
    },
  };
}
