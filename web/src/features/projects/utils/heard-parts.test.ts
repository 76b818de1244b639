import { describe, expect, it } from 'vitest';
import { changedSentences } from './heard-parts';

const sentence = (start_ms: number, end_ms: number) => ({ text: 'Satz.', start_ms, end_ms });

describe('changedSentences', () => {
  const parts = [
    { paragraph_id: 'b', start_ms: 4000, end_ms: 7000, current: false },
    { paragraph_id: 'a', start_ms: 0, end_ms: 3300, current: true },
  ];

  it('marks the sentences heard within a changed paragraph’s part, by their middle', () => {
    // The second sentence starts a few milliseconds before its part: its middle decides.
    const sentences = [sentence(0, 1500), sentence(1600, 3300), sentence(3990, 5500), sentence(5600, 7000)];
    expect(changedSentences(sentences, parts)).toEqual([false, false, true, true]);
  });

  it('marks nothing while every paragraph is as heard', () => {
    expect(changedSentences([sentence(0, 1000)], parts.map((p) => ({ ...p, current: true })))).toBeNull();
    expect(changedSentences([sentence(0, 1000)], [])).toBeNull();
  });
});
