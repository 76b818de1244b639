// End-to-end test of the optional site password gate. The suite's server runs without a
// site password, so this spec starts a second api process on the same database and Redis
// with APP__SITE__PASSWORD set (port APP__HTTP__PORT + 5) and stops it at the end.
// 1. Every page shows the gate first and the API is shut; the right password opens the
//    site, and a reload in the same browser session stays open.
// 2. A mail link opened in a locked browser goes to the gate and continues after it.
// 3. Wrong passwords are said and counted; the third locks the field and the button
//    (last, since every browser here comes from 127.0.0.1 and shares the lock).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { SCREENSHOT_DIR, skip } from './helpers/env.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SITE_PASSWORD = 'e2e-zugang-789';
const WRONG = 'Falsches Passwort. Bitte versuchen Sie es erneut.';
const LOCKED = /Zu viele fehlgeschlagene Versuche\. Warten Sie \d+ Sekunden\./;

const BINARY = process.env.CARGO_TARGET_DIR && path.join(process.env.CARGO_TARGET_DIR, 'debug', 'stimmwerk-api');
const PORT = Number(process.env.APP__HTTP__PORT) + 5;
const GATE_URL = `http://127.0.0.1:${PORT}`;
const skipGate =
  skip || (!BINARY || !process.env.APP__DATABASE__URL || !Number.isFinite(PORT) ? 'needs the env of scripts/e2e.sh (CARGO_TARGET_DIR, APP__*)' : false);

const shot = (page, name) => page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function gateState() {
  const response = await fetch(`${GATE_URL}/api/site-gate`);
  assert.equal(response.status, 200);
  return response.json();
}

/** Starts the gated server and waits until it answers; its output goes to a log file. */
async function startGatedServer() {
  const logFile = path.join(os.tmpdir(), `stimmwerk-site-gate-${process.pid}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(BINARY, ['serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      APP__SITE__PASSWORD: SITE_PASSWORD,
      APP__HTTP__PORT: String(PORT),
      APP__HTTP__PUBLIC_URL: GATE_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gated server exited:\n${await readFile(logFile, 'utf8')}`);
    try {
      if ((await fetch(`${GATE_URL}/api/site-gate`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`gated server did not start:\n${await readFile(logFile, 'utf8')}`);
    await sleep(200);
  }
  return {
    logFile,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      log.end();
    },
  };
}

async function expectGate(page) {
  await page.getByRole('heading', { level: 1, name: 'Zugang geschützt' }).waitFor();
  const form = page.getByRole('form', { name: 'Zugang' });
  await form.waitFor();
  return form;
}

async function enter(form, password) {
  await form.getByLabel('Passwort', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Zugang gewähren' }).click();
}

describe('Stimmwerk site password gate (end to end)', { skip: skipGate }, () => {
  let browser;
  let server;

  before(async () => {
    server = await startGatedServer();
    // A lock left by an earlier run (every browser here is 127.0.0.1) runs out first.
    const { locked_secs: wait } = await gateState();
    if (wait > 0) await sleep((wait + 1) * 1000);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('every page shows the gate first; the right password opens the site for the browser session', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await page.goto(`${GATE_URL}/live-demo`);
      const form = await expectGate(page);
      assert.equal(await page.title(), 'Zugang geschützt – Stimmwerk');
      assert.equal(await page.getByRole('navigation', { name: 'Kopfnavigation' }).count(), 0);
      const submit = form.getByRole('button', { name: 'Zugang gewähren' });
      assert.equal(await submit.isDisabled(), true, 'disabled while the field is empty');
      assert.equal((await page.getByTestId('site-gate-failures').textContent()).trim(), 'Fehlversuche: 0/3');
      await page.waitForFunction(() => document.activeElement?.matches('[data-testid="site-gate-password"]'));
      await assertAccessible(page, 'the site gate');
      await shot(page, 'site-gate.png');

      // The API stays shut until the password is entered.
      const me = await page.request.get(`${GATE_URL}/api/me`);
      assert.equal(me.status(), 403);
      assert.equal((await me.json()).error.code, 'site_locked');

      // The show/hide toggle.
      const field = form.getByLabel('Passwort', { exact: true });
      await field.fill(SITE_PASSWORD);
      await form.getByRole('button', { name: 'Passwort anzeigen' }).click();
      assert.equal(await field.getAttribute('type'), 'text');
      await form.getByRole('button', { name: 'Passwort verbergen' }).click();
      assert.equal(await field.getAttribute('type'), 'password');

      await form.getByRole('button', { name: 'Zugang gewähren' }).click();
      await page.getByRole('heading', { level: 1, name: 'Live Demo' }).waitFor();
      await page.getByRole('navigation', { name: 'Kopfnavigation' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/live-demo');
      assert.equal(await page.title(), 'Live Demo – Stimmwerk');
      assert.equal((await page.request.get(`${GATE_URL}/api/me`)).status(), 401, 'open now: nobody is signed in');

      // A reload and another page stay open in this browser session.
      await page.reload();
      await page.getByRole('navigation', { name: 'Kopfnavigation' }).waitFor();
      await page.goto(`${GATE_URL}/auth`);
      await page.getByRole('form', { name: 'Anmelden' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Zugang geschützt' }).count(), 0);
      await shot(page, 'site-gate-open.png');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a mail link opened in a locked browser continues after the password', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await page.goto(`${GATE_URL}/api/auth/confirm?token=unbekannt`);
      const form = await expectGate(page);
      const url = new URL(page.url());
      assert.equal(url.pathname, '/');
      assert.equal(url.searchParams.get('next'), '/api/auth/confirm?token=unbekannt');
      await enter(form, SITE_PASSWORD);
      // The server handles the (unknown) confirmation token and sends the browser on.
      await page.waitForURL((u) => u.pathname === '/auth' && u.searchParams.get('confirmed') === '0');
      await page.getByRole('form', { name: 'Anmelden' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('wrong passwords are said and counted; the third locks the gate', async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await page.goto(`${GATE_URL}/`);
      const form = await expectGate(page);
      const failures = page.getByTestId('site-gate-failures');
      const field = form.getByLabel('Passwort', { exact: true });

      for (const n of [1, 2]) {
        await enter(form, `falsch-${n}`);
        await page.waitForFunction((text) => document.querySelector('[data-testid="site-gate-failures"]')?.textContent?.includes(text), `Fehlversuche: ${n}/3`);
        await form.getByRole('alert').filter({ hasText: WRONG }).waitFor();
        assert.equal(await field.inputValue(), '', 'the field is cleared');
      }
      assert.equal((await failures.textContent()).trim(), 'Fehlversuche: 2/3');
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      await assertAccessible(page, 'the site gate after a wrong password');
      await shot(page, 'site-gate-wrong.png');

      await enter(form, 'falsch-3');
      const submit = form.getByTestId('site-gate-submit');
      await form.getByRole('button', { name: 'Gesperrt...' }).waitFor();
      await form.getByRole('alert').filter({ hasText: LOCKED }).waitFor();
      assert.equal(await field.isDisabled(), true);
      assert.equal(await submit.isDisabled(), true);
      assert.equal((await failures.textContent()).trim(), 'Fehlversuche: 3/3');
      const state = await gateState();
      assert.ok(state.locked_secs > 0 && state.locked_secs <= 30, `locked for ${state.locked_secs} s`);

      // A reload keeps the lock.
      await page.reload();
      await expectGate(page);
      await form.getByRole('alert').filter({ hasText: LOCKED }).waitFor();
      assert.equal(await field.isDisabled(), true);
      await assertAccessible(page, 'the locked site gate');
      await shot(page, 'site-gate-locked.png');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
