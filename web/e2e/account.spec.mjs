// End-to-end test of /dashboard/account ("Mein Account") against a running server: edit the
// name (the top bar follows), the booking history (start credit, then the charge of one short
// generation), the CSV download, the password change (sign in again with the new one; an API
// key made before it no longer works), axe and screenshots at 390 and 1440 px, and finally
// deleting the account (sign-in then fails).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  assertBalance,
  costCents,
  euro,
  expectVisibleText,
  openTts,
  PASSWORD,
  pickLocalGermanVoice,
  signUpConfirmAndSignIn,
  START_BALANCE_CENT,
} from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, SCREENSHOT_DIR, skip } from './helpers/env.mjs';
import { assertNoHorizontalScroll } from './helpers/layout.mjs';

const NEW_NAME = 'Erika Umbenannt';
const NEW_PASSWORD = 'Neues-E2e-Kennwort-472';
const SHORT_TEXT = 'Hallo Welt.';
const CSV_HEADER = 'Datum (Zeitzone Europe/Berlin);Art;Betrag (EUR);Guthaben danach (EUR);Auftrag';
const CSRF = { 'x-requested-with': 'stimmwerk' };

/** Makes an API key in the signed-in session; returns a function that calls `/v1/balance` with it. */
async function apiKeyProbe(page) {
  const created = await page.request.post(`${BASE_URL}/api/api-keys`, { headers: CSRF, data: { name: 'E2E-Skript' } });
  assert.equal(created.status(), 201, await created.text());
  const { secret } = await created.json();
  return async () =>
    (await page.request.get(`${BASE_URL}/v1/balance`, { headers: { authorization: `Bearer ${secret}` } })).status();
}

async function openAccount(page) {
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/account');
  await page.getByRole('heading', { name: 'Mein Account', level: 1 }).waitFor();
  await page.getByTestId('transaction-row').first().waitFor();
}

/** The booking rows as the table shows them (desktop layout): [label, amount, balance after]. */
async function bookings(page) {
  return page.getByTestId('transaction-row').evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((td) => td.innerText.trim())),
  );
}

/** Waits until the newest job has finished (polls the status the list shows; no fixed delay). */
async function waitForNewestJobCompleted(page) {
  const row = page.getByTestId('job-row').first();
  await row.waitFor();
  await page.waitForFunction(
    () => {
      const status = document.querySelector('[data-testid="job-row"]')?.getAttribute('data-status');
      return status === 'completed' || status === 'failed';
    },
    undefined,
    { timeout: 120_000 },
  );
  assert.equal(await row.getAttribute('data-status'), 'completed', 'the short job completed');
}

async function signIn(page, email, password) {
  const login = page.getByRole('form', { name: 'Anmelden' });
  await login.getByLabel('E-Mail').fill(email);
  await login.getByLabel('Passwort').fill(password);
  await login.getByRole('button', { name: 'Anmelden' }).click();
}

