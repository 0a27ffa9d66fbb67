import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { landingPathFor } from '../../../lib/guard';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { refreshSession } from '../../../api/session-api';
import { acceptInvitation, createOrganisation } from '../../../api/organisation-api';

/** A signed-in user without an organisation joins one they were invited to, or creates their own. */
export default function StartPage() {
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const invitations = useSessionStore((state) => state.invitations) ?? [];
  // Invitations may have arrived since sign-in.
  const session = useQuery({ queryKey: ['session'], queryFn: refreshSession });
  const [busyWith, setBusyWith] = useState<string | null>(null);

  const run = async (key: string, action: () => Promise<unknown>) => {
    setBusyWith(key);
    try {
      await action();
      void navigate(landingPathFor(await refreshSession()));
    } catch {
      // The API client has shown the error.
    } finally {
      setBusyWith(null);
    }
  };

  return (
    <Card withBorder shadow="sm" padding="xl" mt="md">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            Welcome{user ? `, ${user.first_name}` : ''}
          </Title>
          <Text c="dimmed">Join your team’s organisation, or set up a new one for your business.</Text>
        </div>

        <Stack gap="sm">
          <Text fw={700}>Pending invitations</Text>
          {session.isPending && invitations.length === 0 ? (
            <LoadingPlaceholder height={60} label="Loading invitations" />
          ) : invitations.length === 0 ? (
            <Text c="dimmed" fz="sm">
              No invitations yet. If a colleague has invited you, open the link in their email.
            </Text>
          ) : (
            invitations.map((invitation) => (
              <Card
                key={invitation.id}
                withBorder
                padding="md"
                component="section"
                aria-label={`Invitation from ${invitation.organisation.name ?? 'an organisation'}`}
              >
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={600}>{invitation.organisation.name ?? 'An organisation'}</Text>
                    <Text fz="sm" c="dimmed">
                      As {invitation.role.name}
                      {invitation.invited_at ? ` · invited ${formatDate(invitation.invited_at)}` : ''}
                    </Text>
                  </div>
                  <Button
                    loading={busyWith === invitation.id}
                    disabled={busyWith !== null}
                    onClick={() =>
                      void run(invitation.id, () => acceptInvitation(invitation.organisation.id, invitation.id))
                    }
                  >
                    Accept
                  </Button>
                </Group>
              </Card>
            ))
          )}
        </Stack>

        <Divider label="or" />

        <Card withBorder padding="lg" bg="gray.0">
          <Group justify="space-between" wrap="wrap" gap="md">
            <div>
              <Text fw={700}>Create an organisation</Text>
              <Text fz="sm" c="dimmed">
                You will be its owner and admin, and can invite your team afterwards.
              </Text>
            </div>
            <Button
              leftSection={<IconBuildingPlus size={18} />}
              loading={busyWith === 'create'}
              disabled={busyWith !== null}
              onClick={() => void run('create', createOrganisation)}
            >
              Create organisation
            </Button>
          </Group>
        </Card>
      </Stack>
    </Card>
  );
}
