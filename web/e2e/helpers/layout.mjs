// Viewport checks shared by the layout suites.
import assert from 'node:assert/strict';
import path from 'node:path';
import { SCREENSHOT_DIR } from './env.mjs';

/** Phone, tablet (the sidebar becomes a sheet below 768 px), small laptop (1024 px with
 * the sidebar open), laptop and desktop. */
export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'small-laptop', width: 1024, height: 768 },
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'desktop', width: 1440, height: 900 },
];

/** The widths whose screenshots are kept (a phone and a small laptop, where layouts break first). */
export const SCREENSHOT_WIDTHS = new Set([390, 1024]);

export async function assertNoHorizontalScroll(page, what) {
  // Right after a resize the layout may still switch (the sidebar becomes a sheet below
  // 768 px): give it two seconds to settle; an overflow that stays fails below.
  await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 2_000 }).catch(() => undefined);
  const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The innermost elements reaching past the window, to say what to fix.
    culprits: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${(el.textContent ?? '').slice(0, 60)}`),
  }));
  assert.ok(scrollWidth <= innerWidth, `${what}: page is ${scrollWidth} px wide in a ${innerWidth} px window; past the edge: ${culprits.join(' | ')}`);
}

/**
 * Every euro amount on screen ("14,98 €", "1.234,56 €", "−0,25 €") stays on one line:
 * the range over its characters has a single line box, also where the number and "€" are
 * separate text nodes of one element with a data-testid. Returns how many amounts it
 * checked, so a caller can tell that the page showed any.
 */
export async function assertAmountsOnOneLine(page, what) {
  const { checked, wrapped } = await page.evaluate(() => {
    const AMOUNT = /[-+−]?\d{1,3}(?:\.\d{3})*,\d{2}[ \u00a0\u202f]€/g;
    const ONLY_AMOUNT = /^[-+−]?\s?\d{1,3}(?:\.\d{3})*,\d{2}\s?€$/;
    const lines = (range) => new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.bottom))).size;
    const where = (el) => el.closest('[data-testid]')?.getAttribute('data-testid') ?? `<${el.tagName.toLowerCase()} class="${el.className}">`;
    // Text for screen readers only (a chart's table) is not on screen.
    const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.sr-only');
    let checked = 0;
    const wrapped = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !visible(el)) continue;
      for (const m of node.data.matchAll(AMOUNT)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        checked += 1;
        if (lines(range) > 1) wrapped.push(`"${m[0]}" in ${where(el)}`);
      }
    }
    for (const el of document.querySelectorAll('[data-testid]')) {
      if (!visible(el) || !ONLY_AMOUNT.test((el.textContent ?? '').trim())) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      checked += 1;
      if (lines(range) > 1) wrapped.push(`"${el.textContent.trim()}" in ${where(el)}`);
    }
    return { checked, wrapped };
  });
  assert.deepEqual(wrapped, [], `${what}: amounts broken over two lines`);
  return checked;
}

export async function box(locator) {
  const b = await locator.boundingBox();
  assert.ok(b, 'element is rendered');
  return b;
}

/** `inner` lies completely inside `outer` (1 px tolerance for borders). */
export async function assertInside(inner, outer, what) {
  const i = await box(inner);
  const o = await box(outer);
  const inside = i.x >= o.x - 1 && i.y >= o.y - 1 && i.x + i.width <= o.x + o.width + 1 && i.y + i.height <= o.y + o.height + 1;
  assert.ok(inside, `${what}: ${JSON.stringify(i)} is not inside ${JSON.stringify(o)}`);
}

/** The element is fully visible in the window without scrolling. */
export async function assertInViewport(page, locator, what) {
  const b = await box(locator);
  const { innerWidth, innerHeight } = await page.evaluate(() => ({ innerWidth: window.innerWidth, innerHeight: window.innerHeight }));
  // 1 px tolerance: a box scrolled flush with the window's edge may sit at a fractional position.
  const visible = b.y >= -1 && b.x >= -1 && b.y + b.height <= innerHeight + 1 && b.x + b.width <= innerWidth + 1;
  assert.ok(visible, `${what}: ${JSON.stringify(b)} is outside the ${innerWidth}x${innerHeight} window`);
}

/** Like `assertInViewport`, for an element that has just changed: the page gets one second to bring it back into view. */
export async function assertSettlesInViewport(page, locator, what) {
  const deadline = Date.now() + 1_000;
  for (;;) {
    try {
      return await assertInViewport(page, locator, what);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.waitForTimeout(100);
    }
  }
}

export function shot(page, name) {
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: false }).catch(() => undefined);
}

/** The element's text takes a single line (e.g. a label beside an amount). */
export async function assertOneLine(locator, what) {
  const lines = await locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.bottom))).size;
  });
  assert.equal(lines, 1, `${what}: "${await locator.textContent()}" takes ${lines} lines`);
}

/**
 * Waits until the screen has loaded: its heading is there and no region is busy (the
 * skeletons of lists and cards set aria-busy while their data loads).
 */
export async function waitForContent(page, ready) {
  await ready(page).waitFor();
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
}
