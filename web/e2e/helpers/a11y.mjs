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

/** Scans the current page (WCAG 2.x A/AA and best practices) and fails on serious or critical findings. */
export async function assertAccessible(page, screen) {
  await page.waitForLoadState('domcontentloaded');
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
  );
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.equal(bad.length, 0, `axe on ${screen} (${page.url()}):\n${bad.map(describeViolation).join('\n')}`);
}
