import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import type { IdentifiedHit } from './identify';
import { IdentifyList } from './identify-list';

const hit = (featureId: number, title: string, label: string | null): IdentifiedHit => ({
  layerId: 2,
  featureId,
  properties: {},
  title,
  label,
});

describe('the list of features under a click', () => {
  it('is named, takes the focus, moves with the arrows and picks with Enter', async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(
      <IdentifyList
        hits={[hit(20, 'Pipes', 'Main street'), hit(21, 'Pipes', null)]}
        pixel={[100, 80]}
        onPick={onPick}
        onClose={vi.fn()}
      />,
    );
    const list = screen.getByRole('dialog', { name: 'Features here' });
    const first = screen.getByRole('button', { name: 'Pipes #20 Main street' });
    expect(list).toContainElement(first);
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Pipes #21' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ featureId: 21 }));
  });

  it('closes with Escape', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <IdentifyList
        hits={[hit(20, 'Pipes', null), hit(30, 'Valves', null)]}
        pixel={[0, 0]}
        onPick={vi.fn()}
        onClose={onClose}
      />,
    );
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
