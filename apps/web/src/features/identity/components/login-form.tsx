import type { SessionPayload } from '@levy/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { deferredSchema, useDeferredSchema } from '../../../lib/deferred-schema';
import { login } from '../../../api/session-api';

// The log-in page's first load carries no zod: the schema loads when the form is first used.
const loginSchema = deferredSchema(async () => (await import('@levy/contracts/identity')).loginBody);

/** Email and password; signs in and hands the session over. The email can be fixed (invitations). */
export function LoginForm({
  fixedEmail,
  onSignedIn,
  submitLabel = 'Log in',
}: {
  fixedEmail?: string;
  onSignedIn: (session: SessionPayload) => void | Promise<void>;
  submitLabel?: string;
}) {
  const [isSubmitting, setSubmitting] = useState(false);
  const schema = useDeferredSchema(loginSchema);
  const form = useForm({
    initialValues: { email: fixedEmail ?? '', password: '' },
    validate: schema.validate,
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await onSignedIn(await login({ email: values.email.trim(), password: values.password }));
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} onFocus={schema.onFocus} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          required
          readOnly={Boolean(fixedEmail)}
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
