import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconHandClick } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../lib/api-client';

/**
 * A filing Levy cannot make itself (docs/decisions/0045): the manual steps said as such, the
 * schedule to upload on the collector's portal, and the field for the acknowledgement the portal
 * gives. Once recorded, the acknowledgement is shown instead.
 */
export function ManualFiling({
  what,
  revenueService,
  reference,
  canRecord,
  onDownload,
  onRecord,
}: {
  /** 'payroll' or 'annual return': what was filed. */
  what: string;
  revenueService: string;
  /** The acknowledgement recorded, or null while it is awaited. */
  reference: string | null;
  canRecord: boolean;
  onDownload: () => Promise<unknown>;
  onRecord: (reference: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  if (reference)
    return (
      <Alert color="green" icon={<IconCircleCheck size={18} />} title={`Acknowledgement recorded: ${reference}`}>
        The {what} was filed by hand on the {revenueService} portal; this is the acknowledgement the portal gave.
      </Alert>
    );

  const record = async () => {
    if (!value.trim()) return setError('Enter the acknowledgement the portal gave');
    setError(null);
    setIsSaving(true);
    try {
      await onRecord(value.trim());
      setValue('');
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.fieldErrors.reference ?? failure.message);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Alert
      color="yellow"
      icon={<IconHandClick size={18} />}
      title={`Manual step: file the ${what} on the ${revenueService} portal`}
    >
      <Stack gap="sm">
        <Text fz="sm">
          Levy has no online connection to {revenueService}, so it has not sent this {what}. Finish it yourself:
        </Text>
        <List type="ordered" fz="sm" spacing={4}>
          <List.Item>Download the schedule (CSV) below.</List.Item>
          <List.Item>Sign in to the {revenueService} portal and upload it there.</List.Item>
          <List.Item>Copy the acknowledgement or reference the portal gives and record it here.</List.Item>
        </List>
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={isDownloading}
            onClick={() => {
              setIsDownloading(true);
              void onDownload().finally(() => setIsDownloading(false));
            }}
          >
            Download schedule (CSV)
          </Button>
        </Group>
        {canRecord ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void record();
            }}
            noValidate
          >
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Acknowledgement from the portal"
                placeholder="As the portal shows it"
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
                error={error}
                maxLength={100}
                style={{ flex: '1 1 220px' }}
              />
              <Button type="submit" loading={isSaving} mt={{ base: 0, xs: 25 }}>
                Record acknowledgement
              </Button>
            </Group>
          </form>
        ) : (
          <Text fz="sm" c="dimmed">
            An administrator records the acknowledgement once the {what} is filed on the portal.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
