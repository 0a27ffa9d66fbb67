import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { MountedModal } from '../../../components/mounted-modal';
import { useRemoveState, type CorporationState, type RemovedState } from '../../../api/corporations-api';
import { describeRemovedData, joinWords } from '../model/state-entry';

function plannedLosses(registration: CorporationState): string[] {
  const losses = [`the Tax ID ${registration.tax_payer_number} (${registration.tax_payer_name})`];
  if (registration.is_control_consent_given) losses.push('the payroll consent given to the revenue service');
  losses.push(
    registration.employee_count > 0
      ? `the payroll file and its ${registration.employee_count.toLocaleString('en-NG')} ${registration.employee_count === 1 ? 'employee' : 'employees'}`
      : 'any payroll file uploaded',
  );
  return losses;
}

/**
 * Remove {state} (docs/product.md §2, §9): warns that removing permanently deletes the state's
 * data, then says what was removed.
 */
export function RemoveStateDialog({
  corporationId,
  corporationName,
  registration,
  onClose,
}: {
  corporationId: string;
  corporationName: string;
  registration: CorporationState;
  onClose: () => void;
}) {
  const remove = useRemoveState(corporationId);
  const stateName = registration.state.name;
  const result: RemovedState | undefined = remove.data;

  return (
    <MountedModal onClose={onClose} title={`Remove ${stateName}`} centered size="md">
      {result ? (
        <Stack gap="md">
          <Alert
            color="green"
            icon={<IconCircleCheck size={18} />}
            title={`${result.state.name} was removed from ${corporationName}`}
          >
            Deleted {joinWords(describeRemovedData(result.removed))}.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This permanently deletes the state's data">
            Removing {stateName} from {corporationName} cannot be undone. It deletes:
          </Alert>
          <List size="sm" spacing={4}>
            {plannedLosses(registration).map((loss) => (
              <List.Item key={loss}>{loss.charAt(0).toUpperCase() + loss.slice(1)}</List.Item>
            ))}
          </List>
          <Text fz="sm" c="dimmed">
            To file in {stateName} again later, add the state, give consent and upload the payroll again.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Keep {stateName}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(registration.state.code)}>
              Remove {stateName}
            </Button>
          </Group>
        </Stack>
      )}
    </MountedModal>
  );
}
