import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddCorporationDialog } from './add-corporation-dialog';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

beforeEach(() => grantPermissions([calls.createCorporation.permission]));
afterEach(() => vi.unstubAllGlobals());

const created = {
  id: '8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11',
  name: 'Adire Textiles Limited',
  organisation: { id: 'o', name: 'Demo' },
  state_count: 0,
  created_at: '2026-11-03T10:00:00.000Z',
  updated_at: '2026-11-03T10:00:00.000Z',
};

describe('Add New Corporation', () => {
  it('needs a name before it calls the server', async () => {
    const gateway = stubGateway(() => ({ code: 'OK', data: created }));
    renderWithProviders(<AddCorporationDialog onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add corporation' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(gateway.requests).toHaveLength(0);
  });

  it('shows a name already used in the organisation at the field and stays open', async () => {
    stubGateway(() => ({
      code: 'INVALID_INPUT',
      message: 'Invalid input',
      data: { name: 'The provided name already exist' },
    }));
    const onClose = vi.fn();
    renderWithProviders(<AddCorporationDialog onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: ' adire textiles limited ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add corporation' }));
    expect(await screen.findByText('The provided name already exist')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed name, closes and hands back the new corporation', async () => {
    const gateway = stubGateway(() => ({ code: 'OK', data: created }));
    const onClose = vi.fn();
    const onAdded = vi.fn();
    renderWithProviders(<AddCorporationDialog onClose={onClose} onAdded={onAdded} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: '  Adire Textiles Limited ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add corporation' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(created));
    expect(onClose).toHaveBeenCalled();
    expect(gateway.requests[0]).toMatchObject({
      method: 'POST',
      namespace: 'core',
      path: 'internal/corporations',
      body: { name: 'Adire Textiles Limited' },
    });
  });
});
