// "Hörprobe": every voice card plays a short sample of the voice before anyone pays, on
// the demo page (no account), the TTS screen and the admin's voice list; one sound at a
// time; a customer sees only voices that can speak.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openTts, signUpConfirmAndSignIn } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { signInAsAdmin } from './helpers/admin.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, SCREENSHOT_DIR, skip } from './helpers/env.mjs';

/** Clicks the preview button and waits until its audio plays; returns the milliseconds it took. */
async function playPreview(page, button) {
  const started = Date.now();
  await button.click();
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-testid="voice-preview-audio"]')].some((a) => !a.paused && a.currentTime > 0),
    undefined,
    { timeout: 20_000 },
  );
  return Date.now() - started;
}

async function playingPreviews(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-testid="voice-preview-audio"]')].filter((a) => !a.paused).length);
}

describe('Voice previews (end to end)', { skip }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  test('a visitor hears the demo voices, one at a time, and is invited to sign up', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${BASE_URL}/live-demo`);
    const buttons = page.getByTestId('voice-preview');
    await buttons.first().waitFor({ timeout: 15_000 });
    assert.ok((await buttons.count()) >= 2, 'every demo voice card has a preview');
    const first = await playPreview(page, buttons.nth(0));
    console.log(`# first preview (rendered on request) played after ${first} ms`);
    assert.equal(await buttons.nth(0).getAttribute('aria-pressed'), 'true');
    await playPreview(page, buttons.nth(1));
    assert.equal(await playingPreviews(page), 1, 'starting the second stopped the first');
    await page.getByTestId('demo-signup-cta').getByRole('link', { name: 'Kostenlos registrieren' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-preview-demo.png'), fullPage: true });
    await assertAccessible(page, 'live demo with voice previews');
    await context.close();
  });

  test('a customer hears any voice on the TTS screen and sees no voice that cannot speak', async () => {
    const { context, page } = await newPage(browser);
    await signUpConfirmAndSignIn(page);
    await openTts(page);
    const cards = page.getByTestId('voice-option');
    assert.equal(await page.locator('[data-testid="voice-option"][data-available="false"]').count(), 0, 'no greyed-out voices');
    const count = await cards.count();
    assert.ok(count >= 2, `${count} voices`);
    const again = await playPreview(page, page.getByTestId('voice-preview').first());
    console.log(`# a preview already rendered played after ${again} ms`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-preview-tts.png') });
    await assertAccessible(page, 'TTS screen with voice previews');
    await context.close();
  });

  test('an admin hears a catalogue voice in the voice list', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto(`${BASE_URL}/admin/voices`);
    const row = page.getByTestId('admin-voice-row').filter({ hasText: 'Jonas' }).first();
    await row.waitFor({ timeout: 15_000 });
    await playPreview(page, row.getByTestId('voice-preview'));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'voice-preview-admin.png') });
    await assertAccessible(page, 'admin voices with previews');
    await context.close();
  });
});
