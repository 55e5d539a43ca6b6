import { describe, expect, it } from 'vitest';
import { applyScenario } from '../../mocks/scenarios';
import { useAuthStore } from '../stores/auth-store';
import { createTestQueryClient, resetClientState } from '../testing/render';
import { ability } from './ability';
import { refreshSession } from './session';

describe('session refresh', () => {
  it('loads the user and replaces the ability rules', async () => {
    resetClientState();
    applyScenario('admin');
    expect(await refreshSession(createTestQueryClient())).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user: { type: 'admin' } });
    expect(ability.can('delete', 'User')).toBe(true);
  });

  it('treats a failed user fetch as signed out and drops the rules', async () => {
    resetClientState();
    applyScenario('admin');
    const queryClient = createTestQueryClient();
    await refreshSession(queryClient);
    applyScenario('signed-out');
    expect(await refreshSession(queryClient)).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
    expect(ability.can('read', 'User')).toBe(false);
  });
});
