import { create } from 'zustand';

export type PopupTone = 'success' | 'error' | 'info';
export type PopupMessage = { id: number; title: string; text?: string; tone: PopupTone };

type PopupState = {
  popup: PopupMessage | null;
  show: (message: Omit<PopupMessage, 'id'>) => void;
  close: () => void;
};

let nextId = 1;

/**
 * The one success popup at a time (docs/product.md#errors). It lives outside the screens because
 * it must survive the navigation that usually follows it (login → home).
 */
export const usePopupStore = create<PopupState>()((set) => ({
  popup: null,
  show: (message) => set({ popup: { ...message, id: nextId++ } }),
  close: () => set({ popup: null }),
}));

export const showPopup = (message: Omit<PopupMessage, 'id'>): void => usePopupStore.getState().show(message);
