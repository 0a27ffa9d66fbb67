import { password as passwordRule } from '@levy/contracts';
import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { landingPathFor } from '../../../lib/guard';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { showSuccessToast } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { resetPassword, verifyEmail } from '../../../api/session-api';

const newPasswordForm = z
  .object({ password: passwordRule, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { error: 'The passwords do not match', path: ['confirm'] });

function VerifyEmail({ token }: { token: string }) {
  const navigate = useNavigate();
  const setSession = useSessionStore((state) => state.setSession);
  // A query, not an effect: the link works once, and a query runs once however often React mounts.
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    if (!verification.data) return;
    setSession(verification.data);
    showSuccessToast('Your email address is verified.');
    void navigate(landingPathFor(verification.data), { replace: true });
  }, [verification.data, setSession, navigate]);

  if (verification.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" title="We could not verify your email">
          {verification.error.message}
        </Alert>
        <Text>
          If you have already verified it,{' '}
          <Anchor component={Link} to="/login">
            log in
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }
  return <LoadingPlaceholder label="Verifying your email address" />;
}

function ResetPassword({ token }: { token: string }) {
  const [isDone, setDone] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(newPasswordForm, { sync: true }),
  });

  if (isDone) {
    return (
      <Stack gap="md">
        <Text>Your password has been changed. Log in with the new password.</Text>
        <Button component={Link} to="/login">
          Log in
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await resetPassword(token, values.password);
      setDone(true);
    } catch {
      // The API client has shown why.
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="New password"
          description="8 or more characters"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Change password
        </Button>
      </Stack>
    </form>
  );
}

/** Opens the links Levy emails: verify an email address, or reset a password. */
export default function AuthenticatePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const isReset = searchParams.get('purpose') === 'reset_password';

  return (
    <Card withBorder shadow="sm" padding="xl" maw={460} mx="auto" mt="xl">
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {isReset ? 'Choose a new password' : 'Verify your email'}
        </Title>
        {!token ? (
          <Alert color="red" title="This link is incomplete">
            Open the link from your email again, or copy the whole address into the browser.
          </Alert>
        ) : isReset ? (
          <ResetPassword token={token} />
        ) : (
          <VerifyEmail token={token} />
        )}
      </Stack>
    </Card>
  );
}
