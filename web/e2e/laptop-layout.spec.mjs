// The wide screens at 1024 x 768 (a small laptop with the sidebar open, about 44rem for the
// page): the project editor, the clone list and the admin's voice list fit the window
// (the page never scrolls sideways) and every action is on screen - none hides in a table
// that scrolls inside its own box. Each is filled as a user would (a project of two
// chapters, a clone with a long name and tags), scanned with axe and photographed:
// e2e/screenshots/laptop-*.png.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertAccessible } from './helpers/a11y.mjs';
import { ADMIN_PASSWORD, signInAsAdmin } from './helpers/admin.mjs';
import { signUpConfirmAndSignIn } from './helpers/app.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { BASE_URL, skip } from './helpers/env.mjs';
import { assertNoHorizontalScroll, box, shot, waitForContent } from './helpers/layout.mjs';

const CSRF = { 'x-requested-with': 'stimmwerk' };
const LAPTOP = { width: 1024, height: 768 };
const CLONE_NAME = 'Hörbuchstimme Marie-Luise Schmidt-Hohenstein';

const MANUSCRIPT = [
  'Kapitel 1: Die Ankunft auf der Insel',
  'Als die Fähre am Morgen in Sassnitz anlegte, lag noch Nebel über dem Hafen.',
  'Kapitel 2: Der Leuchtturm am Kap Arkona',
  'Am zweiten Tag wanderten sie zum Leuchtturm, und der Wind trug den Geruch von Salz heran.',
  '„Oben auf der Galerie sieht man bei klarem Wetter bis nach Dänemark“, sagte die Leuchtturmwärterin.',
].join('\n\n');

async function post(page, url, data, expected = 201) {
  const response = await page.request.post(`${BASE_URL}${url}`, { headers: CSRF, data });
  assert.equal(response.status(), expected, `${url}: ${await response.text()}`);
  return response.json();
}

/** A project of two chapters in a local German voice, with a character of a long name, made through the API. */
async function createProject(page) {
  const { voices } = await (await page.request.get(`${BASE_URL}/api/voices`)).json();
  const voice = voices.find((v) => v.language === 'de-DE' && v.type !== 'clone' && v.available && v.key?.startsWith('local-'));
  assert.ok(voice, 'a local German voice');
  const project = await post(page, '/api/projects', { title: 'Sommer auf Rügen – eine Reise in zwei Kapiteln', text: MANUSCRIPT, voice_id: voice.id });
  await post(page, `/api/projects/${project.id}/characters`, { name: 'Leuchtturmwärterin Hildegard von Arkona', voice_id: voice.id });
  return project;
}

/** A clone with a long name, a description and tags (its wizard is left at the recordings). */
async function createClone(page) {
  const clone = await post(page, '/api/voice-clones', {
    name: CLONE_NAME,
    cloned_from: 'Marie-Luise Schmidt-Hohenstein, Sprecherin',
    description: 'Ruhige, warme Erzählstimme für Hörbücher und lange Sachtexte',
    teleprompter_text_size: 18,
    teleprompter_scroll_speed: 50,
    consents: { own_voice: true, usage: true, terms: true },
  });
  const tagged = await page.request.patch(`${BASE_URL}/api/voice-clones/${clone.id}`, {
    headers: CSRF,
    data: { tags: ['hörbuch', 'erzählerin', 'sachbuch'] },
  });
  assert.equal(tagged.status(), 200, await tagged.text());
  return clone;
}

/** Every locator's box lies inside the window from left to right (it may sit below the fold). */
async function assertHorizontallyInView(page, locators, what) {
  const { innerWidth } = await page.evaluate(() => ({ innerWidth: window.innerWidth }));
  assert.ok(locators.length > 0, `${what}: no action found`);
  for (const locator of locators) {
    const b = await box(locator);
    const name = (await locator.getAttribute('aria-label')) ?? (await locator.textContent())?.trim();
    assert.ok(b.x >= -1 && b.x + b.width <= innerWidth + 1, `${what}: "${name}" at x ${Math.round(b.x)}–${Math.round(b.x + b.width)} in a ${innerWidth} px window`);
  }
}

/** A table's own scroll box does not scroll sideways either (it would hide the last columns). */
async function assertTableFits(table, what) {
  const size = await table.evaluate((el) => {
    const scroller = el.closest('.overflow-x-auto') ?? el.parentElement;
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
  });
  assert.ok(size.scrollWidth <= size.clientWidth, `${what}: the table is ${size.scrollWidth} px wide in a ${size.clientWidth} px box`);
}

