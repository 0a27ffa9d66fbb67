import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMoveResidents } from '../../api/corporations-api';
import { ApiError } from '../../lib/api-client';

/**
 * "Move to Ogun payroll": the employees of this state's payroll on file who live in Ogun go to the
 * corporation's Ogun payroll, where their PAYE is owed (docs/tax-rules.md §8). A state not registered,
 * or without consent, is said with the way to it, and nothing moves.
 */
export function MoveResidents({
  corporationId,
  fromStateCode,
  toState,
  registered,
  onMoved,
}: {
  corporationId: string;
  fromStateCode: string;
  toState: { code: string; name: string };
  /** Whether the corporation is registered in that state (as far as the page knows). */
  registered: boolean;
  onMoved?: () => void;
}) {
  const move = useMoveResidents(corporationId, fromStateCode);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The states tab opens Add New State with this state chosen (or its payroll consent, once registered).
  const statesPage = `/corporations/${corporationId}/states?register=${toState.code}`;
  if (!registered)
    return (
      <Text fz="sm" mt="xs" data-testid={`move-${toState.code}-unregistered`}>
        {toState.name} is not registered for this corporation yet.{' '}
        <Anchor component={Link} to={statesPage} c="inherit" fw={600} underline="always">
          Register {toState.name} and give consent
        </Anchor>
        , then move them to the {toState.name} payroll.
      </Text>
    );
  return (
    <Stack gap={4} mt="xs">
      <div>
        <Button
          size="xs"
          variant="light"
          rightSection={<IconArrowRight size={14} />}
          loading={move.isPending}
          onClick={() => {
            setRefusal(null);
            move.mutate(toState.code, {
              onSuccess: () => onMoved?.(),
              onError: (error) => setRefusal(error instanceof ApiError ? error.message : String(error)),
            });
          }}
        >
          Move to {toState.name} payroll
        </Button>
      </div>
      {refusal && (
        <Text fz="sm" c="red.8" role="alert">
          {refusal}{' '}
          <Anchor component={Link} to={statesPage} c="inherit" fw={600} underline="always">
            Open {toState.name} on the corporation&apos;s states
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
