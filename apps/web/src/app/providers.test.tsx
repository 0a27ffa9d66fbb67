import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from './providers';

describe('Providers', () => {
  it('shows a toast although its container loads only then', async () => {
    render(<Providers>page</Providers>);
    act(() => void notifications.show({ title: 'Saved', message: 'Your changes are saved.' }));
    expect(await screen.findByText('Your changes are saved.', {}, { timeout: 15_000 })).toBeInTheDocument();
    act(() => notifications.clean());
  });
});
