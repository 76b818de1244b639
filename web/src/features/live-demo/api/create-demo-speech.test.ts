import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mockApi } from '@/testing/mock-api';
import { createDemoSpeech, demoSpeechSchema, shouldRetryDemoSpeech } from './create-demo-speech';

afterEach(() => vi.unstubAllGlobals());

const err = (status: number) => new ApiError({ status, code: 'x', title: 't', message: 'm' });

describe('createDemoSpeech', () => {
  it('returns the MP3 and the tries left from X-Demo-Remaining', async () => {
    mockApi({ 'POST /api/demo/speech': { body: new Uint8Array([0xff, 0xfb]), headers: { 'X-Demo-Remaining': '1' } } });
    const result = await createDemoSpeech({ text: 'Hallo', voice_id: 'v' });
    expect(result.remaining).toBe(1);
    expect(result.blob.size).toBe(2);
  });

  it('reports a missing or broken header as unknown', async () => {
    mockApi({ 'POST /api/demo/speech': { body: new Uint8Array([0xff]), headers: { 'X-Demo-Remaining': 'viele' } } });
    expect((await createDemoSpeech({ text: 'Hallo', voice_id: 'v' })).remaining).toBeNull();
  });
});

describe('shouldRetryDemoSpeech', () => {
  it('asks a busy server again, but never repeats a try that may have counted', () => {
    expect(shouldRetryDemoSpeech(0, err(503))).toBe(true);
    expect(shouldRetryDemoSpeech(2, err(503))).toBe(false);
    for (const status of [0, 422, 429, 500, 502]) expect(shouldRetryDemoSpeech(0, err(status))).toBe(false);
  });
});

describe('demoSpeechSchema', () => {
  const schema = demoSpeechSchema(100);
  it('accepts 100 characters after trimming and refuses 101', () => {
    expect(schema.safeParse({ text: ` ${'ö'.repeat(100)} `, voice_id: 'v', rate: 0.9 }).success).toBe(true);
    const result = schema.safeParse({ text: 'ö'.repeat(101), voice_id: 'v', rate: 0.9 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Maximale Länge: 100 Zeichen. Aktuell: 101 Zeichen.');
  });
  it('needs a text and a voice', () => {
    const result = schema.safeParse({ text: '  ', voice_id: '', rate: 0.9 });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Bitte geben Sie Text ein und wählen Sie eine Stimme.',
      'Bitte geben Sie Text ein und wählen Sie eine Stimme.',
    ]);
  });
});
