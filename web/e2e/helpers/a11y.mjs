// Accessibility scan with axe-core: fails on any `serious` or `critical` violation.
// The app's Content-Security-Policy forbids inline <script> tags, so axe's source is
// evaluated through the DevTools protocol (page.evaluate), which CSP does not govern.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const axeSource = createRequire(import.meta.url)('axe-core').source;

function describeViolation(v) {
  const nodes = v.nodes
    .slice(0, 5)
    .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join('; ')}`)
    .join('\n');
  return `${v.impact} ${v.id}: ${v.help}\n${nodes}`;
}

/**
 * Headings start at one <h1> and never skip a level going down (h1 -> h3). While a modal
 * dialog is open the page behind it is hidden, so only the dialog's headings count.
 */
export async function assertHeadingOrder(page, screen) {
  const { levels, modal } = await page.evaluate(() => ({
    modal: !!document.querySelector('[role="dialog"][aria-modal="true"], [role="dialog"]'),
    levels: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => h.getClientRects().length > 0 && !h.closest('[aria-hidden="true"]'))
      .map((h) => ({ level: Number(h.tagName[1]), text: h.textContent.trim().slice(0, 40) })),
  }));
  if (!modal) assert.equal(levels.filter((h) => h.level === 1).length, 1, `${screen}: one h1 (${JSON.stringify(levels)})`);
  levels.reduce((previous, h) => {
    assert.ok(h.level <= previous + 1, `${screen}: "${h.text}" (h${h.level}) follows an h${previous}`);
    return h.level;
  }, modal ? 1 : 0);
}

/** Scans the current page (WCAG 2.x A/AA and best practices) and fails on serious or critical findings. */
export async function assertAccessible(page, screen) {
  await page.waitForLoadState('domcontentloaded');
  // Colours are measured as painted: let entrance transitions (toasts, menus) finish first;
  // endless ones (spinners) are left running.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
  );
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.equal(bad.length, 0, `axe on ${screen} (${page.url()}):\n${bad.map(describeViolation).join('\n')}`);
  await assertHeadingOrder(page, screen);
}
