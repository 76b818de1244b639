import { describe, expect, it } from 'vitest';
import { normalizeRate } from './speech-rate';
import { countChars } from './format';
import { estimateCostCents, textLength, tooLongMessage } from './limits';

const SERVER = { chars_per_cent: 10, min_cost_cent: 1 };

describe('estimateCostCents', () => {
  it('is 0 for an empty or blank text', () => {
    expect(estimateCostCents('', SERVER)).toBe(0);
    expect(estimateCostCents('   \n\t ', SERVER)).toBe(0);
  });

  it('charges at least the minimum', () => {
    expect(estimateCostCents('a', SERVER)).toBe(1);
    expect(estimateCostCents('Hallo', SERVER)).toBe(1);
    expect(estimateCostCents('Hallo', { chars_per_cent: 10, min_cost_cent: 3 })).toBe(3);
  });

  it('charges one cent per started block of chars_per_cent characters', () => {
    expect(estimateCostCents('x'.repeat(10), SERVER)).toBe(1);
    expect(estimateCostCents('x'.repeat(11), SERVER)).toBe(2);
    expect(estimateCostCents('x'.repeat(21), SERVER)).toBe(3);
    expect(estimateCostCents('x'.repeat(1500), SERVER)).toBe(150);
    expect(estimateCostCents('x'.repeat(5000), SERVER)).toBe(500);
    expect(estimateCostCents('x'.repeat(21), { chars_per_cent: 20, min_cost_cent: 1 })).toBe(2);
  });

  it('counts the trimmed text only', () => {
    expect(estimateCostCents(`   ${'x'.repeat(10)}   `, SERVER)).toBe(1);
    expect(estimateCostCents(`\n${'x'.repeat(10)} y\n`, SERVER)).toBe(2);
  });

  it('counts Unicode characters, not UTF-16 units', () => {
    expect(countChars('äöü')).toBe(3);
    expect(countChars('🙂🙂')).toBe(2);
    expect(textLength(' 🙂🙂 ')).toBe(2);
    // 10 emoji are 20 UTF-16 units but 10 characters → 1 cent.
    expect(estimateCostCents('🙂'.repeat(10), SERVER)).toBe(1);
  });
});

describe('tooLongMessage', () => {
  it('names the limit and the real count', () => {
    expect(tooLongMessage(5000, 5321)).toBe('Maximale Länge: 5000 Zeichen. Aktuell: 5321 Zeichen.');
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
