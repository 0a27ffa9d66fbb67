import { changePassword, password as passwordRule, updateProfile } from '@levy/contracts';
import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { ContentCard } from '../../../components/content-card';
import { ApiError, callApi, showSuccessToast } from '../../../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { useSessionStore } from '../../../lib/session-store';

const passwordForm = changePassword.body
  .extend({ password: passwordRule, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { error: 'The passwords do not match', path: ['confirm'] });

function useSubmitting() {
  const [isSubmitting, setSubmitting] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setSubmitting(true);
    try {
      await action();
    } finally {
      setSubmitting(false);
    }
  };
  return [isSubmitting, run] as const;
}

function ProfileDetails() {
  const user = useSessionStore((state) => state.user);
  const setSession = useSessionStore((state) => state.setSession);
  const [isSubmitting, run] = useSubmitting();
  const form = useForm({
    initialValues: { first_name: user?.first_name ?? '', last_name: user?.last_name ?? '', phone: user?.phone ?? '' },
    validate: schemaResolver(updateProfile.body, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    run(async () => {
      try {
        setSession(await callApi(calls.updateProfile, { body: values }));
        showSuccessToast('Profile updated successfully');
      } catch (error) {
        if (error instanceof ApiError) form.setErrors(error.fieldErrors);
      }
    }),
  );

  return (
    <ContentCard title="Your details">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First name" required {...form.getInputProps('first_name')} />
            <TextInput label="Last name" required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Email address"
              value={user?.email ?? ''}
              readOnly
              description="Contact support to change your email address"
            />
            <TextInput label="Phone number" type="tel" required {...form.getInputProps('phone')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </ContentCard>
  );
}

function PasswordChange() {
  const [isSubmitting, run] = useSubmitting();
  const form = useForm({
    initialValues: { current_password: '', password: '', confirm: '' },
    validate: schemaResolver(passwordForm, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    run(async () => {
      try {
        await callApi(calls.changePassword, {
          body: { current_password: values.current_password, password: values.password },
        });
        showSuccessToast('Password changed successfully');
        form.reset();
      } catch (error) {
        if (error instanceof ApiError) form.setErrors(error.fieldErrors);
      }
    }),
  );

  return (
    <ContentCard title="Password">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <PasswordInput
              label="New password"
              description="8 or more characters"
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm new password"
              description="Type the new password again"
              autoComplete="new-password"
              required
              {...form.getInputProps('confirm')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </ContentCard>
  );
}

/** Settings › Profile: name and phone, and the password (other sessions sign out on change). */
export function ProfileSettings() {
  return (
    <Stack gap="lg">
      <ProfileDetails />
      <PasswordChange />
    </Stack>
  );
}
