import { Anchor, Group, Modal, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSessionStore } from '../../../lib/session-store';
import { useChecklist } from '../../../api/alerts-api';

/** docs/product.md §9: the checklist opens a second after the page when something is incomplete. */
export const CHECKLIST_OPEN_DELAY_MS = 1000;

const completedKey = (organisationId: string) => `levy.checklist.completed.${organisationId}`;

/** The onboarding checklist (docs/product.md §4; owner only): opens after 1 s when a step is incomplete, otherwise it is marked completed in the session. */
export function ChecklistDialog() {
  const organisation = useSessionStore((state) => state.organisation);
  const isOwner = organisation?.is_owner === true;
  const alreadyCompleted = organisation ? sessionStorage.getItem(completedKey(organisation.id)) === 'true' : false;
  const checklist = useChecklist(isOwner && !alreadyCompleted ? organisation?.id : undefined);
  const [opened, setOpened] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  const completed = checklist.data?.completed;
  useEffect(() => {
    if (!organisation || completed === undefined) return;
    if (completed) {
      sessionStorage.setItem(completedKey(organisation.id), 'true');
      return;
    }
    if (dismissed) return;
    // Never over another dialog: someone paying a bill or adding a state is not interrupted.
    const timer = setTimeout(() => {
      if (!document.querySelector('[role="dialog"][aria-modal="true"]')) setOpened(true);
    }, CHECKLIST_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [organisation, completed, dismissed]);

  if (!isOwner || !checklist.data) return null;
  const steps = checklist.data.steps;
  const done = steps.filter((step) => step.done).length;
  const close = () => {
    setOpened(false);
    setDismissed(true);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Get started with Levy"
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close checklist' }}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {done} of {steps.length} steps done
        </Text>
        <Progress value={(done / steps.length) * 100} aria-label="Checklist progress" />
        {steps.map((step) => (
          <Group
            key={step.code}
            wrap="nowrap"
            align="flex-start"
            data-testid={`checklist-step-${step.code}`}
            data-done={step.done}
          >
            <ThemeIcon
              variant="light"
              radius="xl"
              color={step.done ? 'green' : 'gray'}
              role="img"
              aria-label={step.done ? 'Done' : 'To do'}
            >
              {step.done ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
            </ThemeIcon>
            <Stack gap={0}>
              {step.done ? (
                <Text fw={600} td="line-through" c="dimmed">
                  {step.title}
                </Text>
              ) : (
                <Anchor component={Link} to={step.route} onClick={close} fw={600}>
                  {step.title}
                </Anchor>
              )}
              <Text fz="sm" c="dimmed">
                {step.description}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
