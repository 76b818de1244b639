// End-to-end tests of the anonymous live demo and of the provider filter, against a
// running Stimmwerk server (same settings as generation.spec.mjs):
//
//   BASE_URL=http://127.0.0.1:8080 OUTBOX_DIR=/path/to/data/outbox npm run e2e
//
// The demo allows 3 successful tries a day per browser (cookie `stimmwerk_demo`) and per
// client IP. Every test starts in a fresh browser context, so the browser limit is new;
// the per-IP limit (`APP__DEMO__TRIES_PER_IP`) must be high enough for repeated runs
// from 127.0.0.1.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  assertMp3Download,
  chooseOption,
  expectVisibleText,
  openTts,
  selectedValue,
  signUpConfirmAndSignIn,
  waitForPlayback,
} from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, SCREENSHOT_DIR, skip } from './helpers/env.mjs';

// The admin's reason for a voice without a key; customers and visitors never see it.
const NO_KEY_REASON = 'Für diesen Anbieter ist kein API-Schlüssel hinterlegt.';
const CUSTOMER_REASON = 'Derzeit nicht verfügbar.';
const EMPTY_FILTER = 'Keine Sprecher für den gewählten Filter verfügbar';
const DEMO_TEXTS = [
  'Willkommen bei Stimmwerk! Dies ist der erste Test.',
  'Der zweite Test klingt genauso deutlich.',
  'Und das ist der dritte und letzte Test für heute.',
];

const screenshot = (page, name) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true }).catch(() => undefined);

/** "Verbleibende Tests: n von m" → {remaining, tries}. */
async function readRemaining(page) {
  const text = (await page.getByTestId('demo-remaining').textContent()) ?? '';
  const match = /Verbleibende Tests: (\d+) von (\d+)/.exec(text);
  assert.ok(match, `remaining counter: "${text}"`);
  return { remaining: Number(match[1]), tries: Number(match[2]) };
}

async function waitForRemaining(page, remaining, tries) {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="demo-remaining"]')?.textContent?.includes(expected),
    `Verbleibende Tests: ${remaining} von ${tries}`,
    { timeout: 10_000 },
  );
}

async function openDemo(page) {
  await page.goto(`${BASE_URL}/live-demo`);
  await page.getByTestId('demo-text').waitFor();
  await page.getByTestId('demo-voice-option').first().waitFor();
}

/** Selects the first available local voice of the demo and returns its key. */
async function pickLocalDemoVoice(page) {
  const option = page.locator('[data-testid="demo-voice-option"][data-voice-key^="local-"]:not([disabled])').first();
  await option.waitFor();
  const key = await option.getAttribute('data-voice-key');
  await option.click();
  assert.equal(await option.getAttribute('aria-checked'), 'true', `voice ${key} should be selected`);
  return key;
}

