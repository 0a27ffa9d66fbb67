import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SidewaysScroll } from './sideways-scroll';
import { renderWithProviders } from '../test/render';

const HINT = 'Scroll sideways to see every column';

/** happy-dom lays nothing out: give every element the widths a phone would. */
function widths(client: number, scroll: number) {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => client });
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scroll });
}

afterEach(() => {
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
});

describe('SidewaysScroll', () => {
  it('says the table scrolls sideways when columns are hidden, and can be scrolled from the keyboard', () => {
    widths(310, 480);
    renderWithProviders(
      <SidewaysScroll minWidth={480} label="Tax by band">
        <table />
      </SidewaysScroll>,
    );
    const region = screen.getByRole('region', { name: 'Tax by band' });
    expect(screen.getByText(HINT)).toBeVisible();
    expect(region).toHaveAccessibleDescription(HINT);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAttribute('data-more-right', 'true');
  });

  it('says nothing when the table fits', () => {
    widths(900, 900);
    renderWithProviders(
      <SidewaysScroll minWidth={480} label="Tax by band">
        <table />
      </SidewaysScroll>,
    );
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tax by band' })).not.toHaveAttribute('data-more-right');
  });
});
