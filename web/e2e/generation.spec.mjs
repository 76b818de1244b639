// End-to-end test of the generation flow against a running Stimmwerk server.
//
//   BASE_URL=http://127.0.0.1:8080 OUTBOX_DIR=/path/to/data/outbox npm run e2e
//
// BASE_URL:   where the API serves web/dist and /api (required; the tests skip without it).
// OUTBOX_DIR: the folder the API writes confirmation e-mails to (lettre FileTransport),
//             default ../data/outbox relative to web/ (the API's default `data/outbox`
//             when it runs from the repository root).
// CHROMIUM:   browser binary, default /usr/bin/chromium (never downloaded).
//
// Each test signs up its own fresh user, so the tests do not depend on each other.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { waitForConfirmationToken } from './helpers/mail.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BASE_URL = process.env.BASE_URL?.replace(/\/+$/, '');
const OUTBOX_DIR = path.resolve(process.env.OUTBOX_DIR ?? path.join(here, '..', '..', 'data', 'outbox'));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = path.join(here, 'screenshots');

const GERMAN_SENTENCE = 'Guten Tag! Dies ist ein kurzer Test der deutschen Sprachausgabe von Stimmwerk.';
const START_BALANCE_CENT = 100;
const PASSWORD = 'E2e-Passwort-123';

const skip = BASE_URL ? false : 'BASE_URL is not set (e.g. BASE_URL=http://127.0.0.1:8080)';

/** Same rule as the server: max(1, ceil(chars / 10)) of the trimmed text. */
function costCents(text) {
  const chars = Array.from(text.trim()).length;
  return chars === 0 ? 0 : Math.max(1, Math.ceil(chars / 10));
}

function euro(cents) {
  return `${(cents / 100).toFixed(2).replace('.', ',')} €`;
}

function uniqueEmail() {
  return `e2e-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.test`;
}

/** Waits until some element containing `text` is visible (toasts, notices, labels). */
async function expectVisibleText(page, text, timeout = 10_000) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout });
}

