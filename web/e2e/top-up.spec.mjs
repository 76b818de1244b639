// End-to-end test of a top-up against a running server and a fake Stripe: the dialog on the
// TTS screen (10 €), the way back from the "payment page" to /dashboard/account?topup=success,
// then Stripe's signed webhook credits the balance, which the page shows without a reload;
// the same webhook again credits nothing. Axe and a screenshot of the open dialog.
// The fake Stripe listens on STRIPE_PORT; the server is pointed at it by scripts/e2e.sh
// (APP__PAYMENTS__STRIPE_BASE_URL) and checks the webhook with STRIPE_WEBHOOK_SECRET.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { euro, expectVisibleText, openTts, signUpConfirmAndSignIn, START_BALANCE_CENT } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, SCREENSHOT_DIR, skip as skipBrowser } from './helpers/env.mjs';

const STRIPE_PORT = Number(process.env.STRIPE_PORT ?? 18199);
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET;
const skip = skipBrowser || (WEBHOOK_SECRET ? false : 'STRIPE_WEBHOOK_SECRET is not set (scripts/e2e.sh sets it)');
const SUCCESS_TEXT = 'Vielen Dank! Ihr Guthaben wird gutgeschrieben, sobald die Zahlung bestätigt ist.';

/** A tiny Stripe: creates Checkout Sessions whose "payment page" is the app's success page. */
function startFakeStripe() {
  const sessions = new Map();
  const requests = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const reply = (status, body) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url, 'http://fake-stripe');
      requests.push({ method: req.method, path: url.pathname, authorization: req.headers.authorization ?? '' });
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(raw);
        // 50 € is what this fake Stripe refuses, in Stripe's own (English) words.
        if (form.get('line_items[0][price_data][unit_amount]') === '5000') {
          return reply(400, { error: { type: 'invalid_request_error', message: 'Your account cannot currently make live charges.' } });
        }
        const session = {
          id: `cs_e2e_${sessions.size + 1}`,
          object: 'checkout.session',
          url: `${BASE_URL}/dashboard/account?topup=success`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: 'eur',
          client_reference_id: form.get('client_reference_id'),
          success_url: form.get('success_url'),
        };
        sessions.set(session.id, session);
        return reply(200, session);
      }
      const found = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && found && sessions.has(found[1])) return reply(200, sessions.get(found[1]));
      if (req.method === 'GET' && url.pathname === '/v1/balance') return reply(200, {});
      return reply(404, { error: { message: `No such route: ${req.method} ${url.pathname}` } });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(STRIPE_PORT, '127.0.0.1', () => resolve({ server, sessions, requests }));
  });
}

/** Posts a `checkout.session.completed` event for `sessionId`, signed like Stripe does. */
async function postWebhook(eventId, sessionId, amountCent) {
  const body = JSON.stringify({
    id: eventId,
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, payment_status: 'paid', amount_total: amountCent, currency: 'eur' } },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
  const response = await fetch(`${BASE_URL}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${t},v1=${v1}` },
    body,
  });
  assert.equal(response.status, 204, `webhook ${eventId}: ${await response.text()}`);
}

/** Waits until the account page's balance card shows `cents` (the page polls /api/me). */
async function waitForAccountBalance(page, cents, timeout = 30_000) {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="account-balance"]')?.textContent === expected,
    euro(cents),
    { timeout },
  );
}

describe('top-up (end to end, fake Stripe)', { skip }, () => {
  let browser;
  let stripe;
  before(async () => {
    stripe = await startFakeStripe();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => (stripe ? stripe.server.close(resolve) : resolve()));
  });

  test('10 € from the TTS screen, back on the account page, credited once by the webhook', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      await openTts(page);
      await page.getByTestId('balance-top-up').click();
      const dialog = page.getByRole('dialog', { name: 'Guthaben aufladen' });
      await dialog.getByRole('radio', { name: '10,00 €' }).waitFor();
      await dialog.getByText('Kartenzahlung über Stripe', { exact: false }).waitFor();
      const labels = await dialog.getByRole('radio').allTextContents();
      assert.deepEqual(labels, ['5,00 €', '10,00 €', '20,00 €', '50,00 €', 'Anderer Betrag']);
      await dialog.getByRole('radio', { name: '10,00 €' }).click();
      assert.equal(await dialog.getByRole('radio', { name: '10,00 €' }).getAttribute('aria-checked'), 'true');
      await assertAccessible(page, 'top-up dialog');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'top-up-dialog.png') });

      await dialog.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/account' && url.searchParams.get('topup') === 'success');
      await expectVisibleText(page, SUCCESS_TEXT);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'top-up-success.png') });

      const session = stripe.sessions.get('cs_e2e_1');
      assert.ok(session, 'the server created a Checkout Session at the fake Stripe');
      assert.equal(session.amount_total, 1000);
      assert.ok(session.client_reference_id, 'the top-up id is the client reference');
      assert.equal(session.success_url, `${BASE_URL}/dashboard/account?topup=success`);
      await waitForAccountBalance(page, START_BALANCE_CENT);

      // Stripe's webhook lands: the open page shows the new balance without a reload.
      await postWebhook('evt_e2e_1', 'cs_e2e_1', 1000);
      await waitForAccountBalance(page, START_BALANCE_CENT + 1000);
      await page.getByTestId('balance-badge').filter({ hasText: euro(START_BALANCE_CENT + 1000) }).waitFor();

      // The same event again, and a second event for the same session: credited once only.
      await postWebhook('evt_e2e_1', 'cs_e2e_1', 1000);
      await postWebhook('evt_e2e_2', 'cs_e2e_1', 1000);
      const me = await page.evaluate(async () => (await fetch('/api/me')).json());
      assert.equal(me.balance_cent, START_BALANCE_CENT + 1000);
      await page.reload();
      await waitForAccountBalance(page, START_BALANCE_CENT + 1000);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a payment Stripe refuses reads "Zahlung fehlgeschlagen" in German and charges nothing', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      await openTts(page);
      await page.getByTestId('balance-top-up').click();
      const dialog = page.getByRole('dialog', { name: 'Guthaben aufladen' });
      await dialog.getByRole('radio', { name: '50,00 €' }).click();
      await dialog.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      const text = await alert.innerText();
      assert.match(text, /Zahlung fehlgeschlagen/);
      assert.match(text, /Der Zahlungsdienst hat die Zahlung abgelehnt\./);
      assert.ok(!text.includes('live charges'), `Stripe's own words stay out: ${text}`);
      assert.ok(!text.includes('Audio-Generierung'), text);
      await assertAccessible(page, 'top-up dialog, payment refused');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'top-up-refused.png') });
      const me = await page.evaluate(async () => (await fetch('/api/me')).json());
      assert.equal(me.balance_cent, START_BALANCE_CENT, 'nothing charged or credited');
    } finally {
      await context.close();
    }
  });
});
