// Voice cloning end to end, with Chromium's fake microphone speaking German: name, clone
// source, teleprompter, a recording checked by the server, preview, the consents with the
// spoken statement, the draft kept over a reload (recordings included), "Fertigstellen";
// the worker trains the clone on the local engine until the list shows it ready; the admin
// finds it with its owner; a generation with the new voice completes and plays.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { assertAccessible } from './helpers/a11y.mjs';
import { ADMIN_PASSWORD, signInAsAdmin } from './helpers/admin.mjs';
import { assertBalance, expectVisibleText, openTts, signUpConfirmAndSignIn, waitForPlayback } from './helpers/app.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { fakeMicrophoneArgs, fillCloneBasics, giveConsent, teleprompterFirstLine } from './helpers/cloning.mjs';
import { BASE_URL, SCREENSHOT_DIR, skip } from './helpers/env.mjs';
import { assertNoHorizontalScroll, shot } from './helpers/layout.mjs';

const NAME = 'E2E Klonstimme';
const SOURCE = 'Meine eigene Stimme';

describe('Voice-clone wizard (end to end)', { skip }, () => {
  let browser;

  before(async () => {
    browser = await launchBrowser({ args: fakeMicrophoneArgs() });
  });

  after(async () => {
    await browser?.close();
  });

  test('records, keeps the draft over a reload, trains the clone locally and speaks with it', { timeout: 360_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    await context.grantPermissions(['microphone'], { origin: BASE_URL });
    try {
      const email = await signUpConfirmAndSignIn(page);
      // The list starts empty; its button opens the wizard.
      await page.goto(`${BASE_URL}/dashboard/voice-cloning`);
      await page.getByTestId('clones-empty').waitFor();
      await assertAccessible(page, 'clone list, empty');
      await page.getByTestId('new-clone').click();
      await page.waitForURL((url) => url.pathname === '/dashboard/voice-cloning/new');
      await page.getByText('Schritt 1 von 7').waitFor();
      await assertAccessible(page, 'clone wizard, step 1');
      // The largest text: the training text then takes more lines than the box shows, so it has to scroll.
      await fillCloneBasics(page, { name: NAME, source: SOURCE, textSize: 24 });
      // Step 3 says what the speed means: a reading pace, and the training text's reading time at it.
      await page.getByTestId('wizard-back').click();
      await page.getByTestId('reading-pace').filter({ hasText: 'Etwa 14 Zeichen pro Sekunde' }).waitFor();
      assert.match(await page.getByTestId('reading-pace').textContent(), /Vorlesezeit des Trainingstexts: etwa 1\d Sekunden\./);
      await page.getByTestId('wizard-step-3').screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-clone-teleprompter-settings-1366.png') });
      await assertAccessible(page, 'clone wizard, step 3');
      await page.getByTestId('wizard-next-step-3').click();

      // Step 4: the teleprompter waits a moment, then runs at a reading pace (the first line
      // is still in view 5 s in), holds still while the recording is paused, and the meter
      // hears the microphone.
      const teleprompter = page.getByTestId('teleprompter');
      await page.getByTestId('record-start').click();
      await page.getByTestId('record-stop').waitFor();
      const startedAt = Date.now();
      await page.getByTestId('teleprompter-notice').filter({ hasText: 'Gleich geht’s los…' }).waitFor();
      await teleprompter.scrollIntoViewIfNeeded();
      await page.getByTestId('wizard-step-4').screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-clone-teleprompter-lead-in-1366.png') });
      const meter = page.getByTestId('level-meter');
      let level = 0;
      while (Date.now() - startedAt < 5_000) {
        level = Math.max(level, Number(await meter.getAttribute('aria-valuenow')));
        await page.waitForTimeout(250);
      }
      assert.ok(level > 0, `the level meter moved (${level})`);
      assert.equal(await page.getByTestId('teleprompter-notice').count(), 0, 'the lead-in is over');
      const at5s = await teleprompterFirstLine(page);
      assert.ok(
        at5s.line.top >= at5s.box.top - 1 && at5s.line.bottom <= at5s.box.bottom + 1,
        `the first line is in view 5 s into the recording: ${JSON.stringify(at5s)}`,
      );
      await page.getByTestId('wizard-step-4').screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-clone-teleprompter-5s-1366.png') });

      // Further on the text moves; a pause holds it where it is.
      // (Well into the text, so that the scroll back below is a real step back.)
      await page.waitForFunction(() => document.querySelector('[data-testid="teleprompter"]').scrollTop > 40, undefined, { timeout: 10_000 });
      await page.getByTestId('record-pause').click();
      await page.getByText('Aufnahme angehalten.').waitFor();
      const pausedAt = await teleprompter.evaluate((el) => el.scrollTop);
      await page.waitForTimeout(1_500);
      assert.equal(await teleprompter.evaluate((el) => el.scrollTop), pausedAt, 'the text holds still while paused');
      assert.equal(await meter.getAttribute('aria-valuetext'), 'Mikrofon aus');
      await page.getByTestId('wizard-step-4').screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-clone-teleprompter-paused-1366.png') });
      await assertAccessible(page, 'clone wizard, step 4, paused');
      // Back to the start with the wheel: after "Fortsetzen" it goes on from there, not from where it was.
      await teleprompter.hover();
      await page.mouse.wheel(0, -400);
      await page.waitForFunction(() => document.querySelector('[data-testid="teleprompter"]').scrollTop === 0);
      await page.waitForTimeout(1_000);
      await page.getByTestId('record-resume').click();
      await page.waitForTimeout(1_500);
      const resumed = await teleprompter.evaluate((el) => el.scrollTop);
      assert.ok(resumed < pausedAt, `it goes on from where the reader scrolled to (${pausedAt} before, ${resumed} now)`);
      await page.waitForFunction((from) => document.querySelector('[data-testid="teleprompter"]').scrollTop > from, resumed, { timeout: 5_000 });
      // The keyboard while it runs: Home takes the reader to the top, and the text is not pulled away from them.
      await teleprompter.focus();
      await page.keyboard.press('Home');
      await page.waitForFunction(() => document.querySelector('[data-testid="teleprompter"]').scrollTop === 0, undefined, { timeout: 2_000 });
      await page.waitForTimeout(400);
      assert.equal(await teleprompter.evaluate((el) => el.scrollTop), 0, 'the animation does not fight the keyboard');
      await page.getByTestId('record-stop').click();
      await page.getByTestId('record-duration').or(page.getByTestId('record-error')).first().waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('record-error').count(), 0, 'the recording passed the check');
      // Stopped: from the start again.
      assert.equal(await teleprompter.evaluate((el) => el.scrollTop), 0);
      const checked = Number(/([\d,]+) s/.exec(await page.getByTestId('record-duration').textContent())[1].replace(',', '.'));
      assert.ok(checked >= 9 && checked < 20, `the pause is left out of the recording (${checked} s)`);
      await assertAccessible(page, 'clone wizard, step 4');
      await assertNoHorizontalScroll(page, 'clone wizard, step 4');
      await page.getByTestId('wizard-next-step-4').click();

      // Step 5: the recording plays in the app's player, and the player knows its length
      // (a WebM from the recorder has none in its header).
      await page.getByTestId('preview-play').waitFor();
      assert.match((await page.getByTestId('preview-audio').getAttribute('src')) ?? '', /^blob:/);
      await page.waitForFunction(() => {
        const audio = document.querySelector('[data-testid="preview-audio"]');
        return !!audio && Number.isFinite(audio.duration) && audio.duration > 0 && audio.currentTime === 0 && !audio.seeking;
      });
      const player = await page.getByTestId('preview-audio').evaluate((el) => ({ duration: el.duration, currentTime: el.currentTime }));
      assert.ok(Math.abs(player.duration - checked) < 1, `the player's length matches the check: ${JSON.stringify(player)} vs ${checked}`);
      assert.match((await page.getByTestId('preview-duration').textContent()) ?? '', /^\d+:\d\d$/);
      await page.getByTestId('preview-play').click();
      await page.waitForFunction(() => {
        const audio = document.querySelector('[data-testid="preview-audio"]');
        return !!audio && !audio.paused && audio.currentTime > 0;
      });
      await page.getByTestId('preview-play').click();
      await page.getByTestId('wizard-step-5').screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-clone-preview-1366.png') });
      await assertAccessible(page, 'clone wizard, step 5');
      await page.getByTestId('wizard-next-step-5').click();

      // Step 6, then the draft: saved 2 s after the last change, restored after a reload.
      // "Meine eigene Stimme": the signed-in person (signed up as "E2E Tester") speaks it.
      const statement = await page.getByTestId('consent-statement').textContent();
      assert.match(statement ?? '', /E2E Tester/);
      await giveConsent(page);
      await assertAccessible(page, 'clone wizard, step 6');
      await page.waitForTimeout(2_500);
      await page.reload();
      await page.getByTestId('draft-banner').waitFor();
      await page.getByTestId('draft-resume').click();
      await page.getByText('Schritt 6 von 7').waitFor();
      assert.equal(await page.getByTestId('consent-terms').isChecked(), true);
      await page.getByTestId('record-duration').waitFor();
      await page.getByTestId('wizard-next-step-6').click();

      // Step 7: summary and finish.
      assert.equal((await page.getByTestId('summary-name').textContent())?.trim(), NAME);
      assert.match((await page.getByTestId('summary-fee').textContent()) ?? '', /1,00 €\/Monat/);
      await assertAccessible(page, 'clone wizard, step 7');
      await shot(page, 'voice-clone-wizard-activation-1366.png');
      await page.getByTestId('wizard-finish').click();
      await page.waitForURL((url) => url.pathname === '/dashboard/voice-cloning', { timeout: 60_000 });
      await expectVisibleText(page, 'Stimme erstellt');

      // The server has the clone with both recordings, in training (or already done).
      const list = await (await page.request.get(`${BASE_URL}/api/voice-clones`)).json();
      const clone = list.voices.find((v) => v.name === NAME);
      assert.ok(clone, 'the clone is listed');
      assert.equal(clone.cloned_from, SOURCE);
      assert.equal(clone.sample_count, 2);
      assert.equal(clone.consent_given, true);
      assert.ok(['training_in_progress', 'awaiting_activation'].includes(clone.status), `status ${clone.status}`);

      // The worker trains it on the local engine; the list shows it trained, as an
      // approximation, waiting for its owner: a preview first, no fee yet.
      const row = page.locator('[data-testid="clone-row"]').filter({ hasText: NAME });
      await row.locator('[data-testid="clone-status"][data-status="awaiting_activation"]').waitFor({ timeout: 90_000 });
      await row.getByTestId('clone-approximation').waitFor();
      await assertBalance(page, 100);
      await row.getByTestId('voice-preview').click();
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-testid="voice-preview-audio"]')].some((a) => !a.paused && a.currentTime > 0),
        undefined,
        { timeout: 20_000 },
      );
      // Activation shows the fee's terms before the first month is charged.
      await row.getByTestId('clone-activate').click();
      const terms = page.getByRole('dialog', { name: 'Stimme aktivieren?' });
      await terms.waitFor();
      assert.match(await terms.innerText(), /pro 30 Tage.*jetzt von Ihrem Guthaben abgebucht/s);
      await assertAccessible(page, 'clone activation dialog');
      await shot(page, 'voice-clone-activate-1366.png');
      await terms.getByRole('button', { name: /aktivieren/ }).click();
      await row.locator('[data-testid="clone-status"][data-status="completed"]').waitFor();
      await assertAccessible(page, 'clone list');
      await assertNoHorizontalScroll(page, 'clone list');
      await shot(page, 'voice-clone-list-1366.png');
      // Its recordings play back (training text and consent statement). The dialog loads
      // them after it opens, so the list is awaited before it is counted.
      await row.getByTestId('clone-recordings').click();
      await page.getByTestId('sample-entry').first().waitFor();
      assert.equal(await page.getByTestId('sample-entry').count(), 2);
      await waitForPlayback(page, '[data-testid="sample-audio"]');
      await assertAccessible(page, 'clone recordings dialog');
      await shot(page, 'voice-clone-recordings-1366.png');
      await page.keyboard.press('Escape');

      // The first month's fee took the start balance on activation; an admin tops it up, and finds the
      // clone with its owner on the voice management page.
      const me = await (await page.request.get(`${BASE_URL}/api/me`)).json();
      const admin = await newPage(browser);
      try {
        await signInAsAdmin(admin.page);
        // Money moves only after the admin confirmed the password again.
        const reauth = await admin.page.request.post(`${BASE_URL}/api/admin/reauth`, {
          headers: { 'x-requested-with': 'stimmwerk' },
          data: { password: ADMIN_PASSWORD },
        });
        assert.equal(reauth.status(), 200, await reauth.text());
        const topUp = await admin.page.request.post(`${BASE_URL}/api/admin/users/${me.id}/balance`, {
          headers: { 'x-requested-with': 'stimmwerk' },
          data: { amount_cent: 500, reason: 'E2E: Guthaben für den Klon-Test' },
        });
        assert.equal(topUp.status(), 200, await topUp.text());
        await admin.page.goto(`${BASE_URL}/admin/voices`);
        await admin.page.getByRole('heading', { level: 1, name: 'Stimmenverwaltung' }).waitFor();
        const adminRow = admin.page.locator('[data-testid="admin-voice-row"]').filter({ hasText: email });
        await adminRow.waitFor();
        await assertAccessible(admin.page, 'admin voices');
        await shot(admin.page, 'admin-voices-1366.png');
      } finally {
        await admin.context.close();
      }

      // A generation with the clone ("Eigene Stimmen") completes and plays. The page is
      // loaded anew so the top bar shows the balance after the admin's top-up.
      await page.goto(`${BASE_URL}/dashboard`);
      await assertBalance(page, 500);
      await openTts(page);
      const option = page.locator('[data-testid="voice-option"]').filter({ hasText: NAME }).first();
      await option.waitFor({ timeout: 15_000 });
      await option.click();
      await page.getByTestId('tts-text').fill('Hallo, das ist meine geklonte Stimme bei Stimmwerk.');
      await page.getByTestId('tts-submit').click();
      await expectVisibleText(page, 'TTS-Generierung gestartet');
      const job = page.getByTestId('job-row').first();
      await job.waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="job-row"]')?.getAttribute('data-status') === 'completed', undefined, {
        timeout: 90_000,
      });
      await job.getByTestId('job-play').click();
      const playback = await waitForPlayback(page, '[data-testid="job-audio"]');
      assert.ok(playback.duration > 1, JSON.stringify(playback));
      assert.equal(playback.error, null);

      // The draft is gone: a new wizard starts empty.
      await page.goto(`${BASE_URL}/dashboard/voice-cloning/new`);
      await page.getByText('Schritt 1 von 7').waitFor();
      assert.equal(await page.getByTestId('draft-banner').count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
