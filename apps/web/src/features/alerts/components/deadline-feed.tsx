import { hasPermission } from '@levy/contracts';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { useDeadlineFeed, useResetDeadlineFeed } from '../../../api/alerts-api';
import * as calls from '@levy/contracts/calls';

/** Admins may give out a new address (the reset call's permission). */
export const RESET_FEED_PERMISSION = calls.updateOrganisationSetting.permission;

function ResetFeedDialog({ organisationId, onClose }: { organisationId: string; onClose: () => void }) {
  const reset = useResetDeadlineFeed(organisationId);
  return (
    <Modal opened onClose={onClose} title="Reset the calendar link?" centered size="md">
      <Stack gap="md">
        <Text fz="sm">
          Calendar apps subscribed with the current link stop receiving your deadlines. Share the new link with everyone
          who should keep them.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => {
                  showSuccessToast('Calendar link reset successfully');
                  onClose();
                },
              })
            }
          >
            Reset link
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The deadline calendar as a feed: the address a finance officer pastes into Google Calendar,
 * Outlook or Apple Calendar ("subscribe from URL"); the app reads it again by itself, so paid
 * months and new deadlines follow. The address is the credential, so admins can replace it.
 */
export function DeadlineFeed({ organisationId }: { organisationId: string }) {
  const feed = useDeadlineFeed(organisationId);
  const canReset = useSessionStore((state) => hasPermission(state.permissions, RESET_FEED_PERMISSION));
  const [isResetOpen, setResetOpen] = useState(false);
  const url = feed.data?.url ?? '';
  return (
    <Stack gap={6} data-testid="deadline-feed">
      {/* On a narrow screen the buttons go under the link, which keeps the width to be read. */}
      <Group gap="xs" align="flex-end">
        <TextInput
          label="Subscribe in your calendar app"
          description="Paste this link where your calendar app adds a calendar from a URL. Anyone with the link can see these deadlines."
          value={feed.isPending ? 'Loading the link…' : url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: '1 1 16rem' }}
          size="xs"
        />
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'light' : 'default'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              disabled={!url}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
        {canReset && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => setResetOpen(true)}
            disabled={!url}
          >
            Reset link
          </Button>
        )}
      </Group>
      {isResetOpen && <ResetFeedDialog organisationId={organisationId} onClose={() => setResetOpen(false)} />}
    </Stack>
  );
}
