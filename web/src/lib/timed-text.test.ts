import { describe, expect, it } from 'vitest';
import { activeIndex, wordSegments } from './timed-text';

const spans = [
  { start_ms: 200, end_ms: 1000 },
  { start_ms: 1200, end_ms: 2500 },
  { start_ms: 2500, end_ms: 4000 },
];

describe('activeIndex', () => {
  it('finds the span being spoken, none before the first and none after the last ended', () => {
    expect(activeIndex(spans, 0)).toBe(-1);
    expect(activeIndex(spans, 200)).toBe(0);
    expect(activeIndex(spans, 999)).toBe(0);
    // The pause after a sentence still belongs to it: no flicker between sentences.
    expect(activeIndex(spans, 1100)).toBe(0);
    expect(activeIndex(spans, 1200)).toBe(1);
    // Where one ends and the next starts, the next one is spoken.
    expect(activeIndex(spans, 2500)).toBe(2);
    expect(activeIndex(spans, 3999)).toBe(2);
    expect(activeIndex(spans, 4000)).toBe(-1);
    expect(activeIndex([], 500)).toBe(-1);
  });

  it('finds a sentence among a hundred thousand', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900 }));
    expect(activeIndex(many, 73_456_500)).toBe(73_456);
    expect(activeIndex(many, 99_999_950)).toBe(-1);
  });
});

describe('wordSegments', () => {
  it('cuts the written sentence at its spoken words, case and punctuation kept', () => {
    const segments = wordSegments({
      text: 'Hallo Welt, schön!',
      start_ms: 0,
      end_ms: 1000,
      words: [
        { text: 'hallo', start_ms: 0, end_ms: 300 },
        { text: 'Welt', start_ms: 300, end_ms: 600 },
        { text: 'schön', start_ms: 600, end_ms: 1000 },
      ],
    });
    expect(segments).toEqual([
      { text: 'Hallo', word: 0 },
      { text: ' ', word: null },
      { text: 'Welt', word: 1 },
      { text: ', ', word: null },
      { text: 'schön', word: 2 },
      { text: '!', word: null },
    ]);
  });

  it('leaves a word unmarked that the text does not contain (a number spoken as words)', () => {
    const segments = wordSegments({
      text: 'Im Jahr 2026 gilt es.',
      start_ms: 0,
      end_ms: 1000,
      words: [
        { text: 'Im', start_ms: 0, end_ms: 100 },
        { text: 'Jahr', start_ms: 100, end_ms: 200 },
        { text: 'zweitausendsechsundzwanzig', start_ms: 200, end_ms: 700 },
        { text: 'gilt', start_ms: 700, end_ms: 800 },
        { text: 'es', start_ms: 800, end_ms: 1000 },
      ],
    });
    expect(segments.map((s) => s.text).join('')).toBe('Im Jahr 2026 gilt es.');
    expect(segments.filter((s) => s.word !== null).map((s) => [s.text, s.word])).toEqual([
      ['Im', 0],
      ['Jahr', 1],
      ['gilt', 3],
      ['es', 4],
    ]);
  });

  it('marks whole words only: "es" not inside "Beste"', () => {
    const segments = wordSegments({
      text: 'Das Beste ist es.',
      start_ms: 0,
      end_ms: 1000,
      words: [
        { text: 'Das', start_ms: 0, end_ms: 200 },
        // Spoken differently from the text: not found, so the next word is sought after "Das".
        { text: 'allerbeste', start_ms: 200, end_ms: 700 },
        { text: 'es', start_ms: 700, end_ms: 1000 },
      ],
    });
    expect(segments.filter((s) => s.word !== null)).toEqual([
      { text: 'Das', word: 0 },
      { text: 'es', word: 2 },
    ]);
    expect(segments.at(-2)).toEqual({ text: 'es', word: 2 });
    expect(segments.map((s) => s.text).join('')).toBe('Das Beste ist es.');
  });
});
