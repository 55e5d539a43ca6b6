import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { showPopup, usePopupStore } from '../../stores/popup-store';
import { createTestQueryClient } from '../../testing/render';
import { initTestI18n } from '../../testing/test-i18n';
import { Popup } from './popup';

afterEach(() => {
  vi.useRealTimers();
  usePopupStore.setState({ popup: null });
});

describe('Popup', () => {
  it('shows a success message without a confirm button and closes after 1.5 s', () => {
    vi.useFakeTimers();
    render(
      <AppProvider queryClient={createTestQueryClient()} i18n={initTestI18n()} checkSession={false}>
        <Popup />
      </AppProvider>,
    );
    act(() => showPopup({ tone: 'success', title: 'Login successfully' }));
    const dialog = screen.getByRole('dialog', { name: 'Login successfully' });
    expect(dialog.querySelectorAll('button')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1400));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
