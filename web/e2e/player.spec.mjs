// The audio player of the lists end to end: two audios made on the TTS screen; the total
// time shows before anything is loaded, the audio plays, the slider moves by keyboard and
// by mouse, the speed changes, starting one audio pauses the other; the same player and
// the audio's facts (cost, length, expiry) in the knowledge base. axe scans both screens,
// and neither scrolls sideways on a 390 px phone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertAccessible } from './helpers/a11y.mjs';
import { expectVisibleText, openTts, pickLocalGermanVoice, signUpConfirmAndSignIn, waitForPlayback } from './helpers/app.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, skip } from './helpers/env.mjs';
import { assertNoHorizontalScroll, shot } from './helpers/layout.mjs';

// About half a minute of speech, so that a 5 s step stays inside it.
const LONG_TEXT =
  'Willkommen zum Hörbuch von Stimmwerk. In diesem Kapitel erzählen wir, wie aus geschriebenem Text eine natürliche Stimme wird. ' +
  'Zuerst wird der Text gelesen und in Sätze geteilt, dann werden Zahlen und Abkürzungen ausgeschrieben. ' +
  'Danach spricht die Stimme jeden Satz, und am Ende wird alles zu einer Datei zusammengefügt, die Sie hier anhören können.';
const SHORT_TEXT = 'Ein kurzes zweites Audio.';

/** "m:ss" as the player shows it (seconds cut, not rounded). */
function clock(seconds) {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

async function waitForCompleted(page, count) {
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('[data-testid="job-row"]')].filter((r) => r.getAttribute('data-status') === 'completed').length >= n,
    count,
    { timeout: 90_000 },
  );
}

/** The state of the <audio> element with `testId` inside `row`. */
function audioState(row, testId) {
  return row.getByTestId(testId).evaluate((a) => ({ time: a.currentTime, paused: a.paused, rate: a.playbackRate, readyState: a.readyState }));
}

/** Waits until the element is at `seconds` (±0.3 s): a seek may first fetch the whole file. */
async function waitForTime(row, testId, seconds) {
  await row.getByTestId(testId).evaluate(
    (a, t) =>
      new Promise((resolve, reject) => {
        const done = () => Math.abs(a.currentTime - t) < 0.3 && a.readyState >= 1;
        if (done()) return resolve(null);
        const timer = setTimeout(() => reject(new Error(`at ${a.currentTime}, not ${t}`)), 10_000);
        a.addEventListener('timeupdate', function check() {
          if (!done()) return;
          clearTimeout(timer);
          a.removeEventListener('timeupdate', check);
          resolve(null);
        });
      }),
    seconds,
  );
}

async function waitForPaused(row, testId) {
  await row.getByTestId(testId).evaluate((a) => (a.paused ? null : new Promise((resolve) => a.addEventListener('pause', resolve, { once: true }))));
}

/** The total time shows before playing: the server's length, with nothing loaded yet. */
async function assertTotalBeforePlay(row, prefix, seconds) {
  assert.equal((await row.getByTestId(`${prefix}-duration`).textContent())?.trim(), clock(seconds));
  assert.equal((await row.getByTestId(`${prefix}-time`).textContent())?.trim(), '0:00');
  const state = await audioState(row, `${prefix}-audio`);
  assert.equal(state.readyState, 0, 'nothing is loaded before the first play');
  assert.equal(await row.getByTestId(`${prefix}-position`).getAttribute('aria-valuetext'), `0:00 von ${clock(seconds)}`);
}

