import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hint } from './hint';
import { renderWithProviders } from '../test/render';

describe('Hint', () => {
  it('describes its element with the label', () => {
    renderWithProviders(
      <Hint label="Calculate first, then share the figures">
        <Button disabled>Share</Button>
      </Hint>,
    );
    expect(screen.getByRole('button', { name: 'Share' })).toHaveAccessibleDescription(
      'Calculate first, then share the figures',
    );
  });

  it('is left out when disabled', () => {
    renderWithProviders(
      <Hint label="Copy link" disabled>
        <Button>Share</Button>
      </Hint>,
    );
    expect(screen.getByRole('button', { name: 'Share' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('Copy link')).not.toBeInTheDocument();
  });
});
