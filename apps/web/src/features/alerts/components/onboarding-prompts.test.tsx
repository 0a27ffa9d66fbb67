import { Modal } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  nextPrompt,
  promptStorageKey,
  PROMPT_SHIFT_MS,
  readPromptState,
  type PromptCounts,
} from '../model/onboarding-prompts';
import { OnboardingPrompts } from './onboarding-prompts';
import { renderWithProviders } from '../../../test/render';

const ORGANISATION = 'org-a';
const NOTHING_YET: PromptCounts = {
  'organisation-wallet': 0,
  corporations: 0,
  'corporation-wallet': null,
  states: 0,
  bills: 0,
};

function renderPrompts(counts: PromptCounts, organisationId = ORGANISATION) {
  return renderWithProviders(
    <MemoryRouter>
      <OnboardingPrompts organisationId={organisationId} counts={counts} />
    </MemoryRouter>,
  );
}

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(() => sessionStorage.clear());

describe('the prompt queue', () => {
  it('takes the first prompt whose count has loaded, is 0 and is not completed, in the queue order', () => {
    expect(nextPrompt(NOTHING_YET, { completed: [] })).toBe('organisation-wallet');
    expect(nextPrompt({ ...NOTHING_YET, 'organisation-wallet': 1 }, { completed: [] })).toBe('corporations');
    expect(
      nextPrompt(
        { 'organisation-wallet': null, corporations: 2, 'corporation-wallet': 0, states: 0, bills: 0 },
        { completed: [] },
      ),
    ).toBe('corporation-wallet');
    // Not loaded yet (absent): the queue waits there rather than show a later prompt first.
    expect(
      nextPrompt({ corporations: 1, 'corporation-wallet': null, states: 1, bills: 0 }, { completed: [] }),
    ).toBeNull();
    expect(
      nextPrompt(
        { 'organisation-wallet': null, corporations: 1, 'corporation-wallet': null, states: 1, bills: 0 },
        { completed: [] },
      ),
    ).toBe('bills');
    expect(nextPrompt({}, { completed: [] })).toBeNull();
    expect(nextPrompt(NOTHING_YET, { completed: ['organisation-wallet', 'corporations'] })).toBe('states');
  });

  it('is all done after four completed prompts, whatever the counts', () => {
    const counts: PromptCounts = {
      'organisation-wallet': 0,
      corporations: 0,
      'corporation-wallet': 0,
      states: 0,
      bills: 0,
    };
    expect(nextPrompt(counts, { completed: ['organisation-wallet', 'corporations', 'states', 'bills'] })).toBeNull();
    expect(nextPrompt(counts, { completed: ['organisation-wallet', 'corporations', 'states'] })).toBe(
      'corporation-wallet',
    );
  });
});

describe('onboarding prompts', () => {
  it('shows one prompt 500 ms after loading; Got it! completes it and the next follows 500 ms later', async () => {
    renderPrompts(NOTHING_YET);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await sleep(PROMPT_SHIFT_MS - 200);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Fund your wallet' })).toHaveTextContent('1 of 4');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Got it!' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readPromptState(ORGANISATION).completed).toEqual(['organisation-wallet']);
    await sleep(PROMPT_SHIFT_MS - 200);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const next = await screen.findByRole('dialog', { name: 'Add your corporations' });
    expect(next).toHaveTextContent('2 of 4');
    expect(screen.getByRole('link', { name: 'Go to Corporations' })).toHaveAttribute('href', '/corporations');
  });

  it('skips what is already done and shows nothing while the counts load', async () => {
    const view = renderPrompts({});
    await sleep(PROMPT_SHIFT_MS + 100);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    view.unmount();
    renderPrompts({ 'organisation-wallet': 1, corporations: 3, 'corporation-wallet': null, states: 0, bills: 0 });
    expect(await screen.findByRole('dialog', { name: 'Register a state' })).toBeInTheDocument();
  });

  it('keeps its state in session storage per organisation, and stops after four', async () => {
    sessionStorage.setItem(
      promptStorageKey(ORGANISATION),
      JSON.stringify({ completed: ['organisation-wallet', 'corporations', 'states'] }),
    );
    const view = renderPrompts(NOTHING_YET);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Got it!' }))[0]);
    expect(readPromptState(ORGANISATION).completed).toEqual(['organisation-wallet', 'corporations', 'states', 'bills']);
    view.unmount();
    renderPrompts({ ...NOTHING_YET, 'corporation-wallet': 0 });
    await sleep(PROMPT_SHIFT_MS + 100);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Another organisation starts from the beginning.
    renderPrompts(NOTHING_YET, 'org-b');
    expect(await screen.findByRole('dialog', { name: 'Fund your wallet' })).toBeInTheDocument();
  });

  it('never covers an open dialog: it waits until the dialog closes', async () => {
    function WithDialog() {
      const [isOpen, setOpen] = useState(true);
      return (
        <>
          <Modal opened={isOpen} onClose={() => setOpen(false)} title="Pay Taxes">
            <button type="button" onClick={() => setOpen(false)}>
              Done
            </button>
          </Modal>
          <OnboardingPrompts organisationId={ORGANISATION} counts={NOTHING_YET} />
        </>
      );
    }
    renderWithProviders(
      <MemoryRouter>
        <WithDialog />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('dialog', { name: 'Pay Taxes' })).toBeInTheDocument();
    await sleep(PROMPT_SHIFT_MS + 100);
    expect(screen.queryByRole('dialog', { name: 'Fund your wallet' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay Taxes' })).not.toBeInTheDocument());
    expect(await screen.findByRole('dialog', { name: 'Fund your wallet' })).toBeInTheDocument();
  });
});
