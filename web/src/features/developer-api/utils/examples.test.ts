import { describe, expect, it } from 'vitest';
import { buildExamples } from './examples';

describe('example scripts', () => {
  it('name the key by its prefix, use the origin and a real voice, in every language', () => {
    const examples = buildExamples({ origin: 'https://tts.example', keyPrefix: 'sw_3f9a1c2b7', voice: 'local-de-klara' });
    expect(examples.map((e) => e.id)).toEqual(['curl', 'python-requests', 'python-openai', 'js-fetch', 'js-openai']);
    for (const example of examples) {
      expect(example.code).toContain('sw_3f9a1c2b7…');
      expect(example.code).toContain('https://tts.example/v1');
      expect(example.code).toContain('local-de-klara');
      expect(example.code).toContain('STIMMWERK_API_KEY');
    }
    expect(examples.find((e) => e.id === 'python-openai')!.code).toContain('base_url="https://tts.example/v1"');
    expect(examples.find((e) => e.id === 'js-openai')!.code).toContain("baseURL: 'https://tts.example/v1'");
    // Each hand-written client reads the error shape of the route it calls.
    expect(examples.find((e) => e.id === 'python-requests')!.code).toContain("created.json()['error']['message']");
    expect(examples.find((e) => e.id === 'js-fetch')!.code).toContain('"param"');
  });

  it('point to the settings page when there is no key yet', () => {
    const [curl] = buildExamples({ origin: 'http://x', keyPrefix: null, voice: 'v' });
    expect(curl.code).toContain('sw_IHR_SCHLUESSEL');
    expect(curl.code).toContain('API Settings');
  });
});
