// Layout at 390, 1024 and 1440 px: no horizontal scrolling on the landing page, and on the
// TTS screen "Audio generieren" stays inside its card, in view on laptops, and the new
// job appears in view - and finishes on screen within a second or two (1 s polling).
// Screenshots: e2e/screenshots/layout-*.png.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { costCents, pickLocalGermanVoice, signUpConfirmAndSignIn, START_BALANCE_CENT } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, skip } from './helpers/env.mjs';
import { assertInside, assertInViewport, assertNoHorizontalScroll, box, shot, VIEWPORTS } from './helpers/layout.mjs';

describe('responsive layout (end to end)', { skip }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  test('the landing page fits a 390 px phone, a laptop and a desktop', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      for (const vp of VIEWPORTS) {
        await page.setViewportSize(vp);
        await page.goto(`${BASE_URL}/`);
        await page.getByTestId('pricing-card').first().waitFor();
        await assertNoHorizontalScroll(page, `landing at ${vp.width} px`);
        const signIn = page.getByRole('navigation', { name: 'Kopfnavigation' }).getByRole('link', { name: 'Anmelden' });
        await assertInViewport(page, signIn, `"Anmelden" at ${vp.width} px`);
        await shot(page, `layout-landing-${vp.width}.png`);
      }
      await assertAccessible(page, 'landing (1440 px)');
      await page.setViewportSize(VIEWPORTS[0]);
      await assertAccessible(page, 'landing (390 px)');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('sign-in and the live demo fit every width', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      for (const vp of VIEWPORTS) {
        await page.setViewportSize(vp);
        await page.goto(`${BASE_URL}/auth`);
        await page.getByRole('form', { name: 'Anmelden' }).waitFor();
        await assertNoHorizontalScroll(page, `/auth at ${vp.width} px`);
        await page.goto(`${BASE_URL}/live-demo`);
        await page.getByTestId('demo-voice-option').first().waitFor();
        await assertNoHorizontalScroll(page, `/live-demo at ${vp.width} px`);
        // Every header link is visible, in the window and big enough to tap.
        for (const link of await page.getByRole('navigation', { name: 'Kopfnavigation' }).getByRole('link').all()) {
          const b = await box(link);
          assert.ok(b.width >= 24 && b.height >= 24, `header link ${await link.textContent()} is ${b.width}x${b.height} at ${vp.width} px`);
          await assertInViewport(page, link, `header link at ${vp.width} px`);
        }
        await assertInside(page.getByTestId('demo-generate'), page.getByRole('form', { name: 'Live Demo' }), `demo button at ${vp.width} px`);
        await shot(page, `layout-demo-${vp.width}.png`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('TTS: submit in its card and in view, the new job in view and finished within seconds', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      let spent = 0;
      for (const vp of VIEWPORTS) {
        await page.setViewportSize(vp);
        await page.goto(`${BASE_URL}/dashboard/tts`);
        const submit = page.getByTestId('tts-submit');
        await submit.waitFor();
        await page.getByTestId('voice-option').first().waitFor();
        const card = page.getByRole('form', { name: 'Audio generieren' });
        await assertInside(submit, card, `"Audio generieren" at ${vp.width} px`);
        await assertNoHorizontalScroll(page, `TTS at ${vp.width} px`);
        // On laptops and desktops the button is visible without scrolling.
        if (vp.width >= 1024) await assertInViewport(page, submit, `"Audio generieren" at ${vp.width}x${vp.height}`);
        await shot(page, `layout-tts-${vp.width}.png`);

        await pickLocalGermanVoice(page);
        const text = `Kurzer Test bei ${vp.width} Pixeln.`;
        await page.getByTestId('tts-text').fill(text);
        const started = Date.now();
        await submit.click();
        const row = page.getByTestId('job-row').first();
        await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'job-row');
        await assertInViewport(page, row, `new job at ${vp.width} px`);
        assert.match((await row.textContent()) ?? '', new RegExp(text.replace(/[.]/g, '\\.')));
        // A job of a fraction of a second shows "Fertig" at the next 1 s poll, not after 5 s.
        await page.waitForFunction(
          () => document.querySelector('[data-testid="job-row"]')?.getAttribute('data-status') === 'completed',
          undefined,
          { timeout: 4_500 },
        );
        assert.ok(Date.now() - started < 4_500, `finished on screen after ${Date.now() - started} ms`);
        // The text stays for the next take.
        assert.equal(await page.getByTestId('tts-text').inputValue(), text);
        spent += costCents(text);
        await shot(page, `layout-tts-${vp.width}-job.png`);
      }
      assert.ok(spent < START_BALANCE_CENT);
      await assertAccessible(page, 'TTS (1440 px)');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('TTS: a pasted text over the limit is kept whole, counted and refused', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      const limits = await (await fetch(`${BASE_URL}/api/limits`)).json();
      await signUpConfirmAndSignIn(page);
      await page.goto(`${BASE_URL}/dashboard/tts`);
      const field = page.getByTestId('tts-text');
      await field.waitFor();
      const chars = limits.text_max_chars + 321;
      const text = 'ä'.repeat(chars - 2) + '🙂🙂';
      await field.fill(text);
      assert.equal(Array.from(await field.inputValue()).length, chars, 'nothing was cut');
      const counter = page.getByTestId('tts-counter');
      assert.equal(await counter.textContent(), `${chars}/${limits.text_max_chars} Zeichen`);
      assert.equal(await counter.evaluate((el) => getComputedStyle(el).color), 'rgb(192, 53, 43)', 'counter in red');
      const alert = page.getByRole('alert').filter({ hasText: 'Text zu lang' });
      await alert.waitFor();
      assert.match(
        (await alert.textContent()) ?? '',
        new RegExp(`Maximale Länge: ${limits.text_max_chars} Zeichen\\. Aktuell: ${chars} Zeichen\\.`),
      );
      assert.equal(await page.getByTestId('tts-submit').isDisabled(), true);
      await shot(page, 'layout-tts-too-long.png');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
