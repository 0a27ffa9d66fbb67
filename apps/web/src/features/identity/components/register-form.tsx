import { registerUserBody, type Registration } from '@levy/contracts';
import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { register, useMarketingSources } from '../../../api/session-api';

export interface RegisterFormProps {
  /** Set when signing up from an invitation: the email is the invited one and needs no verification. */
  fixedEmail?: string;
  invitationToken?: string;
  onRegistered: (result: Registration) => void | Promise<void>;
  submitLabel?: string;
}

/** Sign-up fields of docs/product.md "Identity and organisation": names, email, password, phone, how you heard of Levy. */
export function RegisterForm({
  fixedEmail,
  invitationToken,
  onRegistered,
  submitLabel = 'Create account',
}: RegisterFormProps) {
  const sources = useMarketingSources();
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      email: fixedEmail ?? '',
      password: '',
      phone: '',
      marketing_source_id: '',
    },
    validate: schemaResolver(registerUserBody, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const result = await register({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        password: values.password,
        phone: values.phone.trim(),
        marketing_source_id: Number(values.marketing_source_id),
        ...(invitationToken ? { invitation_token: invitationToken } : {}),
      });
      await onRegistered(result);
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('first_name')} />
          <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          required
          readOnly={Boolean(fixedEmail)}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+234 801 234 5678"
          required
          {...form.getInputProps('phone')}
        />
        <PasswordInput
          label="Password"
          description="8 or more characters"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <Select
          label="How did you hear about us?"
          placeholder={sources.isPending ? 'Loading…' : 'Choose one'}
          data={(sources.data ?? []).map((source) => ({ value: String(source.id), label: source.name }))}
          required
          allowDeselect={false}
          {...form.getInputProps('marketing_source_id')}
        />
        <Group justify="stretch">
          <Button type="submit" loading={isSubmitting} fullWidth>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
