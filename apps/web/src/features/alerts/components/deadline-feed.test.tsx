import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeadlineFeed } from './deadline-feed';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

const ORGANISATION_ID = '3f0c8a52-1d2e-4b7a-9c1e-2a3b4c5d6e7f';
const feedUrl = (secret: string) =>
  `http://localhost:3000/service/v1/public/feeds/deadlines/3f0c8a521d2e4b7a9c1e2a3b4c5d6e7f${secret.padEnd(43, 'x')}.ics`;

afterEach(() => vi.unstubAllGlobals());

describe('the deadline feed', () => {
  it('shows the subscription link to copy; a member cannot reset it', async () => {
    grantPermissions([calls.listBills.permission]);
    stubGateway((request) =>
      request.path === `internal/organisations/${ORGANISATION_ID}/deadlines/feed`
        ? { code: 'OK', data: { url: feedUrl('first') } }
        : { code: 'NOT_FOUND', data: null },
    );
    renderWithProviders(<DeadlineFeed organisationId={ORGANISATION_ID} />);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Subscribe in your calendar app' })).toHaveValue(feedUrl('first')),
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Reset link' })).not.toBeInTheDocument();
  });

  it('an admin resets it after confirming, and sees the new link', async () => {
    grantPermissions([calls.listBills.permission, calls.updateOrganisationSetting.permission]);
    const gateway = stubGateway((request) => {
      if (request.path === `internal/organisations/${ORGANISATION_ID}/deadlines/feed`)
        return { code: 'OK', data: { url: feedUrl('first') } };
      if (request.path === `internal/organisations/${ORGANISATION_ID}/deadlines/feed/reset`)
        return { code: 'OK', data: { url: feedUrl('second') } };
      return { code: 'NOT_FOUND', data: null };
    });
    renderWithProviders(<DeadlineFeed organisationId={ORGANISATION_ID} />);
    const link = screen.getByRole('textbox', { name: 'Subscribe in your calendar app' });
    await waitFor(() => expect(link).toHaveValue(feedUrl('first')));
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the calendar link?' });
    expect(gateway.calls(`internal/organisations/${ORGANISATION_ID}/deadlines/feed/reset`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(link).toHaveValue(feedUrl('second')));
    expect(gateway.calls(`internal/organisations/${ORGANISATION_ID}/deadlines/feed/reset`)[0].method).toBe('POST');
  });
});
