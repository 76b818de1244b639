// End-to-end test of "Passwort vergessen?": a confirmed user asks for a reset link on the
// sign-in tab, opens it from the outbox, sets a new password (after one the policy refuses)
// and lands on the sign-in tab with the notice; the new password signs in, the old one no
// longer does, and the used link is refused as soon as it opens. An unconfirmed address gets its confirmation
// mail again from the sign-in error.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { expectVisibleText, PASSWORD, signUpConfirmAndSignIn, uniqueEmail } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, OUTBOX_DIR, SCREENSHOT_DIR, skip } from './helpers/env.mjs';
import { findConfirmationToken, waitForMailCount, waitForPasswordResetToken } from './helpers/mail.mjs';

const SENT = 'Falls für diese Adresse ein Konto besteht, haben wir einen Link zum Zurücksetzen gesendet.';
const CHANGED = 'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.';
const INVALID = 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.';
const REFUSED = 'Das Passwort darf nicht Ihre E-Mail-Adresse, Ihr Name oder der Produktname sein.';
const NEW_PASSWORD = 'Neues-E2e-Passwort-456';
const RESENT = 'Falls diese Adresse noch bestätigt werden muss, haben wir den Link erneut gesendet.';

const shot = (page, name) => page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });

async function fillNewPassword(page, password) {
  const form = page.getByRole('form', { name: 'Neues Passwort festlegen' });
  await form.getByLabel('Neues Passwort', { exact: true }).fill(password);
  await form.getByLabel('Neues Passwort wiederholen', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Passwort speichern' }).click();
  return form;
}

async function signIn(page, email, password) {
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Passwort', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Anmelden', exact: true }).click();
  return form;
}

describe('Stimmwerk password reset (end to end)', { skip }, () => {
  let browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  test('a mailed link sets a new password once', async () => {
    const setup = await newPage(browser);
    const email = await signUpConfirmAndSignIn(setup.page);
    await setup.context.close();

    const { context, page, errors } = await newPage(browser);
    try {
      // 1. Ask for the link on the sign-in tab; the dialog takes the typed address.
      const requestedAt = Date.now() - 5_000;
      await page.goto(`${BASE_URL}/auth`);
      await page.getByRole('form', { name: 'Anmelden' }).getByLabel('E-Mail').fill(email);
      await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Passwort zurücksetzen' });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('E-Mail').inputValue(), email);
      await assertAccessible(page, 'the "Passwort vergessen?" dialog');
      await shot(page, 'password-reset-dialog.png');
      await dialog.getByRole('button', { name: 'Link senden' }).click();
      const status = dialog.getByRole('status');
      await status.getByText(SENT).waitFor();
      assert.equal((await status.textContent()).trim(), SENT);
      await assertAccessible(page, 'the "Passwort vergessen?" dialog with the answer');
      await shot(page, 'password-reset-requested.png');
      await dialog.getByRole('button', { name: 'Zurück zur Anmeldung' }).click();
      await dialog.waitFor({ state: 'detached' });

      // 2. The newest mail to the address links to the web page /auth/reset.
      const { token, subject } = await waitForPasswordResetToken(OUTBOX_DIR, email, { timeoutMs: 30_000, notBefore: requestedAt });
      assert.equal(subject, 'Neues Passwort für Stimmwerk');
      const link = `${BASE_URL}/auth/reset?token=${encodeURIComponent(token)}`;
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.matches('h1[data-page-heading]'));
      assert.equal(await page.title(), 'Neues Passwort festlegen – Stimmwerk');
      await assertAccessible(page, '/auth/reset');
      await shot(page, 'password-reset-page.png');

      // 3. The policy refuses the product name: said under the field, the link is not used up.
      const form = await fillNewPassword(page, 'Stimmwerk');
      await form.getByText(REFUSED).waitFor();
      assert.equal(await form.getByLabel('Neues Passwort', { exact: true }).getAttribute('aria-invalid'), 'true');
      await assertAccessible(page, '/auth/reset with a refused password');
      await shot(page, 'password-reset-refused.png');

      // 4. A good one: back on the sign-in tab with the notice.
      await fillNewPassword(page, NEW_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('reset') === '1');
      await page.getByRole('status').filter({ hasText: CHANGED }).waitFor();
      assert.equal(await page.getByRole('tab', { name: 'Anmelden' }).getAttribute('aria-selected'), 'true');
      await assertAccessible(page, '/auth?reset=1');
      await shot(page, 'password-reset-done.png');

      // 5. The new password signs in.
      await signIn(page, email, NEW_PASSWORD);
      await expectVisibleText(page, 'Erfolgreich angemeldet');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByTestId('balance-badge').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }

    const other = await newPage(browser);
    try {
      // 6. The old password no longer does.
      await other.page.goto(`${BASE_URL}/auth`);
      const login = await signIn(other.page, email, PASSWORD);
      await login.getByRole('alert').filter({ hasText: 'E-Mail oder Passwort ist falsch.' }).waitFor();
      assert.equal(new URL(other.page.url()).pathname, '/auth');

      // 7. The used link is refused as soon as it opens (no form to fill in first), with a
      // way to ask for a new one.
      const { token } = await waitForPasswordResetToken(OUTBOX_DIR, email, { timeoutMs: 5_000 });
      await other.page.goto(`${BASE_URL}/auth/reset?token=${encodeURIComponent(token)}`);
      const alert = other.page.getByRole('alert').filter({ hasText: INVALID });
      await alert.waitFor();
      assert.match(await alert.textContent(), /Link ungültig/);
      assert.equal(await other.page.getByRole('form', { name: 'Neues Passwort festlegen' }).count(), 0);
      await other.page.getByRole('link', { name: 'Neuen Link anfordern' }).waitFor();
      await assertAccessible(other.page, '/auth/reset with a used link');
      await shot(other.page, 'password-reset-used-link.png');
      assert.deepEqual(other.errors, []);
    } finally {
      await other.context.close();
    }
  });

  test('an unconfirmed address asks for its confirmation mail again', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      const email = uniqueEmail();
      await page.goto(`${BASE_URL}/auth?tab=signup`);
      const signup = page.getByRole('form', { name: 'Registrieren' });
      await signup.getByLabel('Name').fill('E2E Unbestätigt');
      await signup.getByLabel('Organisation').fill('Stimmwerk QA');
      await signup.getByLabel('E-Mail').fill(email);
      await signup.getByLabel('Passwort').fill(PASSWORD);
      await signup.getByRole('button', { name: 'Konto erstellen' }).click();
      await waitForMailCount(OUTBOX_DIR, email, 1, { timeoutMs: 30_000 });

      // Back on the sign-in tab with the address filled in; the sign-in is refused.
      const login = page.getByRole('form', { name: 'Anmelden' });
      await login.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
      await login.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await login.getByRole('alert').filter({ hasText: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse' }).waitFor();
      await login.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
      await login.getByRole('status').filter({ hasText: RESENT }).waitFor();
      await assertAccessible(page, '/auth with the confirmation mail sent again');
      await shot(page, 'confirmation-resent.png');

      const bodies = await waitForMailCount(OUTBOX_DIR, email, 2, { timeoutMs: 30_000 });
      assert.ok(bodies.every((body) => findConfirmationToken(body)), 'both mails carry a confirmation link');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
