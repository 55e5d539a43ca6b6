import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT, scrollScale } from './scaled-scroll';

describe('scrollScale', () => {
  it('leaves short tables alone', () => {
    const scale = scrollScale(32_000, 600);
    expect(scale.scrollHeight).toBe(32_000);
    expect(scale.toReal(1234)).toBe(1234);
  });

  it('caps a million rows and still reaches the last row at the bottom', () => {
    const real = 1_000_000 * 32;
    const scale = scrollScale(real, 600);
    expect(scale.scrollHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(scale.toReal(0)).toBe(0);
    expect(scale.toReal(MAX_SCROLL_HEIGHT - 600)).toBeCloseTo(real - 600, 3);
  });
});
