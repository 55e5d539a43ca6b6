import { describe, expect, it } from 'vitest';
import { getGetAuthProvidersQueryOptions } from '../../generated/api/auth/auth';
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

  it("keeps a guest's answers still on their way at start, such as the sign-in screen's options", async () => {
    resetClientState();
    applyScenario('signed-out');
    const queryClient = createTestQueryClient();
    const options = queryClient.fetchQuery(getGetAuthProvidersQueryOptions());
    expect(await refreshSession(queryClient, { atStart: true })).toBe(false);
    await expect(options).resolves.toMatchObject({ password_login: true });
    expect(queryClient.getQueryData(getGetAuthProvidersQueryOptions().queryKey)).toMatchObject({
      password_login: true,
    });
  });
});
