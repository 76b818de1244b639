// Viewport checks shared by the layout suites.
import assert from 'node:assert/strict';
import path from 'node:path';
import { SCREENSHOT_DIR } from './env.mjs';

/** Phone, small laptop (1024 px with the sidebar open) and desktop. */
export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1024, height: 768 },
  { name: 'desktop', width: 1440, height: 900 },
];

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
  const visible = b.y >= 0 && b.x >= 0 && b.y + b.height <= innerHeight && b.x + b.width <= innerWidth;
  assert.ok(visible, `${what}: ${JSON.stringify(b)} is outside the ${innerWidth}x${innerHeight} window`);
}

export function shot(page, name) {
  return page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: false }).catch(() => undefined);
}
