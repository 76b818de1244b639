// Signing in as the seeded admin. The admin area needs a session that proved a second
// factor, so the first sign-in of a run sets two-factor sign-in up for the admin (and
// checks that the area is closed until then); the secret and the last used time step are
// kept in a file in the OS temp folder, keyed by BASE_URL, for every later sign-in.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertAccessible } from './a11y.mjs';
import { BASE_URL, SCREENSHOT_DIR } from './env.mjs';
import { freshCode } from './totp.mjs';

export const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@stimmwerk.local';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD;

const CSRF = { 'x-requested-with': 'stimmwerk' };

const stateFile = () =>
  path.join(os.tmpdir(), `stimmwerk-e2e-admin-2fa-${createHash('sha256').update(`${BASE_URL}|${ADMIN_EMAIL}`).digest('hex').slice(0, 16)}.json`);

function readState() {
  try {
    return JSON.parse(readFileSync(stateFile(), 'utf8'));
  } catch {
    return null;
  }
}

function writeState(state) {
  writeFileSync(stateFile(), JSON.stringify(state), { mode: 0o600 });
}

/** A code for a time step not used before, recorded as used before it is sent. */
export async function nextAdminCode() {
  const state = readState();
  assert.ok(state?.secret, `the admin's two-factor secret is missing (${stateFile()})`);
  const { code, step } = await freshCode(state.secret, state.lastStep ?? null);
  writeState({ ...state, lastStep: step });
  return code;
}

/** Sets two-factor sign-in up for the signed-in admin through the API (as the account page does). */
async function enableTwoFactor(page) {
  const setup = await page.request.post(`${BASE_URL}/api/account/two-factor/setup`, { headers: CSRF });
  assert.equal(setup.status(), 200, `setup: ${await setup.text()}`);
  const { secret } = await setup.json();
  writeState({ secret, lastStep: null });
  const enable = await page.request.post(`${BASE_URL}/api/account/two-factor/enable`, {
    headers: CSRF,
    data: { code: await nextAdminCode(), password: ADMIN_PASSWORD },
  });
  assert.equal(enable.status(), 200, `enable: ${await enable.text()}`);
  const { codes } = await enable.json();
  assert.equal(codes.length, 10);
}

/**
 * Signs in as the admin at /auth and ends on /dashboard with a session that may open the
 * admin area: enters a code when the code step appears; without two-factor yet, first
 * checks the admin area's notice, then sets it up (which marks this session).
 */
export async function signInAsAdmin(page) {
  assert.ok(ADMIN_PASSWORD, 'ADMIN_PASSWORD is not set');
  await page.goto(`${BASE_URL}/auth`);
  const login = page.getByRole('form', { name: 'Anmelden' });
  await login.getByLabel('E-Mail').fill(ADMIN_EMAIL);
  await login.getByLabel('Passwort').fill(ADMIN_PASSWORD);
  await login.getByRole('button', { name: 'Anmelden' }).click();
  const codeStep = page.getByTestId('code-step');
  const outcome = await Promise.race([
    page.waitForURL((url) => url.pathname === '/dashboard').then(() => 'dashboard'),
    codeStep.waitFor().then(() => 'code'),
  ]);
  if (outcome === 'code') {
    await codeStep.getByLabel('Bestätigungscode').fill(await nextAdminCode());
    await codeStep.getByRole('button', { name: 'Bestätigen' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    return;
  }
  // No two-factor yet (the first admin sign-in of this database): the area stays closed.
  await page.goto(`${BASE_URL}/admin/users`);
  await page.getByRole('heading', { level: 1, name: 'Zwei-Faktor-Anmeldung erforderlich' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Benutzerverwaltung' }).count(), 0, 'no admin page without 2FA');
  const setupLink = page.getByRole('link', { name: 'Zwei-Faktor-Anmeldung einrichten' });
  assert.equal(await setupLink.getAttribute('href'), '/dashboard/account#zwei-faktor');
  await assertAccessible(page, 'admin: second-factor notice');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-second-factor-notice.png') });
  await enableTwoFactor(page);
  await page.goto(`${BASE_URL}/dashboard`);
  await page.waitForURL((url) => url.pathname === '/dashboard');
}
