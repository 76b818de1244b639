// Headless Chromium for the end-to-end tests: one browser per suite, a fresh context
// (own cookies, downloads allowed, German locale) per test.
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM, SCREENSHOT_DIR } from './env.mjs';

/** Headless Chromium; `args` adds switches (e.g. FAKE_MICROPHONE_ARGS of helpers/cloning.mjs). */
export async function launchBrowser({ args = [] } = {}) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...args,
    ],
  });
}

/** A page in a new browser context; `errors` collects uncaught page errors. */
export async function newPage(browser) {
  const context = await browser.newContext({ acceptDownloads: true, locale: 'de-DE', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
}
