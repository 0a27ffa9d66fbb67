import { Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { landingPathFor } from '../../../lib/guard';
import { NEXT_PARAM, returnPathOf } from '../../../lib/routes';
import { deferredSchema, useDeferredSchema } from '../../../lib/deferred-schema';
import { useSessionStore } from '../../../lib/session-store';
import { requestPasswordReset } from '../../../api/session-api';
import { LoginForm } from '../components/login-form';

const forgotPasswordSchema = deferredSchema(async () => (await import('@levy/contracts/identity')).forgotPassword);

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const schema = useDeferredSchema(forgotPasswordSchema);
  const form = useForm({ initialValues: { email: '' }, validate: schema.validate });

  if (sentTo) {
    return (
      <Stack gap="md">
        <Text>
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to reset the password. The link
          works once and expires in an hour.
        </Text>
        <Button variant="default" onClick={onBack}>
          Back to log in
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit(async ({ email }) => {
    setSubmitting(true);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch {
      // The API client has shown the error.
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} onFocus={schema.onFocus} noValidate>
      <Stack gap="md">
        <Text c="dimmed">
          Enter the email address you signed up with and we will send you a link to choose a new password.
        </Text>
        <TextInput label="Email address" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Send reset link
        </Button>
        <Anchor component="button" type="button" onClick={onBack} ta="center">
          Back to log in
        </Anchor>
      </Stack>
    </form>
  );
}

export default function LoginPage() {
  const navigate = useNavigate();
  // A page opened signed out (a link in a mail) opens after sign-in; the guard still decides.
  const [searchParams] = useSearchParams();
  const returnPath = returnPathOf(searchParams.get(NEXT_PARAM));
  const setSession = useSessionStore((state) => state.setSession);
  const [isForgotPassword, setForgotPassword] = useState(false);

  return (
    <Card withBorder shadow="sm" padding="xl" maw={460} mx="auto" mt="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            {isForgotPassword ? 'Reset your password' : 'Log in to Levy'}
          </Title>
          {!isForgotPassword && (
            <Text c="dimmed">
              {returnPath ? 'Log in to open the page you followed.' : 'Welcome back. Your taxes are waiting.'}
            </Text>
          )}
        </div>
        {isForgotPassword ? (
          <ForgotPasswordForm onBack={() => setForgotPassword(false)} />
        ) : (
          <>
            <LoginForm
              onSignedIn={(session) => {
                setSession(session);
                void navigate(returnPath ?? landingPathFor(session));
              }}
            />
            <Stack gap={6} align="center">
              <Anchor component="button" type="button" onClick={() => setForgotPassword(true)}>
                Forgot password?
              </Anchor>
              <Text fz="sm">
                New to Levy?{' '}
                <Anchor component={Link} to="/register" inherit>
                  Create an account
                </Anchor>
              </Text>
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}
