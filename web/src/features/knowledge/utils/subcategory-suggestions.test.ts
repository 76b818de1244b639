import { describe, expect, it } from 'vitest';
import { subcategorySuggestions, suggestionKey } from './subcategory-suggestions';

describe('subcategory suggestions', () => {
  it('knows every category key of the spec, in any case, and German aliases', () => {
    for (const key of ['audio', 'podcast', 'voiceover', 'training', 'demo', 'marketing', 'education']) {
      expect(suggestionKey(key.toUpperCase())).toBe(key);
      expect(subcategorySuggestions(key, []).length).toBeGreaterThan(2);
    }
    expect(suggestionKey(' Schulung ')).toBe('training');
    expect(suggestionKey('Urlaub')).toBeNull();
    expect(subcategorySuggestions('Urlaub', [])).toEqual([]);
  });

  it('marks suggestions that already exist as children, case-insensitively', () => {
    const result = subcategorySuggestions('Podcast', ['intro', 'Andere']);
    expect(result.find((s) => s.name === 'Intro')).toEqual({ name: 'Intro', taken: true });
    expect(result.find((s) => s.name === 'Outro')).toEqual({ name: 'Outro', taken: false });
  });
});
