import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHandClick } from '@tabler/icons-react';
import type { CorporationState, VerifiedTaxpayer } from '../../../api/corporations-api';
import { joinWords } from '../model/state-entry';

/** The user confirms the name: the agency holds another, or no agency checked it (manual mode). */
export const needsConfirmation = (verified: VerifiedTaxpayer) =>
  verified.name_matches === false || verified.name_to_confirm;

/** What an Update {state} Id will delete with the old registration, said before Save. */
function replacementWarning(registration: CorporationState, newTaxId: string): string {
  const losses: string[] = [];
  if (registration.is_control_consent_given) losses.push('its payroll consent');
  if (registration.employee_count > 0)
    losses.push(
      `its ${registration.employee_count.toLocaleString('en-NG')} ${registration.employee_count === 1 ? 'employee' : 'employees'}`,
    );
  const replaced = `Saving replaces ${registration.tax_payer_number} with ${newTaxId} in ${registration.state.name}.`;
  if (losses.length === 0) return replaced;
  return (
    `${replaced} ${joinWords(losses).replace(/^./, (letter) => letter.toUpperCase())} will be deleted; give consent and upload the payroll again ` +
    `afterwards.`
  );
}

/**
 * Step 2 of Add New State / Update {state} Id: the taxpayer the revenue service holds the Tax ID
 * for, the name to confirm when it differs or nobody looked it up, and what an update replaces.
 */
export function VerifiedTaxpayerStep({
  verified,
  revenueService,
  corporationName,
  replacing,
  isNameConfirmed,
  onConfirmName,
  saving,
  onBack,
  onSave,
}: {
  verified: VerifiedTaxpayer;
  revenueService: string;
  corporationName: string;
  /** The registration an update replaces; null when adding. */
  replacing: CorporationState | null;
  isNameConfirmed: boolean;
  onConfirmName: (confirmed: boolean) => void;
  saving: boolean;
  onBack: () => void;
  onSave: () => void;
}) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <Group gap="xs" mb="sm">
          {verified.name_to_confirm ? (
            <>
              <IconHandClick size={18} color="var(--mantine-color-yellow-9)" aria-hidden="true" />
              <Text fz="sm" c="dimmed">
                Not looked up: Levy checked only that the Tax ID is well formed
              </Text>
            </>
          ) : (
            <>
              <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden="true" />
              <Text fz="sm" c="dimmed">
                Found by {revenueService}
              </Text>
            </>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <div>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {verified.name_to_confirm ? 'Taxpayer name (to confirm)' : 'Taxpayer name'}
            </Text>
            <Text fw={700} data-testid="verified-taxpayer-name">
              {verified.name}
            </Text>
          </div>
          <div>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              Tax ID
            </Text>
            <Text fw={700} data-testid="verified-tax-id">
              {verified.tax_payer_number}
            </Text>
          </div>
        </SimpleGrid>
      </Paper>
      {verified.name_to_confirm ? (
        <Alert
          color="yellow"
          icon={<IconHandClick size={18} />}
          title="Manual step: confirm the taxpayer's name"
          data-testid="taxpayer-name-to-confirm"
        >
          <Text fz="sm">
            Levy has no online connection to {revenueService}, so it cannot look this Tax ID up. Sign in to the{' '}
            {revenueService} portal and check that {verified.tax_payer_number} is registered to {corporationName}. A
            wrong Tax ID puts this corporation&apos;s payments on another taxpayer&apos;s account.
          </Text>
          <Checkbox
            mt="sm"
            label={`On the ${revenueService} portal, ${verified.tax_payer_number} is registered to ${corporationName}`}
            checked={isNameConfirmed}
            onChange={(event) => onConfirmName(event.currentTarget.checked)}
          />
        </Alert>
      ) : verified.name_matches === false ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title="This name is not the corporation's"
          data-testid="taxpayer-name-differs"
        >
          <Text fz="sm">
            {revenueService} holds {verified.tax_payer_number} for {verified.name}, not {corporationName}. A wrong Tax
            ID puts this corporation&apos;s payments on another taxpayer&apos;s account: go back and correct it, or
            confirm it if the corporation is registered under that name.
          </Text>
          <Checkbox
            mt="sm"
            label="This Tax ID belongs to this corporation"
            checked={isNameConfirmed}
            onChange={(event) => onConfirmName(event.currentTarget.checked)}
          />
        </Alert>
      ) : (
        <Text fz="sm">
          Check that this is the corporation before you save. If it is not, go back and correct the Tax ID.
        </Text>
      )}
      {replacing && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {replacementWarning(replacing, verified.tax_payer_number)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={saving}>
          Back
        </Button>
        <Button onClick={onSave} loading={saving} disabled={needsConfirmation(verified) && !isNameConfirmed}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
