/** The outline a swatch gets when its own colour would vanish on the panel's white. */
export const SWATCH_OUTLINE = '#80868b';

/**
 * Whether a `#rrggbb[aa]` colour is too light (or too transparent) to be seen on white:
 * relative luminance (WCAG) above 0.8, or alpha below 0.3. Unknown strings count as visible.
 */
export function isLightColour(color: string): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(color);
  if (!match) return false;
  const [, r = '0', g = '0', b = '0', a] = match;
  if (a !== undefined && parseInt(a, 16) / 255 < 0.3) return true;
  const linear = (hex: string) => {
    const value = parseInt(hex, 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) > 0.8;
}
