// The developer API end to end: a key made on /dashboard/api/settings and copied from its
// dialog, the OpenAI-compatible speech endpoint called with it from the test, the request
// counted on /dashboard/api, the scripts showing the key's prefix, the docs listing the
// route, and a webhook whose test ping and job event reach a receiver this test runs.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { assertAccessible } from './helpers/a11y.mjs';
import { expectVisibleText, looksLikeMp3, signUpConfirmAndSignIn } from './helpers/app.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, skip } from './helpers/env.mjs';
import { assertInViewport, assertNoHorizontalScroll, shot } from './helpers/layout.mjs';

/** An HTTP receiver on a free loopback port that records every request. */
async function startReceiver() {
  const received = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(body || '{}') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, received, close: () => server.close() };
}

async function waitFor(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('Developer API (end to end)', { skip }, () => {
  let browser;
  let receiver;

  before(async () => {
    browser = await launchBrowser();
    receiver = await startReceiver();
  });

  after(async () => {
    await browser?.close();
    receiver?.close();
  });

  test('key, speech call, usage, scripts, docs and webhook', { timeout: 240_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    try {
      await signUpConfirmAndSignIn(page);
      await page.goto(`${BASE_URL}/dashboard/api/settings`);
      await page.getByTestId('key-name').fill('E2E-Programm');
      await page.getByTestId('key-create').click();
      const dialog = page.getByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
      const shown = (await dialog.getByTestId('created-secret').textContent()).trim();
      assert.match(shown, /^sw_[0-9a-f]{64}$/);
      await dialog.getByTestId('copy-secret').click();
      await expectVisibleText(page, 'API Key kopiert');
      const key = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(key, shown, 'the copy button copies the whole key');
      await assertAccessible(page, 'API Settings, new key');
      await dialog.getByRole('button', { name: 'Fertig' }).click();
      const prefix = key.slice(0, 12);
      await page.getByTestId('key-prefix').filter({ hasText: prefix }).waitFor();

      // The webhook: a test ping reaches the receiver.
      await page.getByTestId('webhook-url').fill(receiver.url);
      await page.getByTestId('webhook-save').click();
      const secretDialog = page.getByRole('dialog', { name: 'Ihr Webhook-Geheimnis' });
      assert.match(await secretDialog.getByTestId('created-secret').textContent(), /^whsec_/);
      await secretDialog.getByRole('button', { name: 'Fertig' }).click();
      await page.getByTestId('webhook-test').click();
      await expectVisibleText(page, 'Test zugestellt');
      assert.equal(receiver.received.at(-1).body.type, 'ping');
      assert.match(receiver.received.at(-1).headers['stimmwerk-signature'], /^v1=[0-9a-f]{64}$/);
      await assertAccessible(page, 'API Settings');
      await shot(page, 'api-settings-1366.png');

      // A program calls the OpenAI-compatible endpoint with the copied key.
      const response = await fetch(`${BASE_URL}/v1/audio/speech`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'tts-1', voice: 'local-de-klara', input: 'Hallo aus dem Browsertest.' }),
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'audio/mpeg');
      assert.ok(looksLikeMp3(new Uint8Array(await response.arrayBuffer())));
      await waitFor(() => receiver.received.some((r) => r.body.type === 'job.completed'), 'the job.completed webhook');

      // Counted on the API dashboard; the job is listed.
      await page.goto(`${BASE_URL}/dashboard/api`);
      await page.getByTestId('api-stat-today').filter({ hasText: /^1$/ }).waitFor();
      assert.equal(await page.getByTestId('api-stat-total').textContent(), '1');
      await page.getByTestId('api-job').filter({ hasText: 'Hallo aus dem Browsertest.' }).waitFor();
      await assertAccessible(page, 'API Dashboard');

      // The scripts carry the key's prefix.
      await page.goto(`${BASE_URL}/dashboard/api/scripts`);
      await page.getByTestId('script-code').filter({ hasText: `${prefix}…` }).waitFor();
      await page.getByRole('tab', { name: 'Python (openai)' }).click();
      assert.match(await page.getByTestId('script-code').textContent(), new RegExp(`base_url="${BASE_URL}/v1"`));
      await assertAccessible(page, 'API Scripts');

      // The docs render the served document: the two error shapes first, each with the
      // routes the document gives it.
      await page.goto(`${BASE_URL}/dashboard/api/docs`);
      const errorShapes = page.getByRole('region', { name: 'Fehlerantworten' });
      await errorShapes.waitFor();
      assert.match(await errorShapes.getByRole('region', { name: 'OpenAI-Form' }).textContent(), /POST \/v1\/audio\/speech/);
      assert.match(await errorShapes.getByRole('region', { name: 'Stimmwerk-Form' }).textContent(), /POST \/v1\/jobs/);
      await shot(page, 'api-docs-errors-1366.png');

      // An operation opened: its description as Markdown (code spans, no backticks) and
      // every status the served document declares, with its German meaning.
      const served = await (await fetch(`${BASE_URL}/api/openapi.json`)).json();
      const create = page.locator('[data-testid="api-operation"][data-path="/v1/jobs"][data-method="POST"]');
      await create.locator('summary').click();
      const description = create.getByTestId('markdown').first();
      await description.locator('code', { hasText: 'Idempotency-Key' }).waitFor();
      assert.doesNotMatch(await description.textContent(), /`/);
      const answers = create.getByRole('table', { name: 'Antworten von POST /v1/jobs' });
      const rows = await answers.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th').textContent, tr.querySelector('td').textContent]));
      assert.deepEqual(rows.map(([status]) => status), Object.keys(served.paths['/v1/jobs'].post.responses).sort());
      const meaning = Object.fromEntries(rows);
      assert.equal(meaning['401'], 'API-Schlüssel fehlt oder ist ungültig');
      assert.equal(meaning['402'], 'Guthaben reicht nicht');
      assert.equal(meaning['422'], 'Eingabe ungültig');
      assert.equal(meaning['429'], 'Zu viele Anfragen (Retry-After beachten)');
      assert.match(await answers.locator('tr', { hasText: '422' }).textContent(), /Fehler in der Stimmwerk-Form/);
      await assertAccessible(page, 'API Dokumentation, POST /v1/jobs geöffnet');
      await create.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shot(page, 'api-docs-operation-1366.png');
      await answers.scrollIntoViewIfNeeded();
      await shot(page, 'api-docs-responses-1366.png');
      // The shape named in a row leads to its explanation, not hidden under the top bar.
      await answers.locator('tr', { hasText: '422' }).getByRole('link', { name: 'Stimmwerk-Form' }).click();
      const houseHeading = errorShapes.getByRole('heading', { name: 'Stimmwerk-Form' });
      await page.waitForFunction(() => document.getElementById('fehler-stimmwerk').getBoundingClientRect().top < 200);
      await assertInViewport(page, houseHeading, 'the heading the link leads to');
      assert.ok((await houseHeading.boundingBox()).y >= 56, 'the heading is below the sticky top bar');

      // "Ausprobieren" sends with the pasted key.
      const speech = page.locator('[data-testid="api-operation"][data-path="/v1/balance"]');
      await page.getByTestId('docs-key').fill(key);
      await speech.locator('summary').click();
      await speech.getByTestId('try-it-send').click();
      await speech.getByTestId('try-it-status').filter({ hasText: '200 – Erfolg' }).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await assertNoHorizontalScroll(page, 'API docs at 390 px');
      await speech.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shot(page, 'api-docs-390.png');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
