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
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${what}: page is ${scrollWidth} px wide in a ${innerWidth} px window`);
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
