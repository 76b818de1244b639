// End to end: two-factor sign-in. A new user sets it up on the account page (the key is
// read from the page, codes are computed here with RFC 6238) with a first code and the
// current password (a wrong one is refused under its field), sees the ten recovery codes
// once, signs out, and signs in again: password, then the code step, then the dashboard.
// The card and the code step are scanned with axe.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PASSWORD, expectVisibleText, signUpConfirmAndSignIn } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, SCREENSHOT_DIR, skip } from './helpers/env.mjs';
import { assertNoHorizontalScroll } from './helpers/layout.mjs';
import { freshCode } from './helpers/totp.mjs';

describe('Stimmwerk two-factor sign-in (end to end)', { skip }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  test('set up with the manual key, keep the recovery codes, sign in with a code', { timeout: 180_000 }, async () => {
    const { page, errors } = await newPage(browser);
    const email = await signUpConfirmAndSignIn(page);

    await page.goto(`${BASE_URL}/dashboard/account#zwei-faktor`);
    const card = page.getByTestId('two-factor-card');
    await card.getByTestId('two-factor-status').filter({ hasText: 'Ausgeschaltet' }).waitFor();
    await card.getByRole('button', { name: 'Einrichten' }).click();
    const setup = card.getByTestId('two-factor-setup');
    await setup.waitFor();
    const qr = setup.getByRole('img', { name: /QR-Code/ });
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/svg\+xml;base64,/);
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid="two-factor-qr"]');
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
    });
    const secret = (await setup.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    await card.scrollIntoViewIfNeeded();
    await assertAccessible(page, 'account: two-factor setup');
    await assertNoHorizontalScroll(page, 'account: two-factor setup');
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'two-factor-setup.png') });

    // A wrong code is refused under the field, and so is a missing password.
    await setup.getByLabel('Code aus der App').fill('12345');
    await setup.getByRole('button', { name: 'Einschalten' }).click();
    await setup.getByText('Der Code besteht aus 6 Ziffern.').waitFor();
    await setup.getByText('Bitte geben Sie Ihr aktuelles Passwort ein.').waitFor();

    // A wrong password: the server says so under the field (the code is not used up).
    await setup.getByLabel('Code aus der App').fill('000000');
    await setup.getByLabel('Aktuelles Passwort').fill('Falsches-Passwort-1');
    await setup.getByRole('button', { name: 'Einschalten' }).click();
    await setup.getByText('Das aktuelle Passwort ist falsch.').waitFor();

    let used = await freshCode(secret);
    await setup.getByLabel('Code aus der App').fill(used.code);
    await setup.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await setup.getByRole('button', { name: 'Einschalten' }).click();
    const recovery = card.getByTestId('recovery-codes');
    await recovery.waitFor();
    await recovery.getByText('Diese Codes werden nur dieses eine Mal angezeigt.', { exact: false }).waitFor();
    const codes = await recovery.getByTestId('recovery-code').allInnerTexts();
    assert.equal(codes.length, 10);
    for (const code of codes) assert.match(code.trim(), /^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      recovery.getByRole('button', { name: 'Als Textdatei herunterladen' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'stimmwerk-wiederherstellungscodes.txt');
    const text = await readFile(await download.path(), 'utf8');
    for (const code of codes) assert.ok(text.includes(code.trim()), `download has ${code}`);
    await assertAccessible(page, 'account: recovery codes');
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'two-factor-recovery-codes.png') });
    await recovery.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
    await card.getByTestId('two-factor-status').filter({ hasText: 'Eingeschaltet' }).waitFor();
    assert.equal(await card.getByTestId('recovery-code').count(), 0, 'the codes are gone');
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'two-factor-on.png') });

    // Sign out, sign in: the password first, then the code.
    await page.getByTestId('account-logout').click();
    await page.waitForURL((url) => url.pathname === '/auth');
    const login = page.getByRole('form', { name: 'Anmelden' });
    await login.getByLabel('E-Mail').fill(email);
    await login.getByLabel('Passwort').fill(PASSWORD);
    await login.getByRole('button', { name: 'Anmelden' }).click();
    const step = page.getByTestId('code-step');
    await step.waitFor();
    const input = step.getByLabel('Bestätigungscode');
    assert.equal(await input.getAttribute('autocomplete'), 'one-time-code');
    assert.equal(await input.getAttribute('inputmode'), 'numeric');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete')), 'one-time-code', 'the code field has the focus');
    await assertAccessible(page, 'sign-in: code step');
    await assertNoHorizontalScroll(page, 'sign-in: code step');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'two-factor-code-step.png') });

    // The code of the step used to switch it on is not accepted again.
    await input.fill(used.code);
    await step.getByRole('button', { name: 'Bestätigen' }).click();
    await step.getByText('Der Code stimmt nicht.', { exact: false }).waitFor();
    assert.equal(await input.inputValue(), '', 'the field is cleared');

    used = await freshCode(secret, used.step);
    await input.fill(used.code);
    await step.getByRole('button', { name: 'Bestätigen' }).click();
    await expectVisibleText(page, 'Erfolgreich angemeldet');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    assert.deepEqual(errors, []);
  });
});
