import { describe, expect, it } from 'vitest';
import { formatSignedEuro } from './money';

describe('formatSignedEuro', () => {
  it('signs credits and charges', () => {
    expect(formatSignedEuro(100)).toBe('+1,00 €');
    expect(formatSignedEuro(-8)).toBe('\u22120,08 €');
    expect(formatSignedEuro(0)).toBe('0,00 €');
    expect(formatSignedEuro(-123456)).toBe('\u22121.234,56 €');
  });
});
