import { describe, expect, it } from 'vitest';
import { useAuthStore } from './auth-store';

const ADA = {
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  type: 'admin' as const,
  locale: 'en' as const,
  two_factor_enabled: false,
  created_at: '2026-11-01T09:30:00Z',
  updated_at: '2026-11-01T09:30:00Z',
};

describe('auth store', () => {
  it('persists the signed-in state under its name and clears it on sign-out', () => {
    useAuthStore.getState().signIn(ADA);
    expect(JSON.parse(localStorage.getItem('auth') ?? '{}')).toMatchObject({
      state: { authenticated: true, user: { email: 'ada@example.com' } },
    });
    useAuthStore.getState().signOut();
    expect(JSON.parse(localStorage.getItem('auth') ?? '{}')).toMatchObject({
      state: { authenticated: false, user: null },
    });
  });
});
