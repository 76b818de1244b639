// End-to-end test of the mailed sign-in link: a confirmed user asks for a link on the
// sign-in tab, opens it from the outbox and lands signed in on /dashboard; the same link
// a second time lands on /auth?link=0 with the alert.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { expectVisibleText, signUpConfirmAndSignIn } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, OUTBOX_DIR, SCREENSHOT_DIR, skip } from './helpers/env.mjs';
import { waitForLoginLinkToken } from './helpers/mail.mjs';

const SENT = 'Falls für diese Adresse ein Konto besteht, haben wir einen Anmeldelink gesendet.';
const INVALID = 'Der Anmeldelink ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.';

describe('Stimmwerk sign-in link (end to end)', { skip }, () => {
  let browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  test('a mailed link signs in once', async () => {
    // A confirmed account, made (and signed in) in its own browser context.
    const setup = await newPage(browser);
    const email = await signUpConfirmAndSignIn(setup.page);
    await setup.context.close();

    const { context, page, errors } = await newPage(browser);
    try {
      const requestedAt = Date.now() - 5_000;
      await page.goto(`${BASE_URL}/auth`);
      const form = page.getByRole('form', { name: 'Anmelden' });
      await form.getByLabel('E-Mail').fill(email);
      await form.getByRole('button', { name: 'Anmeldelink per E-Mail senden' }).click();
      const status = form.getByRole('status');
      await status.getByText(SENT).waitFor();
      assert.equal((await status.textContent()).trim(), SENT);
      assert.equal(new URL(page.url()).pathname, '/auth', 'still on the sign-in page');
      await assertAccessible(page, '/auth with the sign-in link message');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'login-link-sent.png'), fullPage: true });

      const { token, subject } = await waitForLoginLinkToken(OUTBOX_DIR, email, { timeoutMs: 30_000, notBefore: requestedAt });
      assert.equal(subject, 'Ihr Anmeldelink für Stimmwerk');
      // The mail's host is the server's public_url; the path and token are what count.
      const link = `${BASE_URL}/api/auth/login-link?token=${encodeURIComponent(token)}`;
      await page.goto(link);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      // Signed in: the dashboard shows the account's balance, /api/me answers.
      await page.getByTestId('balance-badge').waitFor();
      const me = await page.evaluate(async () => (await fetch('/api/me')).status);
      assert.equal(me, 200);

      // The link works once. A second use lands on the sign-in tab with the alert.
      await context.clearCookies();
      await page.goto(link);
      await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('link') === '0');
      await expectVisibleText(page, INVALID);
      const alert = page.getByRole('alert').filter({ hasText: INVALID });
      await alert.waitFor();
      assert.equal(await page.getByRole('tab', { name: 'Anmelden' }).getAttribute('aria-selected'), 'true');
      await assertAccessible(page, '/auth?link=0');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'login-link-invalid.png'), fullPage: true });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
