// Steps through the Stimmwerk UI shared by the end-to-end suites.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BASE_URL, OUTBOX_DIR } from './env.mjs';
import { waitForConfirmationToken } from './mail.mjs';

export const START_BALANCE_CENT = 100;
export const PASSWORD = 'E2e-Passwort-123';

/** Same rule as the server: max(1, ceil(chars / 10)) of the trimmed text. */
export function costCents(text) {
  const chars = Array.from(text.trim()).length;
  return chars === 0 ? 0 : Math.max(1, Math.ceil(chars / 10));
}

export function euro(cents) {
  return `${(cents / 100).toFixed(2).replace('.', ',')} €`;
}

export function uniqueEmail() {
  return `e2e-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.test`;
}

/** Waits until some element containing `text` is visible (toasts, notices, labels). */
export async function expectVisibleText(page, text, timeout = 10_000) {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout });
}

export async function assertBalance(page, cents) {
  const badge = page.getByTestId('balance-badge');
  await badge.waitFor();
  await page.waitForFunction(
    ([expected]) => document.querySelector('[data-testid="balance-badge"]')?.textContent?.includes(expected),
    [euro(cents)],
    { timeout: 10_000 },
  );
}

/** Landing → /auth → sign-up → confirmation mail → confirm link → sign-in → /dashboard. */
export async function signUpConfirmAndSignIn(page) {
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
  // The address given at the sign-up is kept for the sign-in after the confirmation.
  assert.equal(await login.getByLabel('E-Mail').inputValue(), email, 'the sign-up address is prefilled');
  await login.getByLabel('E-Mail').fill(email);
  await login.getByLabel('Passwort').fill(PASSWORD);
  await login.getByRole('button', { name: 'Anmelden' }).click();
  await expectVisibleText(page, 'Erfolgreich angemeldet');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await assertBalance(page, START_BALANCE_CENT);
  return email;
}

/** Opens the (Radix) select labelled `label` and clicks the option named `option`. */
export async function chooseOption(page, label, option) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The value of the (Radix) select labelled `label`. */
export function selectedValue(page, label) {
  return page.getByLabel(label, { exact: true }).getAttribute('data-value');
}

/** The option texts of the (Radix) select labelled `label` (opens and closes it). */
export async function optionLabels(page, label) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option').first().waitFor();
  const labels = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  return labels;
}

export async function openTts(page) {
  await page.getByRole('link', { name: 'Text zu Sprache' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/tts');
  await page.getByTestId('voice-option').first().waitFor({ timeout: 15_000 });
  if ((await selectedValue(page, 'Sprache')) !== 'de-DE') await chooseOption(page, 'Sprache', /\(de-DE\)/);
}

/** Selects the first available local German voice and returns its key. */
export async function pickLocalGermanVoice(page) {
  const option = page.locator('[data-testid="voice-option"][data-voice-key^="local-"]:not([disabled])').first();
  await option.waitFor({ timeout: 10_000 });
  const key = await option.getAttribute('data-voice-key');
  await option.click();
  assert.equal(await option.getAttribute('aria-checked'), 'true', `voice ${key} should be selected`);
  return key;
}

export function looksLikeMp3(bytes) {
  const id3 = bytes.length >= 3 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33; // "ID3"
  const frameSync = bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0;
  return id3 || frameSync;
}

/**
 * Waits until an <audio> matching `selector` has loaded (duration > 0) and is playing; every
 * list row has its own player, so the one that plays counts. Returns its state.
 */
export async function waitForPlayback(page, selector, timeout = 20_000) {
  const state = await page.waitForFunction(
    (sel) => {
      const audio = [...document.querySelectorAll(sel)].find(
        (a) => Number.isFinite(a.duration) && a.duration > 0 && (a.currentTime > 0 || !a.paused),
      );
      return audio ? { duration: audio.duration, paused: audio.paused, currentTime: audio.currentTime, error: audio.error?.code ?? null } : null;
    },
    selector,
    { timeout },
  );
  return state.jsonValue();
}

/**
 * Reads a finished download and checks it is a real MP3: ID3 tag or frame sync at the
 * start, and the browser decodes it to audio longer than 0 s. Returns the bytes.
 */
export async function assertMp3Download(page, download, expectedName) {
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
  return bytes;
}
