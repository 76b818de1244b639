// German-first speech in the browser: a text with numbers, a date and an abbreviation
// shows its spoken form in "Vorschau der Aussprache"; a dictionary entry made on the
// Aussprache page is applied in the next preview; the generated audio plays.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertAccessible } from './helpers/a11y.mjs';
import { expectVisibleText, openTts, pickLocalGermanVoice, signUpConfirmAndSignIn, waitForPlayback } from './helpers/app.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { skip } from './helpers/env.mjs';
import { shot } from './helpers/layout.mjs';

const TEXT = 'Am 3. Mai kostet das Ticket bei Stimmwerk z. B. 12,50 €.';

describe('Pronunciation (end to end)', { skip }, () => {
  let browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  test('preview, dictionary entry applied, generate and play', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      await openTts(page);
      await pickLocalGermanVoice(page);
      await page.getByTestId('tts-text').fill(TEXT);
      await page.getByTestId('pronunciation-preview').click();
      const result = page.getByTestId('pronunciation-result');
      await result.waitFor();
      const spoken = await result.innerText();
      for (const words of ['dritten Mai', 'zum Beispiel', 'zwölf Euro fünfzig']) assert.ok(spoken.includes(words), `${words} in ${spoken}`);
      assert.equal(await page.getByTestId('pronunciation-change').count(), 3);
      // The price is that of the typed text.
      await expectVisibleText(page, `Kosten: ${Math.ceil(TEXT.length / 10)} Cent`);
      await assertAccessible(page, 'tts with pronunciation preview');

      // A dictionary entry for the brand.
      await page.getByRole('link', { name: 'Aussprache' }).click();
      await page.getByRole('heading', { level: 1, name: 'Aussprache' }).waitFor();
      // First with a typo, then corrected in place: the term itself can be edited.
      await page.getByTestId('entry-term').fill('Stimwerk');
      await page.getByTestId('entry-spoken').fill('Schtimwerk');
      await page.getByTestId('entry-save').click();
      const typo = page.getByTestId('dictionary-row').filter({ hasText: 'Schtimwerk' });
      await typo.waitFor();
      // The add form empties itself once the save is through.
      await page.waitForFunction(() => document.querySelector('[data-testid="entry-term"]')?.value === '');
      await typo.getByTestId('dictionary-edit').click();
      await page.getByRole('form', { name: 'Eintrag bearbeiten' }).waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="entry-term"]')?.value === 'Stimwerk');
      await page.getByTestId('entry-term').fill('Stimmwerk');
      await page.getByTestId('entry-spoken').fill('Schtimmwerk');
      // With its phonetic spelling, which the German eSpeak voice speaks by.
      await page.getByTestId('entry-ipa').fill('ˈʃtɪmvɛʁk');
      await page.getByTestId('entry-save').click();
      await page.getByTestId('dictionary-row').filter({ hasText: 'Schtimmwerk' }).filter({ hasText: '[ˈʃtɪmvɛʁk]' }).waitFor();
      assert.equal(await page.getByTestId('dictionary-row').count(), 1, 'the edit changed the entry, it added none');
      await assertAccessible(page, 'pronunciation dictionary');
      await shot(page, 'pronunciation-dictionary-1366.png');

      // Applied in the next preview, then generated and played.
      await openTts(page);
      await pickLocalGermanVoice(page);
      await page.getByTestId('tts-text').fill(TEXT);
      await page.getByTestId('pronunciation-preview').click();
      await page.getByTestId('pronunciation-result').filter({ hasText: 'Schtimmwerk' }).waitFor();
      assert.equal(await page.getByTestId('pronunciation-change').count(), 4);
      // The dictionary's change is marked as such: the spoken word shown, the written one told to screen readers.
      const fromDictionary = page.locator('[data-testid="pronunciation-change"][data-source="dictionary"]');
      assert.equal(await fromDictionary.count(), 1);
      assert.equal((await fromDictionary.textContent())?.replace(/\s+/g, ' ').trim(), 'Schtimmwerk (Wörterbuch: Stimmwerk)');
      await shot(page, 'pronunciation-preview-1366.png');
      await page.getByTestId('tts-submit').click();
      await expectVisibleText(page, 'TTS-Generierung gestartet');
      const job = page.getByTestId('job-row').first();
      await page.waitForFunction(() => document.querySelector('[data-testid="job-row"]')?.getAttribute('data-status') === 'completed', undefined, {
        timeout: 90_000,
      });
      await job.getByTestId('job-play').click();
      const playback = await waitForPlayback(page, '[data-testid="job-audio"]');
      assert.ok(playback.duration > 2, JSON.stringify(playback));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
