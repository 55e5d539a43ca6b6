import { describe, expect, it } from 'vitest';
import { isLightColour } from './light-colour';

describe('isLightColour', () => {
  it('finds the colours a white panel hides: white, cream, nearly transparent', () => {
    expect(isLightColour('#ffffff')).toBe(true);
    expect(isLightColour('#fff7bc')).toBe(true);
    expect(isLightColour('#1f78b410')).toBe(true);
    expect(isLightColour('#8c510a')).toBe(false);
    expect(isLightColour('#1b9e77')).toBe(false);
    expect(isLightColour('red')).toBe(false);
  });
});
