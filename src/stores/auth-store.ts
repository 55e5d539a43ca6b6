import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { User } from '../../generated/model';

type AuthState = {
  authenticated: boolean;
  user: User | null;
  signIn: (user: User) => void;
  signOut: () => void;
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
      signIn: (user) => set({ authenticated: true, user }),
      signOut: () => set({ authenticated: false, user: null }),
    }),
    { name: 'auth', partialize: ({ authenticated, user }) => ({ authenticated, user }) },
  ),
);

export const isAdmin = (user: User | null): boolean => user?.type === 'admin';
