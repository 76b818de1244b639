// Steps of the voice-clone wizard (/dashboard/voice-cloning/new) with Chromium's fake
// microphone. It plays German speech the test makes with eSpeak NG (a test tone would pass
// the server's checks, but the local clone engine needs a voice to measure).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SPOKEN =
  'Guten Tag und herzlich willkommen. Mein Name ist auf dieser Aufnahme zu hören, und ich spreche ruhig, ' +
  'deutlich und in meinem natürlichen Tempo. Ich freue mich, dass Sie heute dabei sind.';

/** A WAV of German speech at a moderate level (well below clipping). */
function speechWav() {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'stimmwerk-mic-')), 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'de', '-s', '150', '-a', '70', '-w', file, SPOKEN]);
  return file;
}

/** Chromium switches: a fake microphone speaking German, allowed without asking. */
export function fakeMicrophoneArgs() {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${speechWav()}`];
}

/** Long enough for the server's 5 s minimum, with room for the recorder's start. */
export const RECORDING_MS = 6_500;

/**
 * Records on the current step (training text or consent statement): start, wait, stop,
 * and wait for the server's check. Returns the input level seen while recording (0–100).
 */
export async function recordInWizard(page, ms = RECORDING_MS) {
  await page.getByTestId('record-start').or(page.getByTestId('record-again')).first().click();
  await page.getByTestId('record-stop').waitFor();
  const meter = page.getByTestId('level-meter');
  let level = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    level = Math.max(level, Number(await meter.getAttribute('aria-valuenow')));
    await page.waitForTimeout(250);
  }
  await page.getByTestId('record-stop').click();
  await page
    .getByTestId('record-duration')
    .or(page.getByTestId('record-error'))
    .first()
    .waitFor({ timeout: 30_000 });
  const error = page.getByTestId('record-error');
  if (await error.isVisible()) throw new Error(`recording refused: ${await error.textContent()}`);
  return level;
}

/** Steps 1–3: name, clone source, teleprompter defaults (or the given text size). Ends on step 4. */
export async function fillCloneBasics(page, { name, source, textSize }) {
  await page.getByLabel('Name der Stimme').fill(name);
  await page.getByTestId('wizard-next-step-1').click();
  await page.getByLabel('Klonquelle').fill(source);
  await page.getByTestId('wizard-next-step-2').click();
  if (textSize !== undefined) await page.getByLabel('Textgröße').fill(String(textSize));
  await page.getByTestId('wizard-next-step-3').click();
  await page.getByTestId('record-start').waitFor();
}

/** Step 6: the three consents and the spoken statement. Stays on step 6. */
export async function giveConsent(page) {
  await page.getByTestId('consent-own-voice').check();
  await page.getByTestId('consent-usage').check();
  await page.getByTestId('consent-terms').check();
  return recordInWizard(page);
}

/**
 * Where the teleprompter's first line is against its box (viewport pixels): the line's
 * rectangle from a Range over the text's first character, the box's from its bounds.
 */
export async function teleprompterFirstLine(page) {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="teleprompter"]');
    const text = document.querySelector('[data-testid="teleprompter-text"]').firstChild;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const line = range.getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    return {
      line: { top: line.top, bottom: line.bottom },
      box: { top: frame.top + box.clientTop, bottom: frame.top + box.clientTop + box.clientHeight },
      scrollTop: box.scrollTop,
    };
  });
}
