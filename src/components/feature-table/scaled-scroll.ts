/**
 * Browsers cap an element's height (about 17.9 M px in Firefox, 33.5 M in Chromium), and
 * 1,000,000 rows × 32 px passes it. Past CAP, the scroll range is shrunk and every scroll
 * position maps linearly onto the real one.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000;

export type ScrollScale = {
  scrollHeight: number;
  toReal: (scrollTop: number) => number;
  toShown: (realOffset: number) => number;
};

export function scrollScale(realHeight: number, viewportHeight: number): ScrollScale {
  const scrollHeight = Math.min(realHeight, MAX_SCROLL_HEIGHT);
  const realRange = Math.max(realHeight - viewportHeight, 0);
  const shownRange = Math.max(scrollHeight - viewportHeight, 1);
  const ratio = scrollHeight < realHeight ? realRange / shownRange : 1;
  return { scrollHeight, toReal: (scrollTop) => scrollTop * ratio, toShown: (real) => real / ratio };
}
