import { Button } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MountedModal } from './mounted-modal';
import { renderWithProviders } from '../test/render';

function Page() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add corporation</Button>
      {isOpen && (
        <MountedModal onClose={() => setOpen(false)} title="Add New Corporation">
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </MountedModal>
      )}
    </>
  );
}

describe('MountedModal', () => {
  it('gives focus back to its opener when it closes and goes away', async () => {
    renderWithProviders(<Page />);
    const opener = screen.getByRole('button', { name: 'Add corporation' });
    act(() => opener.focus());
    fireEvent.click(opener);
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(opener).not.toHaveFocus());
    fireEvent.click(cancel);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