/** From now on, the page keeps every `data-state` ('playing', 'paused') of the element in `window.__playStates`. */
async function recordPlayStates(page, testId) {
  await page.evaluate((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    window.__playStates = [element.getAttribute('data-state')];
    new MutationObserver(() => window.__playStates.push(element.getAttribute('data-state'))).observe(element, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  }, testId);
}

/** Fills the text, generates, and waits until a new audio is ready; returns its object URL. */
async function generate(page, text, previousUrl = null) {
  await page.getByTestId('demo-text').fill(text);
  assert.equal(await page.getByTestId('demo-counter').textContent(), `${Array.from(text).length}/100`);
  await page.getByTestId('demo-generate').click();
  await page.waitForFunction(
    (previous) => {
      const audio = document.querySelector('[data-testid="demo-audio"]');
      return !!audio && audio.getAttribute('src')?.startsWith('blob:') && audio.getAttribute('src') !== previous;
    },
    previousUrl,
    { timeout: 60_000 },
  );
  await page.getByTestId('demo-play').waitFor();
  return page.getByTestId('demo-audio').getAttribute('src');
}

describe('Stimmwerk live demo (end to end)', { skip }, () => {
  let browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  test('three demo tries with a local voice: play, download, then the limit', { timeout: 300_000 }, async () => {
    // A fresh context has no demo cookie, so the browser gets all its tries.
    const { context, page, errors } = await newPage(browser);
    let second;
    try {
      await openDemo(page);
      const { remaining, tries } = await readRemaining(page);
      assert.equal(tries, 3, 'three tries a day');
      assert.equal(
        remaining,
        tries,
        'a new browser has all tries left (if not, the per-IP limit is used up: raise APP__DEMO__TRIES_PER_IP)',
      );
      await screenshot(page, 'live-demo.png');

      await assertAccessible(page, 'live demo');

      // Visitors get only usable voices, and never the admin's wording.
      assert.equal(await page.locator('[data-testid="demo-voice-option"][disabled]').count(), 0, 'no unusable demo voice');
      assert.ok(!(await page.content()).includes(NO_KEY_REASON), 'no admin wording on the demo');
      // A provider without demo voices: the empty state resets the filter.
      await chooseOption(page, 'Anbieter', 'Murf AI');
      await expectVisibleText(page, EMPTY_FILTER);
      await page.getByRole('button', { name: 'Alle Anbieter anzeigen' }).click();
      assert.equal(await selectedValue(page, 'Anbieter'), 'all');

      // Over 100 characters: the counter turns red and nothing is sent.
      await page.getByTestId('demo-text').fill('x'.repeat(101));
      assert.equal(await page.getByTestId('demo-counter').getAttribute('data-over-limit'), 'true');
      await page.getByTestId('demo-generate').click();
      await expectVisibleText(page, 'Maximale Länge: 100 Zeichen. Aktuell: 101 Zeichen.');
      assert.equal((await readRemaining(page)).remaining, tries);

      // First try: generate, play, download.
      await pickLocalDemoVoice(page);
      let url = await generate(page, DEMO_TEXTS[0]);
      await waitForRemaining(page, tries - 1, tries);

      // The clip lasts about three seconds; on a busy machine it can end before a check
      // from here arrives, so the page itself records every state the button takes.
      await recordPlayStates(page, 'demo-play');
      await page.getByTestId('demo-play').click();
      const playback = await waitForPlayback(page, '[data-testid="demo-audio"]');
      assert.ok(playback.duration > 0, `audio duration ${playback.duration}`);
      assert.equal(playback.error, null);
      assert.equal(await page.getByText('Wiedergabefehler').count(), 0, 'no playback error toast');
      await page.waitForFunction(() => window.__playStates.includes('playing'), null, { timeout: 5_000 });
      await page.waitForTimeout(300); // let the button's colour transition finish
      await screenshot(page, 'live-demo-audio.png');
      // At the end of the clip the button turns back to "Abspielen".
      await page.waitForFunction(
        () => document.querySelector('[data-testid="demo-audio"]')?.ended && window.__playStates.at(-1) === 'paused',
        null,
        { timeout: 20_000 },
      );

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('demo-download').click()]);
      // Named after the text as written (the first 30 characters).
      await assertMp3Download(page, download, 'Willkommen bei Stimmwerk! Dies.mp3');

      // A second tab of the same browser, opened before the last try, still offers it.
      second = await context.newPage();
      second.on('pageerror', (error) => errors.push(error));
      await openDemo(second);

      // Second and third try.
      url = await generate(page, DEMO_TEXTS[1], url);
      await waitForRemaining(page, tries - 2, tries);
      await generate(page, DEMO_TEXTS[2], url);
      await waitForRemaining(page, 0, tries);
      assert.equal(await page.getByTestId('demo-generate').isDisabled(), true, 'locked after the last try');
      await expectVisibleText(page, 'Demo-Limit erreicht');

      // Fourth try, from the second tab: the server refuses it.
      await pickLocalDemoVoice(second);
      await second.getByTestId('demo-text').fill('Ein vierter Versuch.');
      await second.getByTestId('demo-generate').click();
      await second.locator('[data-sonner-toast]', { hasText: 'Demo-Limit erreicht' }).first().waitFor();
      await expectVisibleText(second, 'Registrieren Sie sich für unbegrenzte Nutzung.');
      await waitForRemaining(second, 0, tries);
      assert.equal(await second.getByTestId('demo-generate').isDisabled(), true);
      const signup = second.getByTestId('demo-limit').getByRole('link', { name: /registrieren/i });
      assert.match((await signup.getAttribute('href')) ?? '', /^\/auth/);
      await screenshot(second, 'live-demo-limit.png');

      // After a reload the server still counts the browser's tries.
      await page.reload();
      await page.getByTestId('demo-text').waitFor();
      await waitForRemaining(page, 0, tries);
      assert.equal(await page.getByTestId('demo-generate').isDisabled(), true);

      assert.deepEqual(errors, [], 'no uncaught page errors');
    } finally {
      await context.close();
    }
  });

  test('provider filter on /dashboard/tts: a customer sees no voice without a key, and an empty filter', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      await openTts(page);
      await assertAccessible(page, 'TTS');

      // No keys are configured in e2e: a customer is not shown OpenAI's voices at all (nothing
      // to act on), so the OpenAI filter is empty, with no admin wording and no settings link.
      await chooseOption(page, 'Anbieter', 'OpenAI');
      await page.getByText(EMPTY_FILTER).waitFor();
      assert.equal(await page.getByTestId('voice-option').count(), 0);
      assert.ok(!(await page.content()).includes(NO_KEY_REASON), 'no admin wording for customers');
      assert.ok(!(await page.content()).includes(CUSTOMER_REASON), 'no greyed-out voices either');
      assert.equal(await page.getByRole('link', { name: 'Einstellungen öffnen' }).count(), 0);
      await screenshot(page, 'tts-empty-filter.png');

      // ... whose button shows all providers again: every voice listed can speak.
      await page.getByRole('button', { name: 'Alle Anbieter anzeigen' }).click();
      assert.equal(await selectedValue(page, 'Anbieter'), 'all');
      await page.getByTestId('voice-option').first().waitFor();
      assert.equal(await page.getByText(EMPTY_FILTER).count(), 0);
      assert.equal(await page.locator('[data-testid="voice-option"][data-available="false"]').count(), 0);

      assert.deepEqual(errors, [], 'no uncaught page errors');
    } finally {
      await context.close();
    }
  });
});
