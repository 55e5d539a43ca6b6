import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { User } from '../../generated/model';

type AuthState = {
  authenticated: boolean;
  user: User | null;
  /**
   * Whether the server has answered who is signed in since the page loaded. Not stored: a
   * browser whose cookie still holds a session but whose stored state says "signed out" (another
   * tab signed in, storage was cleared) must not be sent to log in before that answer.
   */
  answered: boolean;
  signIn: (user: User) => void;
  signOut: () => void;
  markAnswered: () => void;
};

/**
 * Client-side auth state (docs/product.md#flows). Persisted so guards can decide before the
 * start-up user fetch answers; that fetch then confirms or clears it.
 * The key is the store's name, as docs/product.md#constants asks for the default key.
 */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      authenticated: false,
      user: null,
      answered: false,
      signIn: (user) => set({ authenticated: true, user, answered: true }),
      signOut: () => set({ authenticated: false, user: null, answered: true }),
      markAnswered: () => set({ answered: true }),
    }),
    { name: 'auth', partialize: ({ authenticated, user }) => ({ authenticated, user }) },
  ),
);

export const isAdmin = (user: User | null): boolean => user?.type === 'admin';
