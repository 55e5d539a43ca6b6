import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showPopup, usePopupStore } from '../../stores/popup-store';
import { renderWithProviders } from '../../testing/render';
import { Popup } from './popup';

afterEach(() => {
  vi.useRealTimers();
  usePopupStore.setState({ popup: null });
});

describe('Popup', () => {
  it('shows a success message without a confirm button and closes after 1.5 s', () => {
    vi.useFakeTimers();
    renderWithProviders(<Popup />);
    act(() => showPopup({ tone: 'success', title: 'Login successfully' }));
    const dialog = screen.getByRole('dialog', { name: 'Login successfully' });
    expect(dialog.querySelectorAll('button')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1400));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
