import { Alert, Anchor, Button, Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { landingPathFor } from '../../../lib/guard';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { callApi, showSuccessToast } from '../../../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { useSessionStore } from '../../../lib/session-store';
import { refreshSession } from '../../../api/session-api';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { acceptInvitation } from '../../../api/organisation-api';

/** An invitation link: see who invited you, sign in or sign up, then accept (docs/product.md "Identity and organisation"). */
export default function InvitePage() {
  const { ott = '' } = useParams();
  const navigate = useNavigate();
  const token = useSessionStore((state) => state.token);
  const setSession = useSessionStore((state) => state.setSession);
  const invitation = useQuery({
    queryKey: ['invitation', ott],
    queryFn: () => callApi(calls.verifyInvitation, { body: { ott } }),
  });
  const [chosenMode, setMode] = useState<'sign-in' | 'sign-up' | null>(null);
  const [isAccepting, setAccepting] = useState(false);

  if (invitation.isPending) return <LoadingPlaceholder label="Checking your invitation" />;
  if (invitation.isError) {
    return (
      <Card withBorder shadow="sm" padding="xl" maw={520} mx="auto" mt="xl">
        <Stack gap="md">
          <Title order={1} fz="h2">
            Invitation unavailable
          </Title>
          <Alert color="red">{invitation.error.message}</Alert>
          <Text>
            Ask the person who invited you to send a new invitation, or{' '}
            <Anchor component={Link} to="/login">
              log in
            </Anchor>
            .
          </Text>
        </Stack>
      </Card>
    );
  }

  const details = invitation.data;
  const organisationName = details.organisation.name ?? 'an organisation';
  const mode = chosenMode ?? (details.has_account ? 'sign-in' : 'sign-up');

  const accept = async () => {
    setAccepting(true);
    try {
      await acceptInvitation(details.organisation.id, details.id, token);
      const session = await refreshSession();
      showSuccessToast(`You have joined ${organisationName}`);
      void navigate(landingPathFor(session), { replace: true });
    } catch {
      // The API client has shown the error.
    } finally {
      setAccepting(false);
    }
  };

  return (
    <Card withBorder shadow="sm" padding="xl" maw={560} mx="auto" mt="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            Join {organisationName} on Levy
          </Title>
          <Text c="dimmed">
            You have been invited as <strong>{details.role.name}</strong> with <strong>{details.email}</strong>.
          </Text>
        </div>
        {token ? (
          <Stack gap="sm">
            <Text>You are signed in. Accept the invitation to start working with your team.</Text>
            <Button onClick={() => void accept()} loading={isAccepting}>
              Accept invitation
            </Button>
          </Stack>
        ) : (
          <>
            <SegmentedControl
              fullWidth
              value={mode}
              onChange={(value) => setMode(value === 'sign-in' ? 'sign-in' : 'sign-up')}
              data={[
                { value: 'sign-in', label: 'I have an account' },
                { value: 'sign-up', label: 'I am new to Levy' },
              ]}
            />
            {mode === 'sign-in' ? (
              <LoginForm
                fixedEmail={details.email}
                submitLabel="Log in to accept"
                onSignedIn={(session) => setSession(session)}
              />
            ) : (
              <RegisterForm
                fixedEmail={details.email}
                invitationToken={ott}
                submitLabel="Create account"
                onRegistered={(result) => {
                  if (result.session) setSession(result.session);
                }}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
