import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { showToast, toastQueue, Toasts } from './toast';

afterEach(() => {
  for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  vi.useRealTimers();
});

describe('Toasts', () => {
  it('shows a toast and hides it after 5 seconds', () => {
    vi.useFakeTimers();
    renderWithProviders(<Toasts />);
    act(() => showToast('User deleted successfully'));
    expect(screen.getByText('User deleted successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('User deleted successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('User deleted successfully')).not.toBeInTheDocument();
  });
});
