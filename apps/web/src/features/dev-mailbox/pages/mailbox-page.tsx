import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { RefreshButton } from '../../../components/refresh-button';
import { formatLagosDateTime } from '../../../lib/format';
import { useDevelopmentMailbox } from '../../../api/mailbox-api';

/**
 * Development only: the mail Levy would have sent, newest first. The server offers the call only
 * when it is not running in production; there the page says so.
 */
export default function MailboxPage() {
  const mailbox = useDevelopmentMailbox({ refetchInterval: 5000 });

  return (
    <Stack gap="lg" mt="md">
      <Group justify="space-between">
        <div>
          <Title order={1} fz="h2">
            Development mailbox
          </Title>
          <Text c="dimmed">Emails Levy sent while no mail server is configured. Links open here in this browser.</Text>
        </div>
        <RefreshButton onRefresh={() => void mailbox.refetch()} loading={mailbox.isFetching} />
      </Group>
      {mailbox.isPending ? (
        <LoadingPlaceholder />
      ) : mailbox.isError ? (
        <Alert color="gray" title="Not available">
          The development mailbox is only available when the server runs in development.
        </Alert>
      ) : mailbox.data.length === 0 ? (
        <Card withBorder>
          <EmptyState message="No data" hint="No email has been sent yet." />
        </Card>
      ) : (
        mailbox.data.map((message) => (
          <Card key={`${message.created_at}-${message.to}-${message.subject}`} withBorder padding="lg">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={700}>{message.subject}</Text>
                <Text fz="sm" c="dimmed">
                  To {message.to}
                </Text>
              </div>
              <Text fz="sm" c="dimmed">
                {formatLagosDateTime(message.created_at)}
              </Text>
            </Group>
            <Text fz="sm" mt="sm" style={{ whiteSpace: 'pre-line' }}>
              {message.text}
            </Text>
            {message.links.length > 0 && (
              <Stack gap={4} mt="sm">
                {message.links.map((link) => (
                  <Anchor key={link} href={link} fz="sm" style={{ wordBreak: 'break-all' }}>
                    {link}
                  </Anchor>
                ))}
              </Stack>
            )}
          </Card>
        ))
      )}
    </Stack>
  );
}
