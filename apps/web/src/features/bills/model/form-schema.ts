import { schemaResolver, type FormErrors } from '@mantine/form';

/** A contract schema's messages by field, as the form library shows them. */
export function schemaErrors(schema: Parameters<typeof schemaResolver>[0], values: unknown): FormErrors {
  return schemaResolver(schema, { sync: true })(values);
}
