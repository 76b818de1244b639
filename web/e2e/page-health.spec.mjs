// Every screen the suite visits is scanned with axe (no serious or critical finding), and
// the form pages run without console errors - in particular no CSP violation from zod's
// JIT probe (`z.config({ jitless: true })`). Also: the Inter font ships with the app.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signUpConfirmAndSignIn } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, skip } from './helpers/env.mjs';

/**
 * Console errors of a page (CSP violations arrive as such). The one expected entry is the
 * browser's note about the 401 of the session check (`GET /api/me`) of a visitor.
 */
function watchConsole(page) {
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const sessionCheck = msg.location().url.endsWith('/api/me') && msg.text().includes('401');
    if (!sessionCheck) problems.push(`${msg.text()} (${msg.location().url})`);
  });
  return problems;
}

describe('page health (end to end)', { skip }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  test('/auth: no console error or CSP violation while the forms validate; one h1; Inter loaded', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      const problems = watchConsole(page);
      await page.goto(`${BASE_URL}/auth`);
      const login = page.getByRole('form', { name: 'Anmelden' });
      await login.waitFor();
      // Run the zod schemas: an empty submit and a malformed address.
      await login.getByRole('button', { name: 'Anmelden' }).click();
      await login.getByLabel('E-Mail').fill('keine-adresse');
      await login.getByRole('button', { name: 'Anmelden' }).click();
      await page.getByRole('tab', { name: 'Registrieren' }).click();
      await page.getByRole('form', { name: 'Registrieren' }).getByRole('button', { name: 'Konto erstellen' }).click();
      await page.waitForTimeout(300);
      assert.deepEqual(problems, [], 'no console errors on /auth');
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
      // The bundled font (no CDN): the browser has loaded "Inter Variable" from /assets.
      const inter = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Inter Variable' && f.status === 'loaded');
      });
      assert.ok(inter, 'Inter Variable is loaded');
      await assertAccessible(page, 'auth (sign-up tab)');
      await page.getByRole('tab', { name: 'Anmelden' }).click();
      await assertAccessible(page, 'auth (sign-in tab)');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('the 404 page, the dashboard and every placeholder pass axe', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      const problems = watchConsole(page);
      await page.goto(`${BASE_URL}/gibt-es-nicht`);
      await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
      assert.equal(await page.getByRole('main').count(), 1, 'the 404 page has a <main>');
      await assertAccessible(page, '404');

      await signUpConfirmAndSignIn(page);
      await assertAccessible(page, 'dashboard');
      for (const path of [
        '/dashboard/voice-cloning',
        '/dashboard/knowledge',
        '/dashboard/api',
        '/dashboard/api/scripts',
        '/dashboard/api/settings',
        '/dashboard/api/docs',
        '/dashboard/account',
        '/dashboard/gibt-es-nicht',
      ]) {
        await page.goto(`${BASE_URL}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await assertAccessible(page, path);
      }
      assert.deepEqual(problems, [], 'no console errors');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
