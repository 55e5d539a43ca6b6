import { screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { ScreenErrorBoundary } from './screen-error-boundary';

function Crashing(): never {
  throw new Error('the screen broke');
}

/** A layout with its own button that moves the address on, around one screen. */
function Layout({ first }: { first: 'crash' | 'fine' }) {
  const [address, setAddress] = useState('/broken');
  return (
    <MemoryRouter>
      <button type="button" onClick={() => setAddress('/elsewhere')}>
        Go elsewhere
      </button>
      <ScreenErrorBoundary address={address}>
        {address === '/broken' && first === 'crash' ? <Crashing /> : <p>Another screen</p>}
      </ScreenErrorBoundary>
    </MemoryRouter>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ScreenErrorBoundary', () => {
  it('shows the error screen inside a working layout, and the next screen once the address moves on', async () => {
    // React and RouteError both report the crash on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<Layout first="crash" />);
    expect(
      await screen.findByRole('heading', { name: 'This screen could not be opened' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    expect(await screen.findByText('Another screen')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'This screen could not be opened' }),
    ).not.toBeInTheDocument();
  });
});
