// End to end: the admin engine settings. Sign in as the configured admin, pass the
// password re-entry gate, store an OpenAI key (it is never shown again), see the OpenAI
// voices become selectable on /dashboard/tts, then remove the key again.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chooseOption, expectVisibleText } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { ADMIN_PASSWORD, signInAsAdmin } from './helpers/admin.mjs';
import { BASE_URL, SCREENSHOT_DIR } from './helpers/env.mjs';

const FAKE_KEY = 'sk-e2e-nur-ein-test-4711';

/**
 * The page's "n/m konfiguriert" (all services). How many are configured at the start depends
 * on the environment (e.g. scripts/e2e.sh sets a Stripe key for the top-up suite), so the test
 * counts from there.
 */
async function configuredCount(page) {
  const summary = page.getByText(/^\s*\d+\/\d+ konfiguriert\s*$/).first();
  await summary.waitFor();
  const [, configured, total] = /(\d+)\/(\d+)/.exec(await summary.textContent());
  return { configured: Number(configured), total: Number(total) };
}

const skip = !BASE_URL ? 'BASE_URL is not set' : !ADMIN_PASSWORD ? 'ADMIN_PASSWORD is not set' : false;

describe('Stimmwerk admin engine settings (end to end)', { skip }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  test('re-authenticate, store a key that is never shown again, voices unlock, remove it', { timeout: 180_000 }, async () => {
    const { page, errors } = await newPage(browser);
    await signInAsAdmin(page);

    // Admins see why a voice is unusable, and a way to fix it.
    await page.getByRole('link', { name: 'Text zu Sprache' }).click();
    await page.getByTestId('voice-option').first().waitFor();
    await chooseOption(page, 'Anbieter', 'OpenAI');
    const unusable = page.locator('[data-testid="voice-option"][data-voice-key^="openai-"]').first();
    assert.equal(await unusable.isDisabled(), true);
    assert.match((await unusable.textContent()) ?? '', /kein API-Schlüssel hinterlegt/);
    const settingsLink = page.getByRole('link', { name: 'Einstellungen öffnen' });
    assert.equal(await settingsLink.getAttribute('href'), '/admin/api-settings');
    await settingsLink.click();
    await page.waitForURL((url) => url.pathname === '/admin/api-settings');
    await page.getByTestId('reauth-password').waitFor();
    await assertAccessible(page, 'admin API settings gate');

    // The gate: a wrong password counts, the right one opens the page.
    await page.getByTestId('reauth-password').fill('ganz-falsch-123');
    await page.getByTestId('reauth-submit').click();
    await expectVisibleText(page, 'Falsches Passwort. Bitte versuchen Sie es erneut.');
    await expectVisibleText(page, 'Fehlversuche: 1/3');
    assert.equal(await page.getByTestId('reauth-password').inputValue(), '', 'the field is cleared');
    await page.getByTestId('reauth-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('reauth-submit').click();
    const start = await configuredCount(page);
    const count = (n) => `${n}/${start.total} konfiguriert`;
    await assertAccessible(page, 'admin API settings');

    const openai = page.locator('[data-testid="service-card"][data-service-id="openai_tts"]');
    await openai.getByTestId('service-status').filter({ hasText: 'Fehlt' }).waitFor();
    await openai.getByTestId('service-update').click();
    await openai.getByTestId('service-key-input').fill(FAKE_KEY);
    await openai.getByTestId('service-save').click();
    // No provider answers here (scripts/e2e.sh points them at a closed port): the key
    // fails its connection test, is not stored, and the warning says what storing it means.
    const warning = openai.getByTestId('service-key-test-failed');
    await warning.waitFor();
    assert.match(await warning.innerText(), /gilt er sofort für alle Kunden/);
    assert.match(await openai.getByTestId('service-status').innerText(), /Fehlt/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-settings-key-test-failed.png') });
    await assertAccessible(page, 'admin API settings, key test failed');
    await openai.getByTestId('service-save-anyway').click();
    await expectVisibleText(page, 'Der Schlüssel wurde verschlüsselt gespeichert.');
    await openai.getByTestId('service-status').filter({ hasText: 'Konfiguriert' }).waitFor();
    await expectVisibleText(page, count(start.configured + 1));
    assert.match(await openai.getByTestId('service-last4').innerText(), /4711/);
    await page.reload();
    await expectVisibleText(page, count(start.configured + 1), 15_000);
    assert.ok(!(await page.content()).includes(FAKE_KEY), 'the key never reaches the page again');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-settings-e2e.png') });

    // The stored key switches the OpenAI voices on.
    await page.getByRole('link', { name: 'Text zu Sprache' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/tts');
    await chooseOption(page, 'Anbieter', 'OpenAI');
    const nova = page.locator('[data-testid="voice-option"][data-voice-key="openai-de-nova"]');
    await nova.waitFor();
    assert.equal(await nova.isDisabled(), false, 'OpenAI voices are selectable with a key');

    // Remove it again (other suites expect OpenAI without a key).
    await page.getByRole('link', { name: 'API-Einstellungen' }).click();
    const card = page.locator('[data-testid="service-card"][data-service-id="openai_tts"]');
    await card.getByTestId('service-remove').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Entfernen' }).click();
    await card.getByTestId('service-status').filter({ hasText: 'Fehlt' }).waitFor();
    await expectVisibleText(page, count(start.configured));
    assert.deepEqual(errors, []);
  });
});
