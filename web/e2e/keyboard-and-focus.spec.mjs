// Keyboard use: the skip link on every layout, the mobile menu as a focus-trapping dialog
// that returns the focus to its toggle, and the focus after sign-in (the page heading,
// not document.body). Also where toasts go: below the top bar, labelled in German.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectVisibleText, signUpConfirmAndSignIn } from './helpers/app.mjs';
import { assertAccessible } from './helpers/a11y.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, skip } from './helpers/env.mjs';
import { box, shot } from './helpers/layout.mjs';

const activeInfo = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName, id: el?.id, text: el?.textContent?.trim().slice(0, 60), testid: el?.getAttribute('data-testid') };
  });

/**
 * From the top of the page, the first Tab reaches "Zum Inhalt springen"; Enter moves the
 * focus to <main>. (A focused-then-removed element at the start of <body> moves the
 * browser's sequential focus starting point to the top, as after a fresh page load.)
 */
async function assertSkipLink(page, what) {
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
  });
  await page.keyboard.press('Tab');
  const first = await activeInfo(page);
  assert.equal(first.text, 'Zum Inhalt springen', `${what}: first Tab stop is the skip link, got ${JSON.stringify(first)}`);
  assert.ok(await page.getByRole('link', { name: 'Zum Inhalt springen' }).isVisible(), `${what}: skip link visible on focus`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
}

describe('keyboard and focus (end to end)', { skip }, () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  test('skip link on the public layouts; sign-in focuses the heading; toasts stay off the top bar', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      for (const [url, ready] of [
        ['/', () => page.getByTestId('pricing-card').first().waitFor()],
        ['/auth', () => page.getByRole('form', { name: 'Anmelden' }).waitFor()],
        // An unknown token: the page says so at once (with a link to ask for a new one).
        ['/auth/reset?token=x', () => page.getByRole('link', { name: 'Neuen Link anfordern' }).waitFor()],
        ['/live-demo', () => page.getByTestId('demo-text').waitFor()],
        ['/gibt-es-nicht', () => page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor()],
      ]) {
        await page.goto(`${BASE_URL}${url}`);
        await ready();
        await assertSkipLink(page, url);
      }

      await signUpConfirmAndSignIn(page);
      // After sign-in the focus is on the dashboard's heading, not on document.body.
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      assert.equal((await activeInfo(page)).text, 'Dashboard');

      // The "Erfolgreich angemeldet" toast: German region label, close button "Schließen",
      // and it does not cover the top bar.
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Erfolgreich angemeldet' });
      await toast.waitFor();
      assert.equal(await page.locator('section[aria-label^="Benachrichtigungen"]').count(), 1);
      assert.equal(await toast.getByRole('button', { name: 'Schließen' }).count(), 1);
      const bar = await box(page.locator('header').first());
      const t = await box(toast);
      assert.ok(t.y >= bar.y + bar.height, `toast ${JSON.stringify(t)} overlaps the top bar ${JSON.stringify(bar)}`);
      await shot(page, 'focus-after-sign-in.png');

      await assertSkipLink(page, '/dashboard');

      // Toasts do not pile up: five in a row, at most three visible. An error toast has
      // enough contrast (axe scans the page while it shows).
      await page.getByRole('link', { name: 'Text zu Sprache' }).click();
      const cleanup = page.getByTestId('jobs-cleanup');
      for (let i = 0; i < 5; i++) {
        await cleanup.click();
        await page.waitForFunction(() => !document.querySelector('[data-testid="jobs-cleanup"]')?.hasAttribute('disabled'));
      }
      await page.waitForTimeout(500);
      const visible = await page.locator('[data-sonner-toast][data-visible="true"]').count();
      assert.ok(visible >= 1 && visible <= 3, `${visible} toasts visible at once`);
      await page.getByTestId('tts-submit').click();
      await page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'Eingabe unvollständig' }).waitFor();
      await assertAccessible(page, 'TTS with an error toast');
      await shot(page, 'toasts.png');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('the mobile menu takes the focus, traps it, closes on Escape and returns it', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      await page.setViewportSize({ width: 390, height: 844 });
      const toggle = page.getByTestId('sidebar-toggle');
      await toggle.waitFor();
      await toggle.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('dialog', { name: 'Navigation' });
      await menu.waitFor();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      assert.ok(await menu.evaluate((el) => el.contains(document.activeElement)), 'focus moved into the menu');
      await shot(page, 'mobile-menu-open.png');
      await assertAccessible(page, 'mobile menu');

      // Tab and Shift+Tab never leave the menu.
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
        assert.ok(await menu.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1} stays in the menu`);
      }

      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await page
        .waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'sidebar-toggle', null, { timeout: 5000 })
        .catch(() => {});
      assert.equal((await activeInfo(page)).testid, 'sidebar-toggle', 'focus is back on the toggle');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');

      // A link in the menu navigates and closes it.
      await toggle.click();
      await menu.getByRole('link', { name: 'Text zu Sprache' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/tts');
      await menu.waitFor({ state: 'detached' });
      await expectVisibleText(page, 'Text eingeben');

      // The user menu (Radix dropdown) by keyboard: opens on Enter, Escape returns the
      // focus to its button, "Abmelden" signs out.
      const userMenu = page.getByRole('button', { name: /^Benutzermenü/ });
      await userMenu.focus();
      await page.keyboard.press('Enter');
      const signOut = page.getByRole('menuitem', { name: 'Abmelden' });
      await signOut.waitFor();
      await assertAccessible(page, 'user menu');
      await page.keyboard.press('Escape');
      await signOut.waitFor({ state: 'detached' });
      // Radix gives the focus back a task after the menu unmounts: wait for it (a menu
      // that never returns the focus still fails here, after the timeout).
      await page
        .waitForFunction(() => document.activeElement?.textContent?.trim().startsWith('Benutzermenü:'), null, { timeout: 5000 })
        .catch(() => {});
      assert.match((await activeInfo(page)).text ?? '', /^Benutzermenü:/, 'focus is back on the menu button');
      await userMenu.click();
      await signOut.click();
      await page.waitForURL((url) => url.pathname === '/auth');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