async function screenshotsAndAxe(page) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.reload();
    await page.getByRole('heading', { name: 'Mein Account', level: 1 }).waitFor();
    await page.getByTestId('transaction-row').first().waitFor();
    await page.getByTestId('session-row').first().waitFor();
    await assertNoHorizontalScroll(page, `account at ${width} px`);
    await assertAccessible(page, `account (${width} px)`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `account-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('account page (end to end)', { skip }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  test('edit the name, bookings and CSV, change the password, delete the account', { timeout: 300_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      const email = await signUpConfirmAndSignIn(page);
      await openAccount(page);
      assert.equal(await page.getByTestId('account-email').textContent(), email);
      assert.equal(await page.getByTestId('account-role').textContent(), 'Benutzer');
      assert.equal(await page.getByTestId('account-balance').textContent(), euro(START_BALANCE_CENT));
      assert.deepEqual(await bookings(page), [['Startguthaben', `+${euro(START_BALANCE_CENT)}`, euro(START_BALANCE_CENT)]]);
      await page.getByTestId('session-row').filter({ hasText: 'Diese Sitzung' }).waitFor();

      // Name: saved on the server, shown in the top bar at once and after a reload.
      const profile = page.getByTestId('profile-form');
      await profile.getByLabel('Name').fill(NEW_NAME);
      await profile.getByRole('button', { name: 'Profil speichern' }).click();
      await profile.getByRole('status').filter({ hasText: 'Profil gespeichert.' }).waitFor();
      await page.getByTestId('user-name').filter({ hasText: NEW_NAME }).waitFor();
      await page.reload();
      await page.getByTestId('user-name').filter({ hasText: NEW_NAME }).waitFor();
      assert.equal(await page.getByTestId('account-name').textContent(), NEW_NAME);

      // One short generation: its charge shows up in the bookings, newest first.
      await openTts(page);
      await pickLocalGermanVoice(page);
      await page.getByTestId('tts-text').fill(SHORT_TEXT);
      await page.getByTestId('tts-submit').click();
      await expectVisibleText(page, 'TTS-Generierung gestartet');
      const cost = costCents(SHORT_TEXT);
      await assertBalance(page, START_BALANCE_CENT - cost);
      await waitForNewestJobCompleted(page);
      await openAccount(page);
      await page.getByTestId('transaction-row').nth(1).waitFor();
      assert.deepEqual(await bookings(page), [
        ['Audio-Generierung', `\u2212${euro(cost)}`, euro(START_BALANCE_CENT - cost)],
        ['Startguthaben', `+${euro(START_BALANCE_CENT)}`, euro(START_BALANCE_CENT)],
      ]);

      // CSV: German spreadsheet format, both bookings.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Als CSV herunterladen' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'stimmwerk-buchungen.csv');
      const csv = (await readFile(await download.path(), 'utf8')).trim().split('\n');
      assert.equal(csv[0], CSV_HEADER);
      assert.equal(csv.length, 3, `header and two bookings: ${csv.join(' | ')}`);
      assert.match(csv[1], new RegExp(`;Audio-Generierung;-0,0${cost};`));
      assert.match(csv[2], /;Startguthaben;1,00;1,00;$/);

      await screenshotsAndAxe(page);

      // Password: changed (every API key is revoked), then sign out and in again with the new one.
      const probe = await apiKeyProbe(page);
      assert.equal(await probe(), 200, 'the key works before the change');
      const passwordForm = page.getByTestId('password-form');
      await passwordForm.getByLabel('Aktuelles Passwort').fill(PASSWORD);
      await passwordForm.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
      await passwordForm.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
      await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
      await passwordForm.getByRole('status').filter({ hasText: 'Alle anderen Sitzungen wurden abgemeldet' }).waitFor();
      await passwordForm.getByRole('status').filter({ hasText: 'API-Schlüssel widerrufen' }).waitFor();
      assert.equal(await probe(), 401, 'the key made with the old password is revoked');
      await page.getByTestId('account-logout').click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await signIn(page, email, NEW_PASSWORD);
      await expectVisibleText(page, 'Erfolgreich angemeldet');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByTestId('user-name').filter({ hasText: NEW_NAME }).waitFor();

      // Delete: the dialog asks for the password, then the landing page opens.
      await openAccount(page);
      await page.getByTestId('delete-account').click();
      const dialog = page.getByRole('dialog', { name: 'Konto endgültig löschen?' });
      await dialog.waitFor();
      await assertAccessible(page, 'account (delete dialog)');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'account-delete-dialog.png') });
      await dialog.getByLabel('Passwort zur Bestätigung').fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expectVisibleText(page, 'Konto gelöscht');
      await page.getByRole('heading', { level: 1 }).waitFor();

      // The account is gone: signing in fails.
      await page.goto(`${BASE_URL}/auth`);
      await signIn(page, email, NEW_PASSWORD);
      await page.getByTestId('login-error').waitFor();
      assert.equal(await page.getByTestId('login-error').textContent(), 'E-Mail oder Passwort ist falsch.');
      assert.equal(new URL(page.url()).pathname, '/auth');
      assert.deepEqual(errors, [], 'no uncaught page errors');
    } finally {
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'account-end.png'), fullPage: true }).catch(() => undefined);
      await context.close();
    }
  });
});
