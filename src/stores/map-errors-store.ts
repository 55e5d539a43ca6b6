import { create } from 'zustand';

export type MapErrors = Record<string, string[]> | { message: string } | null;

type MapErrorsState = {
  errors: MapErrors;
  clear: () => void;
  record: (errors: MapErrors) => void;
};

/**
 * docs/product.md#errors: a failed map-area call stores `response.data.errors` (or the error's
 * message) here, and every call clears it first. Admin and viewer screens share it.
 */
export const useMapErrorsStore = create<MapErrorsState>()((set) => ({
  errors: null,
  clear: () => set({ errors: null }),
  record: (errors) => set({ errors }),
}));
