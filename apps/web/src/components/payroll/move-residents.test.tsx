import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubGateway } from '../../test/gateway';
import { renderWithProviders } from '../../test/render';
import { MemoryRouter } from 'react-router';
import { MoveResidents } from './move-residents';

afterEach(() => vi.unstubAllGlobals());

const OGUN = { code: 'OG', name: 'Ogun' };
const MOVE_PATH = 'internal/corporations/c1/states/LA/payrolls/residents/move';

describe('Move to the payroll of the state they live in', () => {
  it('moves them in one click and says so', async () => {
    const gateway = stubGateway(() => ({
      code: 'OK',
      message: '3 moved to the Ogun payroll.',
      data: {
        moved: 3,
        employees: [],
        from: { code: 'LA', name: 'Lagos', employee_count: 1 },
        to: { code: 'OG', name: 'Ogun', revenue_service: 'Ogun State Internal Revenue Service', employee_count: 3 },
      },
    }));
    const onMoved = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <MoveResidents corporationId="c1" fromStateCode="LA" toState={OGUN} registered onMoved={onMoved} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move to Ogun payroll' }));
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(gateway.calls(MOVE_PATH)[0].body).toEqual({ to_state: 'OG' });
  });

  it('links to registration instead of moving when the state is not registered', () => {
    const gateway = stubGateway(() => ({ code: 'OK', data: null }));
    renderWithProviders(
      <MemoryRouter>
        <MoveResidents corporationId="c1" fromStateCode="LA" toState={OGUN} registered={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Move to Ogun payroll' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Register Ogun and give consent' })).toHaveAttribute(
      'href',
      '/corporations/c1/states?register=OG',
    );
    expect(gateway.requests).toHaveLength(0);
  });

  it('says what the server refused, with the way to the state', async () => {
    stubGateway(() => ({
      code: 'UNPROCESSABLE',
      message:
        'Give consent to manage payroll in Ogun first, then move the employees who live there. Nothing was moved.',
      data: { consent: { state: 'OG' } },
    }));
    renderWithProviders(
      <MemoryRouter>
        <MoveResidents corporationId="c1" fromStateCode="LA" toState={OGUN} registered />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move to Ogun payroll' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give consent to manage payroll in Ogun first');
  });
});
