import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { createTestQueryClient } from '../../testing/render';
import { initTestI18n } from '../../testing/test-i18n';
import { CONFIRM_TIMEOUT_MS, ConfirmDialog } from './confirm-dialog';

afterEach(() => vi.useRealTimers());

describe('ConfirmDialog', () => {
  it('gives up by itself after 20 seconds, as if cancelled', () => {
    vi.useFakeTimers();
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(
      <AppProvider queryClient={createTestQueryClient()} i18n={initTestI18n()} checkSession={false}>
        <ConfirmDialog
          isOpen
          title="Are you sure?"
          text="Really?"
          confirmLabel="Yes"
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      </AppProvider>,
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