describe('Audio player (end to end)', { skip }, () => {
  let browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  test('total time before playing, play, seek by key and mouse, speed, one at a time, on TTS and in the knowledge base', { timeout: 300_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      await openTts(page);
      await pickLocalGermanVoice(page);
      for (const text of [LONG_TEXT, SHORT_TEXT]) {
        await page.getByTestId('tts-text').fill(text);
        await page.getByTestId('tts-submit').click();
        await expectVisibleText(page, 'TTS-Generierung gestartet');
      }
      await waitForCompleted(page, 2);
      const { jobs } = await (await page.request.get(`${BASE_URL}/api/jobs`)).json();
      const long = jobs.find((j) => j.text === LONG_TEXT);
      assert.ok(long.duration_seconds > 15, `the long audio lasts ${long.duration_seconds} s`);

      const row = page.getByTestId('job-row').filter({ hasText: 'Willkommen zum Hörbuch' });
      const other = page.getByTestId('job-row').filter({ hasText: SHORT_TEXT });
      await assertTotalBeforePlay(row, 'job', long.duration_seconds);
      await assertAccessible(page, 'TTS list with players');
      await shot(page, 'player-tts-before-play-1366.png');

      // Play, then pause to look at a still position.
      await row.getByTestId('job-play').click();
      const playback = await waitForPlayback(page, '[data-testid="job-audio"]');
      assert.equal(playback.error, null);
      assert.equal(await row.getByTestId('job-play').getAttribute('aria-label'), 'Pause');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="job-audio"]')].some((a) => a.currentTime > 1));
      await row.getByTestId('job-play').click();
      await waitForPaused(row, 'job-audio');
      assert.equal(await row.getByTestId('job-play').getAttribute('aria-label'), 'Abspielen');

      // ArrowRight: 5 s on, in the element, the slider and the clock.
      const slider = row.getByTestId('job-position');
      const before = await audioState(row, 'job-audio');
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      // The API's file store answers without range requests: the first seek fetches the whole file.
      await waitForTime(row, 'job-audio', before.time + 5);
      const moved = await audioState(row, 'job-audio');
      assert.ok(Math.abs(moved.time - (before.time + 5)) < 0.3, `ArrowRight moved ${before.time} -> ${moved.time}`);
      assert.equal(await slider.getAttribute('aria-valuenow'), String(Math.floor(before.time + 5)));
      assert.equal((await row.getByTestId('job-time').textContent())?.trim(), clock(before.time + 5));
      assert.match((await slider.getAttribute('aria-valuetext')) ?? '', new RegExp(`^${clock(before.time + 5)} von \\d+:\\d\\d$`));

      // A click in the middle of the bar seeks to the middle.
      const bar = await slider.boundingBox();
      await slider.click({ position: { x: bar.width / 2, y: bar.height / 2 } });
      const length = await row.getByTestId('job-audio').evaluate((a) => a.duration);
      await waitForTime(row, 'job-audio', length / 2).catch(() => undefined);
      const middle = await audioState(row, 'job-audio');
      assert.ok(Math.abs(middle.time - length / 2) < length * 0.05, `clicked the middle: ${middle.time} of ${length}`);

      // Speed 1,5×: the element plays faster, and keeps playing.
      await row.getByTestId('job-speed').selectOption('1.5');
      assert.equal((await audioState(row, 'job-audio')).rate, 1.5);
      await row.getByTestId('job-play').click();
      await page.waitForFunction((t) => [...document.querySelectorAll('[data-testid="job-audio"]')].some((a) => !a.paused && a.currentTime > t + 0.5), middle.time);
      await shot(page, 'player-tts-playing-1366.png');

      // One at a time: the other audio starts, this one pauses.
      await other.getByTestId('job-play').click();
      await waitForPaused(row, 'job-audio');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="job-play"][data-state="playing"]').length === 1);
      assert.equal(await row.getByTestId('job-play').getAttribute('data-state'), 'paused');
      assert.equal(await other.getByTestId('job-play').getAttribute('data-state'), 'playing');
      await other.getByTestId('job-play').click();
      await waitForPaused(other, 'job-audio');

      await page.setViewportSize({ width: 390, height: 844 });
      await row.scrollIntoViewIfNeeded();
      await assertNoHorizontalScroll(page, 'TTS list with players, phone');
      await shot(page, 'player-tts-390.png');

      // The knowledge base: the audio says what it is, and has the same player.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`${BASE_URL}/dashboard/knowledge`);
      const item = page.getByTestId('kb-item').filter({ hasText: 'Willkommen zum Hörbuch' });
      await item.waitFor();
      const facts = (await item.textContent()) ?? '';
      assert.match(facts, /Kosten:\s*\d+ Cent/);
      assert.match(facts, /Länge:\s*(\d+,\d s|\d+:\d\d min)/);
      assert.match(facts, /Erstellt:\s*\d\d\.\d\d\.\d{4}, \d\d:\d\d/);
      assert.match((await item.getByTestId('kb-expiry').textContent()) ?? '', /^(Läuft am \d\d\.\d\d\.\d{4} um \d\d:\d\d ab|Läuft ab in \d\d:\d\d:\d\d)$/);
      await assertTotalBeforePlay(item, 'kb', long.duration_seconds);
      await item.getByTestId('kb-play').click();
      await waitForPlayback(page, '[data-testid="kb-audio"]');
      await item.getByTestId('kb-position').focus();
      await page.keyboard.press('End');
      await waitForTime(item, 'kb-audio', length);
      await waitForPaused(item, 'kb-audio');
      assert.equal((await item.getByTestId('kb-time').textContent())?.trim(), clock(length));
      await assertAccessible(page, 'knowledge base with players');
      await shot(page, 'player-knowledge-1366.png');
      await page.setViewportSize({ width: 390, height: 844 });
      await item.scrollIntoViewIfNeeded();
      await assertNoHorizontalScroll(page, 'knowledge base with players, phone');
      await shot(page, 'player-knowledge-390.png');

      assert.deepEqual(errors, [], 'no uncaught page errors');
    } finally {
      await context.close();
    }
  });
});