describe('small laptop (1024 px): editor and voice lists fit, every action in view', { skip }, () => {
  let browser;
  let cloneId;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  test('project editor and clone list', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      const project = await createProject(page);
      assert.equal(project.chapters.length, 2, 'the manuscript has two chapters');
      cloneId = (await createClone(page)).id;
      await page.setViewportSize(LAPTOP);

      // The second chapter: its head has the most (merge, voice, "Kapitel vertonen").
      await page.goto(`${BASE_URL}/dashboard/projects/${project.id}?kapitel=${project.chapters[1].id}`);
      await waitForContent(page, (p) => p.getByTestId('paragraph').first());
      await page.getByTestId('chapter-render').waitFor();
      await assertNoHorizontalScroll(page, 'project editor at 1024 px');
      const render = page.getByTestId('chapter-render');
      assert.match((await render.textContent()) ?? '', /^Kapitel vertonen \(\d+,\d{2} €\)$/);
      await assertHorizontallyInView(
        page,
        [
          render,
          page.getByTestId('chapter-merge'),
          page.getByTestId('chapter-voice'),
          page.getByTestId('project-voice'),
          page.getByTestId('project-title-edit'),
          page.getByTestId('chapter-title-edit'),
          ...(await page.getByTestId('paragraph-edit').all()),
          ...(await page.getByTestId('paragraph-voice').all()),
          ...(await page.getByTestId('chapter-item').all()),
          page.getByTestId('export-m4b'),
          // The quoted paragraph's "Rollen", the cast and the project's PLS actions.
          page.getByTestId('paragraph-casting'),
          page.getByTestId('character-remove'),
          page.getByTestId('character-voice-select'),
          page.getByTestId('project-dictionary').getByTestId('pls-import'),
          page.getByTestId('project-dictionary').getByTestId('pls-export'),
        ],
        'project editor at 1024 px',
      );
      await shot(page, 'laptop-project-editor-1024.png');
      await assertAccessible(page, 'project editor (1024 px)');

      await page.goto(`${BASE_URL}/dashboard/voice-cloning`);
      const row = page.locator(`[data-testid="clone-row"][data-voice-id="${cloneId}"]`);
      await waitForContent(page, () => row);
      await assertNoHorizontalScroll(page, 'clone list at 1024 px');
      await assertTableFits(row, 'clone list at 1024 px');
      const actions = await row.getByRole('button').all();
      assert.ok(actions.length >= 2, 'the clone offers its actions');
      await assertHorizontallyInView(page, actions, 'clone list at 1024 px');
      // What moved under the name on a narrow table is still there.
      for (const text of ['Marie-Luise Schmidt-Hohenstein, Sprecherin', 'Noch nie', 'erzählerin']) {
        assert.ok(await row.getByText(text, { exact: true }).first().isVisible(), `"${text}" is shown in the clone's row`);
      }
      await shot(page, 'laptop-clones-1024.png');
      await assertAccessible(page, 'clone list (1024 px)');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('admin voice list', { skip: ADMIN_PASSWORD ? false : 'ADMIN_PASSWORD is not set', timeout: 120_000 }, async () => {
    assert.ok(cloneId, 'the first test made a clone');
    const { context, page, errors } = await newPage(browser);
    try {
      await signInAsAdmin(page);
      await page.setViewportSize(LAPTOP);
      await page.goto(`${BASE_URL}/admin/voices`);
      await waitForContent(page, (p) => p.getByTestId('admin-voice-row').first());
      await assertNoHorizontalScroll(page, 'admin voices at 1024 px');
      const rows = page.getByTestId('admin-voice-row');
      await assertTableFits(rows.first(), 'admin voices at 1024 px');
      const clone = page.locator(`[data-testid="admin-voice-row"][data-voice-id="${cloneId}"]`);
      await clone.waitFor();
      const first = rows.first();
      await assertHorizontallyInView(
        page,
        [
          ...(await clone.getByRole('button').all()),
          ...(await clone.getByRole('switch').all()),
          ...(await first.getByRole('button').all()),
          ...(await first.getByRole('switch').all()),
        ],
        'admin voices at 1024 px',
      );
      // The owner moved under the clone's name on the narrow table.
      assert.match((await clone.textContent()) ?? '', /E2E Tester/);
      await shot(page, 'laptop-admin-voices-1024.png');
      await assertAccessible(page, 'admin voices (1024 px)');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
