import { describe, expect, it } from 'vitest';
import { engineLabel } from './engine';
import {
  clampTo,
  fillConsentStatement,
  formatClock,
  speakerName,
  firstInvalidStep,
  initialValues,
  isStepValid,
  SCROLL_SPEED,
  TEXT_SIZE,
  type WizardValues,
} from './wizard';

const rec = { blob: new Blob(['x']), durationSeconds: 12 };
const complete: WizardValues = {
  ...initialValues,
  name: 'Meine Stimme',
  clonedFrom: 'Erika',
  training: rec,
  consentRecording: rec,
  consents: { ownVoice: true, usage: true, terms: true },
};

describe('wizard step rules (spec section 5)', () => {
  it('needs a non-blank name on step 1 and a non-blank clone source on step 2', () => {
    expect(isStepValid(1, initialValues)).toBe(false);
    expect(isStepValid(1, { ...initialValues, name: '   ' })).toBe(false);
    expect(isStepValid(1, { ...initialValues, name: 'A' })).toBe(true);
    expect(isStepValid(2, { ...initialValues, clonedFrom: ' \t' })).toBe(false);
    expect(isStepValid(2, { ...initialValues, clonedFrom: 'Meine eigene Stimme' })).toBe(true);
  });

  it('always accepts steps 3, 5 and 7', () => {
    for (const step of [3, 5, 7]) expect(isStepValid(step, initialValues)).toBe(true);
  });

  it('needs the checked recording on step 4', () => {
    expect(isStepValid(4, initialValues)).toBe(false);
    expect(isStepValid(4, { ...initialValues, training: rec })).toBe(true);
  });

  it('needs all three consents and the consent recording on step 6', () => {
    expect(isStepValid(6, complete)).toBe(true);
    expect(isStepValid(6, { ...complete, consentRecording: null })).toBe(false);
    for (const key of ['ownVoice', 'usage', 'terms'] as const) {
      expect(isStepValid(6, { ...complete, consents: { ...complete.consents, [key]: false } })).toBe(false);
    }
  });

  it('finds the first step that is not valid yet', () => {
    expect(firstInvalidStep(initialValues)).toBe(1);
    expect(firstInvalidStep({ ...complete, training: null })).toBe(4);
    expect(firstInvalidStep(complete)).toBe(7);
  });

  it('keeps text size and scroll speed in range and on their steps', () => {
    expect(clampTo(30, TEXT_SIZE)).toBe(24);
    expect(clampTo(3, TEXT_SIZE)).toBe(12);
    expect(clampTo(Number.NaN, TEXT_SIZE)).toBe(12);
    expect(clampTo(52, SCROLL_SPEED)).toBe(50);
    expect(clampTo(53, SCROLL_SPEED)).toBe(55);
    expect(clampTo(0, SCROLL_SPEED)).toBe(10);
    expect(TEXT_SIZE.default).toBe(16);
    expect(SCROLL_SPEED.default).toBe(50);
  });
});

describe('consent statement and engine label', () => {
  it('fills in the clone source and today in German format', () => {
    const text = fillConsentStatement('Ich, {name}, willige am {date} ein. ({name})', ' Erika Muster ', new Date(2026, 10, 4));
    expect(text).toBe('Ich, Erika Muster, willige am 04.11.2026 ein. (Erika Muster)');
  });

  it('lets the signed-in person speak the statement for "Meine eigene Stimme"', () => {
    expect(speakerName(' meine eigene Stimme ', 'Erika Muster')).toBe('Erika Muster');
    expect(speakerName('Max Beispiel', 'Erika Muster')).toBe('Max Beispiel');
    expect(speakerName('Meine eigene Stimme', '')).toBe('Meine eigene Stimme');
  });

  it('shows the running time of a recording', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(83)).toBe('1:23');
  });

  it('says that the local engine is an approximation', () => {
    expect(engineLabel({ engine: 'local', approximation: true })).toBe('Lokale Annäherung (eSpeak NG) – kein echter Klon');
    expect(engineLabel({ engine: 'elevenlabs', approximation: false })).toBe('ElevenLabs');
  });
});
