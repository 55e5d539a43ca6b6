import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { CONFIRM_TIMEOUT_MS, ConfirmDialog } from './confirm-dialog';

afterEach(() => vi.useRealTimers());

describe('ConfirmDialog', () => {
  it('gives up by itself after 20 seconds, as if cancelled', () => {
    vi.useFakeTimers();
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        isOpen
        title="Are you sure?"
        text="Really?"
        confirmLabel="Yes"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Really?');
    expect(CONFIRM_TIMEOUT_MS).toBe(20_000);
    act(() => vi.advanceTimersByTime(19_900));
    expect(onCancel).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
