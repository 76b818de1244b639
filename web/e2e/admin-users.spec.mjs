// End to end: admin user management. A new user signs up; a non-admin is sent away from
// /admin/users; the admin finds the user by search, corrects the balance by +5,00 € with
// a reason (money moves only after the password was confirmed again: the dialog asks for
// it and then books the correction), sees the new balance in the row and the correction
// and the password confirmation in the Protokoll; the user then finds the booking
// "Korrektur durch den Support" in the own transaction history.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PASSWORD, START_BALANCE_CENT, euro, expectVisibleText, signUpConfirmAndSignIn } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { ADMIN_PASSWORD, signInAsAdmin } from './helpers/admin.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, SCREENSHOT_DIR } from './helpers/env.mjs';
import { assertNoHorizontalScroll } from './helpers/layout.mjs';

const REASON = 'E2E-Gutschrift nach Störung';

const skip = !BASE_URL ? 'BASE_URL is not set' : !ADMIN_PASSWORD ? 'ADMIN_PASSWORD is not set' : false;

async function signIn(page, email, password) {
  await page.goto(`${BASE_URL}/auth`);
  const login = page.getByRole('form', { name: 'Anmelden' });
  await login.getByLabel('E-Mail').fill(email);
  await login.getByLabel('Passwort').fill(password);
  await login.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

describe('Stimmwerk admin user management (end to end)', { skip }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  test('search a user, correct the balance with a reason, see it in the row, the log and the ledger', { timeout: 240_000 }, async () => {
    // A normal user: /admin/users sends him to /dashboard.
    const signup = await newPage(browser);
    const email = await signUpConfirmAndSignIn(signup.page);
    await signup.page.goto(`${BASE_URL}/admin/users`);
    await signup.page.waitForURL((url) => url.pathname === '/dashboard');
    assert.equal(await signup.page.getByRole('heading', { name: 'Benutzerverwaltung' }).count(), 0);
    assert.deepEqual(signup.errors, []);
    await signup.context.close();

    // The admin finds the user and corrects the balance.
    const { context, page, errors } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto(`${BASE_URL}/admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Benutzerverwaltung' }).waitFor();
    await page.getByTestId('stat-users-value').waitFor();
    await page.getByTestId('user-row').first().waitFor();
    await page.getByLabel('Benutzer suchen').fill(email);
    const row = page.locator(`[data-testid="user-row"][data-user-email="${email}"]`);
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1, undefined, { timeout: 15_000 });
    assert.equal((await row.getByTestId('user-balance').innerText()).trim(), euro(START_BALANCE_CENT));
    await assertAccessible(page, 'admin users');

    await row.getByRole('button', { name: /^Guthaben korrigieren:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Guthaben korrigieren' });
    await dialog.getByLabel('Betrag in Euro').fill('+5,00');
    await assertAccessible(page, 'admin users: balance dialog');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-users-dialog.png') });
    // The reason is required.
    await dialog.getByRole('button', { name: 'Guthaben korrigieren' }).click();
    await dialog.getByText('Bitte geben Sie einen Grund an (3 bis 200 Zeichen).').waitFor();
    await dialog.getByLabel('Grund').fill(REASON);
    await dialog.getByRole('button', { name: 'Guthaben korrigieren' }).click();
    // Not re-entered yet in this session: the password is asked for, then the correction goes through.
    const reauth = page.getByRole('dialog', { name: 'Passwort bestätigen' });
    await reauth.waitFor();
    await assertAccessible(page, 'admin users: password re-entry');
    await reauth.getByLabel('Passwort', { exact: true }).fill(ADMIN_PASSWORD);
    await reauth.getByRole('button', { name: 'Bestätigen und fortfahren' }).click();
    await reauth.waitFor({ state: 'detached' });
    const newBalance = euro(START_BALANCE_CENT + 500);
    await dialog.getByTestId('balance-result').filter({ hasText: `Neues Guthaben: ${newBalance}` }).waitFor();
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByTestId('user-balance').filter({ hasText: newBalance }).waitFor();

    for (const { name, width, height } of [
      { name: 'desktop', width: 1440, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width, height });
      await row.waitFor();
      await assertNoHorizontalScroll(page, `admin users ${name}`);
      await assertAccessible(page, `admin users ${name}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-users-${name}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    // The Protokoll names the correction, the reason and the change.
    await page.getByRole('tab', { name: 'Protokoll' }).click();
    const entry = page.locator('[data-testid="audit-entry"][data-action="balance_adjusted"]').filter({ hasText: email }).first();
    await entry.waitFor();
    const text = await entry.innerText();
    assert.match(text, /Guthaben korrigiert/);
    assert.match(text, new RegExp(REASON));
    assert.ok(text.includes(euro(START_BALANCE_CENT)) && text.includes(newBalance), text);
    await page.locator('[data-testid="audit-entry"][data-action="reauthenticated"]').first().waitFor();
    await assertAccessible(page, 'admin users: Protokoll');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-users-protokoll.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();

    // The user sees the booking in the own ledger.
    const member = await newPage(browser);
    await signIn(member.page, email, PASSWORD);
    await expectVisibleText(member.page, newBalance);
    const response = await member.page.request.get(`${BASE_URL}/api/account/transactions`);
    assert.equal(response.status(), 200);
    const history = await response.json();
    const correction = history.items.find((t) => t.kind === 'admin_adjustment');
    assert.ok(correction, JSON.stringify(history));
    assert.equal(correction.label, 'Korrektur durch den Support');
    assert.equal(correction.amount_cent, 500);
    assert.equal(correction.balance_after_cent, START_BALANCE_CENT + 500);
    assert.deepEqual(member.errors, []);
    await member.context.close();
  });
});
