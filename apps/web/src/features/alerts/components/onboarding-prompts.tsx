import { Affix, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  completePrompt,
  nextPrompt,
  PROMPT_SHIFT_MS,
  PROMPTS_DONE_AT,
  readPromptState,
  writePromptState,
  type PromptCode,
  type PromptCounts,
} from '../model/onboarding-prompts';

const PROMPTS: Record<PromptCode, { title: string; text: string; link?: { to: string; label: string } }> = {
  'organisation-wallet': {
    title: 'Fund your wallet',
    text: "Tax bills are paid from your organisation's wallet. Transfer money to the account number on the wallet card to fund it.",
  },
  corporations: {
    title: 'Add your corporations',
    text: 'Add each company you remit taxes for. Its states, payroll and bills live under it.',
    link: { to: '/corporations', label: 'Go to Corporations' },
  },
  'corporation-wallet': {
    title: "Fund a corporation's wallet",
    text: 'Each corporation pays its bills from its own wallet. Transfer money to the account number on its wallet card.',
    link: { to: '/corporations', label: 'Go to Corporations' },
  },
  states: {
    title: 'Register a state',
    text: "Register each state whose revenue service collects a corporation's taxes, with its Tax ID, on the corporation's page.",
    link: { to: '/corporations', label: 'Go to Corporations' },
  },
  bills: {
    title: 'Pay your first tax bill',
    text: 'Use Pay Taxes at the top to generate a PAYE or Withholding Tax bill and pay it from your wallet.',
    link: { to: '/bills', label: 'Go to Bills' },
  },
};

const MODAL_SELECTOR = '[role="dialog"][aria-modal="true"]';

/** Whether a modal dialog (Pay Taxes, the checklist …) is open: a prompt never sits over one. */
function useIsModalOpen(): boolean {
  const [isOpen, setOpen] = useState(() => document.querySelector(MODAL_SELECTOR) !== null);
  useEffect(() => {
    const observer = new MutationObserver(() => setOpen(document.querySelector(MODAL_SELECTOR) !== null));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return isOpen;
}

/** The onboarding prompts (docs/product.md §4): one at a time, 500 ms after the previous one, never over a dialog. */
export function OnboardingPrompts({ organisationId, counts }: { organisationId: string; counts: PromptCounts }) {
  const [state, setState] = useState(() => readPromptState(organisationId));
  const [shown, setShown] = useState<PromptCode | null>(null);
  const isModalOpen = useIsModalOpen();
  const next = nextPrompt(counts, state);

  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setShown(next), PROMPT_SHIFT_MS);
    return () => clearTimeout(timer);
  }, [next]);

  // Until the queue has shifted, the next prompt waits (the previous one is gone at once).
  if (next === null || shown !== next || isModalOpen) return null;
  const prompt = PROMPTS[next];
  const gotIt = () => {
    const updated = completePrompt(state, next);
    writePromptState(organisationId, updated);
    setState(updated);
  };

  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
      <Paper
        withBorder
        shadow="lg"
        radius="md"
        p="md"
        w={340}
        role="dialog"
        aria-labelledby="onboarding-prompt-title"
        data-testid={`onboarding-prompt-${next}`}
      >
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconBulb size={20} color="var(--mantine-color-levy-7)" aria-hidden="true" />
            <Text fw={700} id="onboarding-prompt-title">
              {prompt.title}
            </Text>
            <Text fz="xs" c="dimmed" ml="auto">
              {state.completed.length + 1} of {PROMPTS_DONE_AT}
            </Text>
          </Group>
          <Text fz="sm">{prompt.text}</Text>
          <Group justify="space-between" gap="sm">
            {prompt.link ? (
              <Anchor component={Link} to={prompt.link.to} fz="sm">
                {prompt.link.label}
              </Anchor>
            ) : (
              <span />
            )}
            <Button size="xs" onClick={gotIt}>
              Got it!
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
