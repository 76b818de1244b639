import { describe, expect, it } from 'vitest';
import { countChars, estimateCostCents, normalizeRate } from './cost';

describe('estimateCostCents', () => {
  it('is 0 for an empty or blank text', () => {
    expect(estimateCostCents('')).toBe(0);
    expect(estimateCostCents('   \n\t ')).toBe(0);
  });

  it('charges at least one cent', () => {
    expect(estimateCostCents('a')).toBe(1);
    expect(estimateCostCents('Hallo')).toBe(1);
  });

  it('charges one cent per started block of ten characters', () => {
    expect(estimateCostCents('x'.repeat(10))).toBe(1);
    expect(estimateCostCents('x'.repeat(11))).toBe(2);
    expect(estimateCostCents('x'.repeat(20))).toBe(2);
    expect(estimateCostCents('x'.repeat(21))).toBe(3);
    expect(estimateCostCents('x'.repeat(1500))).toBe(150);
    expect(estimateCostCents('x'.repeat(5000))).toBe(500);
  });

  it('counts the trimmed text only', () => {
    expect(estimateCostCents(`   ${'x'.repeat(10)}   `)).toBe(1);
    expect(estimateCostCents(`\n${'x'.repeat(10)} y\n`)).toBe(2);
  });

  it('counts Unicode characters, not UTF-16 units', () => {
    expect(countChars('äöü')).toBe(3);
    expect(countChars('🙂🙂')).toBe(2);
    // 10 emoji are 20 UTF-16 units but 10 characters → 1 cent.
    expect(estimateCostCents('🙂'.repeat(10))).toBe(1);
  });
});

describe('normalizeRate', () => {
  it('keeps values on the 0.1 grid within 0.7–1.3', () => {
    expect(normalizeRate(0.9)).toBe(0.9);
    expect(normalizeRate(0.7000000001)).toBe(0.7);
    expect(normalizeRate(0.1 + 0.2 + 0.5)).toBe(0.8);
    expect(normalizeRate(0.2)).toBe(0.7);
    expect(normalizeRate(2)).toBe(1.3);
  });
});