/** Landing → /auth → sign-up → confirmation mail → confirm link → sign-in → /dashboard. */
async function signUpConfirmAndSignIn(page) {
  const email = uniqueEmail();
  const startedAt = Date.now() - 5_000;

  await page.goto(`${BASE_URL}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Kopfnavigation' }).getByRole('link', { name: 'Anmelden' }).click();
  await page.waitForURL('**/auth');

  await page.getByRole('tab', { name: 'Registrieren' }).click();
  const signup = page.getByRole('form', { name: 'Registrieren' });
  await signup.getByLabel('Name').fill('E2E Tester');
  await signup.getByLabel('Organisation').fill('Stimmwerk QA');
  await signup.getByLabel('E-Mail').fill(email);
  await signup.getByLabel('Passwort').fill(PASSWORD);
  await signup.getByRole('button', { name: 'Konto erstellen' }).click();
  await expectVisibleText(page, 'Registrierung erfolgreich');

  const { token } = await waitForConfirmationToken(OUTBOX_DIR, email, { timeoutMs: 30_000, notBefore: startedAt });
  // The mail's host may differ from BASE_URL (public_url); the path and token are what count.
  await page.goto(`${BASE_URL}/api/auth/confirm?token=${encodeURIComponent(token)}`);
  await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('confirmed') === '1');
  await expectVisibleText(page, 'E-Mail bestätigt. Sie können sich jetzt anmelden.');

  const login = page.getByRole('form', { name: 'Anmelden' });
  await login.getByLabel('E-Mail').fill(email);
  await login.getByLabel('Passwort').fill(PASSWORD);
  await login.getByRole('button', { name: 'Anmelden' }).click();
  await expectVisibleText(page, 'Erfolgreich angemeldet');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await assertBalance(page, START_BALANCE_CENT);
  return email;
}

async function assertBalance(page, cents) {
  const badge = page.getByTestId('balance-badge');
  await badge.waitFor();
  await page.waitForFunction(
    ([expected]) => document.querySelector('[data-testid="balance-badge"]')?.textContent?.includes(expected),
    [euro(cents)],
    { timeout: 10_000 },
  );
}

async function openTts(page) {
  await page.getByRole('link', { name: 'Text zu Sprache' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/tts');
  await page.getByTestId('voice-option').first().waitFor({ timeout: 15_000 });
  const language = page.getByLabel('Sprache');
  if ((await language.inputValue()) !== 'de-DE') await language.selectOption('de-DE');
}

/** Selects the first available local German voice and returns its key. */
async function pickLocalGermanVoice(page) {
  const option = page.locator('[data-testid="voice-option"][data-voice-key^="local-"]:not([disabled])').first();
  await option.waitFor({ timeout: 10_000 });
  const key = await option.getAttribute('data-voice-key');
  await option.click();
  assert.equal(await option.getAttribute('aria-checked'), 'true', `voice ${key} should be selected`);
  return key;
}

async function waitForFirstJob(page, status, timeoutMs) {
  const row = page.getByTestId('job-row').first();
  await row.waitFor({ timeout: 15_000 });
  const deadline = Date.now() + timeoutMs;
  let current = null;
  while (Date.now() < deadline) {
    current = await row.getAttribute('data-status');
    if (current === status) return row;
    if (current === 'failed') {
      const reason = await row.getByTestId('job-error').textContent().catch(() => '');
      throw new Error(`The job failed: ${reason}`);
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`The first job is "${current}", not "${status}", after ${timeoutMs} ms`);
}

function looksLikeMp3(bytes) {
  const id3 = bytes.length >= 3 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33; // "ID3"
  const frameSync = bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0;
  return id3 || frameSync;
}

describe('Stimmwerk generation (end to end)', { skip }, () => {
  let browser;

  before(async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    });
  });

  after(async () => {
    await browser?.close();
  });

  async function newPage() {
    const context = await browser.newContext({ acceptDownloads: true, locale: 'de-DE', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors = [];
    page.on('pageerror', (error) => errors.push(error));
    return { context, page, errors };
  }

  test('sign up, confirm, sign in, generate, play and download an MP3', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage();
    try {
      await signUpConfirmAndSignIn(page);
      await openTts(page);
      await pickLocalGermanVoice(page);

      await page.getByTestId('tts-text').fill(GERMAN_SENTENCE);
      const cost = costCents(GERMAN_SENTENCE);
      await expectVisibleText(page, `Kosten: ${cost} Cent`);
      await page.getByTestId('tts-submit').click();
      await expectVisibleText(page, 'TTS-Generierung gestartet');
      await assertBalance(page, START_BALANCE_CENT - cost);

      const row = await waitForFirstJob(page, 'completed', 60_000);
      assert.match((await row.textContent()) ?? '', /Guten Tag! Dies ist ein kurzer Test/);

      // Play: the <audio> element loads the MP3 (duration > 0) and starts playing.
      await row.getByTestId('job-play').click();
      await page.waitForFunction(
        () => {
          const audio = document.querySelector('[data-testid="job-audio"]') ?? document.querySelector('audio');
          return (
            !!audio &&
            Number.isFinite(audio.duration) &&
            audio.duration > 0 &&
            (audio.currentTime > 0 || !audio.paused)
          );
        },
        null,
        { timeout: 20_000 },
      );
      const playback = await page.evaluate(() => {
        const audio = document.querySelector('[data-testid="job-audio"]') ?? document.querySelector('audio');
        return { duration: audio.duration, paused: audio.paused, currentTime: audio.currentTime, error: audio.error?.code ?? null };
      });
      assert.ok(playback.duration > 0, `audio duration ${playback.duration}`);
      assert.equal(playback.error, null);
      assert.equal(await page.getByText('Wiedergabefehler').count(), 0, 'no playback error toast');

      // Download: the file is an MP3 and decodes in the browser.
      const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('job-download').click()]);
      const expectedName = `${Array.from(GERMAN_SENTENCE).slice(0, 30).join('').replace(/[^a-zA-Z0-9]/g, '_')}.mp3`;
      assert.equal(download.suggestedFilename(), expectedName);
      const file = await download.path();
      assert.ok(file, 'download saved');
      const bytes = await readFile(file);
      assert.ok(bytes.length > 1000, `MP3 has ${bytes.length} bytes`);
      assert.ok(looksLikeMp3(bytes), `starts with ID3 or an MP3 frame sync: ${bytes.subarray(0, 4).toString('hex')}`);

      const decoded = await page.evaluate(async (base64) => {
        const binary = atob(base64);
        const buffer = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i++) buffer[i] = binary.charCodeAt(i);
        const context = new AudioContext();
        try {
          const audio = await context.decodeAudioData(buffer.buffer);
          return { duration: audio.duration, channels: audio.numberOfChannels, sampleRate: audio.sampleRate };
        } finally {
          await context.close();
        }
      }, bytes.toString('base64'));
      assert.ok(decoded.duration > 0, `decoded duration ${decoded.duration}`);

      assert.deepEqual(errors, [], 'no uncaught page errors');
    } finally {
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'tts-generation.png'), fullPage: true }).catch(() => undefined);
      await context.close();
    }
  });

  test('client checks: empty text and a text above the balance', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage();
    try {
      await signUpConfirmAndSignIn(page);
      await openTts(page);

      // Empty text.
      await page.getByTestId('tts-submit').click();
      await expectVisibleText(page, 'Eingabe unvollständig');
      await expectVisibleText(page, 'Bitte geben Sie Text ein und wählen Sie eine Stimme.');

      // 1500 characters cost 150 cents, more than the 100 cents start balance.
      await pickLocalGermanVoice(page);
      const sentence = 'Dies ist ein langer Satz für den Guthabentest. ';
      const text = sentence.repeat(Math.ceil(1500 / sentence.length)).slice(0, 1500).replace(/\s$/, '.');
      assert.equal(costCents(text), 150);
      await page.getByTestId('tts-text').fill(text);
      await expectVisibleText(page, '1500/5000 Zeichen');
      await expectVisibleText(page, 'Kosten: 150 Cent');
      await page.getByTestId('tts-submit').click();
      await expectVisibleText(page, 'Unzureichendes Guthaben');
      await expectVisibleText(page, 'Sie benötigen 150 Cent für diese Konvertierung. Ihr aktuelles Guthaben: 100 Cent.');

      // Nothing was charged and no job was created.
      await assertBalance(page, START_BALANCE_CENT);
      await expectVisibleText(page, 'Noch keine TTS-Jobs erstellt.');
      assert.deepEqual(errors, [], 'no uncaught page errors');
    } finally {
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'tts-page.png'), fullPage: true }).catch(() => undefined);
      await context.close();
    }
  });
});
