import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Select } from './select';

const OPTIONS = [
  { id: 'osm', label: 'OpenStreetMap' },
  { id: 'offline', label: 'Offline world' },
];

function Harness() {
  const [value, setValue] = useState<string | null>('offline');
  return (
    <>
      <Select label="Basemap" name="basemap" options={OPTIONS} value={value} onChange={setValue} />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('Select', () => {
  it('filters by typing and picks an option', async () => {
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Basemap' });
    expect(input).toHaveValue('Offline world');
    await user.clear(input);
    await user.type(input, 'Open');
    const match = await screen.findByRole('option', { name: 'OpenStreetMap' });
    expect(screen.queryByRole('option', { name: 'Offline world' })).not.toBeInTheDocument();
    await user.click(match);
    expect(screen.getByRole('status')).toHaveTextContent('osm');
  });

  it('says when nothing matches', async () => {
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Basemap' });
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(await screen.findByText('Sorry, no matching options.')).toBeInTheDocument();
  });
});
