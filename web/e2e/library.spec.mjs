// The audio library end to end: three audios made on the TTS screen, one saved for good
// (the balance drops by 25 cents), two filed under a new category with tags, filtered by
// them, one moved to the trash and restored; the Kategorien and Klone tabs, the category
// manager, and the dashboard home with a permanent delete. axe scans every screen.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertAccessible } from './helpers/a11y.mjs';
import {
  assertBalance,
  chooseOption,
  costCents,
  expectVisibleText,
  openTts,
  pickLocalGermanVoice,
  signUpConfirmAndSignIn,
  START_BALANCE_CENT,
} from './helpers/app.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { skip } from './helpers/env.mjs';
import { assertNoHorizontalScroll, shot } from './helpers/layout.mjs';

const TEXTS = ['Erstes Audio der Bibliothek.', 'Zweites Audio der Bibliothek.', 'Drittes Audio der Bibliothek.'];
const CATEGORY = 'Projekt Alpha';

async function waitForCompleted(page, count) {
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('[data-testid="job-row"]')].filter((r) => r.getAttribute('data-status') === 'completed').length >= n,
    count,
    { timeout: 90_000 },
  );
}

/** The texts of the knowledge base list, in order. */
async function listedTexts(page) {
  await page.getByTestId('kb-loading').waitFor({ state: 'detached' }).catch(() => undefined);
  return page.getByTestId('kb-item').locator('p').allTextContents();
}

async function expectListed(page, texts) {
  const want = [...texts].sort();
  let got = [];
  for (let i = 0; i < 40; i += 1) {
    got = (await listedTexts(page)).sort();
    if (JSON.stringify(got) === JSON.stringify(want)) return;
    await page.waitForTimeout(250);
  }
  assert.deepEqual(got, want);
}

async function selectByText(page, text) {
  await page.getByTestId('kb-item').filter({ hasText: text }).getByTestId('kb-select').check();
}

describe('Audio library (end to end)', { skip }, () => {
  let browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  test('file, filter, trash, restore, save for 25 cents, manage categories, delete on the dashboard', { timeout: 300_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      await openTts(page);
      await pickLocalGermanVoice(page);
      for (const text of TEXTS) {
        await page.getByTestId('tts-text').fill(text);
        await page.getByTestId('tts-submit').click();
        await expectVisibleText(page, 'TTS-Generierung gestartet');
      }
      await waitForCompleted(page, 3);
      const spent = TEXTS.reduce((sum, t) => sum + costCents(t), 0);
      await assertBalance(page, START_BALANCE_CENT - spent);

      // Saved for good: 25 cents through the ledger, once.
      await page.getByTestId('job-row').filter({ hasText: TEXTS[0] }).getByTestId('job-save').click();
      await page.getByTestId('save-job-confirm').click();
      await assertBalance(page, START_BALANCE_CENT - spent - 25);

      // Knowledge base: a new category and tags for two audios.
      await page.getByRole('link', { name: 'Speak Knowledge' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/knowledge');
      await expectListed(page, TEXTS);
      // Each row says what it is: the saved one is kept for good, the others end on a Berlin date.
      const item = (text) => page.getByTestId('kb-item').filter({ hasText: text });
      await item(TEXTS[0]).getByTestId('kb-expiry').filter({ hasText: 'Dauerhaft gespeichert' }).waitFor();
      assert.match((await item(TEXTS[1]).getByTestId('kb-expiry').textContent()) ?? '', /^Läuft am \d\d\.\d\d\.\d{4} um \d\d:\d\d ab$/);
      assert.match((await item(TEXTS[1]).textContent()) ?? '', /Kosten:\s*\d+ Cent.*Länge:\s*\d+,\d s.*Erstellt:\s*\d\d\.\d\d\.\d{4}, \d\d:\d\d/);
      await selectByText(page, TEXTS[0]);
      await selectByText(page, TEXTS[1]);
      await page.getByTestId('kb-assign-category').click();
      const categoryDialog = page.getByRole('dialog', { name: 'Kategorie zuweisen' });
      await categoryDialog.getByLabel('Neue Kategorie').check();
      await categoryDialog.getByTestId('kb-new-category').fill(CATEGORY);
      await categoryDialog.getByTestId('kb-assign-category-submit').click();
      await categoryDialog.waitFor({ state: 'detached' });
      await expectVisibleText(page, 'Kategorie zugewiesen');
      await selectByText(page, TEXTS[0]);
      await selectByText(page, TEXTS[1]);
      await page.getByTestId('kb-add-tags').click();
      const tagsDialog = page.getByRole('dialog', { name: 'Tags hinzufügen' });
      await tagsDialog.getByTestId('kb-tags-input').fill('kunde, final');
      await tagsDialog.getByTestId('kb-add-tags-submit').click();
      await tagsDialog.waitFor({ state: 'detached' });
      const filed = page.getByTestId('kb-item').filter({ hasText: TEXTS[0] });
      await filed.getByText(CATEGORY).waitFor();
      await filed.getByText('#kunde').waitFor();
      await assertAccessible(page, 'knowledge base');
      await shot(page, 'library-knowledge-1366.png');

      // Filter by the category, then by a tag: exactly those two.
      await chooseOption(page, 'Kategorie', CATEGORY);
      await expectListed(page, TEXTS.slice(0, 2));
      await chooseOption(page, 'Kategorie', 'Alle Kategorien');
      await chooseOption(page, 'Tag', 'kunde');
      await expectListed(page, TEXTS.slice(0, 2));
      await chooseOption(page, 'Tag', 'Alle Tags');
      await expectListed(page, TEXTS);

      // Soft delete and restore.
      await selectByText(page, TEXTS[2]);
      await page.getByTestId('kb-trash').click();
      await expectListed(page, TEXTS.slice(0, 2));
      await chooseOption(page, 'Status', 'Gelöschte Audios');
      await expectListed(page, [TEXTS[2]]);
      await page.getByTestId('kb-deleted').first().waitFor();
      assert.match(await page.getByTestId('kb-deleted').first().textContent(), /^Gelöscht: \d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
      await selectByText(page, TEXTS[2]);
      await page.getByTestId('kb-restore').click();
      await expectVisibleText(page, 'Audios wiederhergestellt');
      await chooseOption(page, 'Status', 'Aktive Audios');
      await expectListed(page, TEXTS);

      // Kategorien tab: the tree and the audios of the chosen category.
      await page.getByRole('tab', { name: 'Kategorien' }).click();
      await page.getByTestId('category-node').filter({ hasText: CATEGORY }).click();
      await expectListed(page, TEXTS.slice(0, 2));
      await assertAccessible(page, 'knowledge base, Kategorien');

      // Klone tab: no clone voices yet, so its empty state.
      await page.getByRole('tab', { name: 'Klone' }).click();
      await expectVisibleText(page, 'Keine Audios mit geklonten Stimmen gefunden');
      await assertAccessible(page, 'knowledge base, Klone');

      // The category manager: create, rename, delete (asks first).
      await page.getByTestId('kb-settings').click();
      const settings = page.getByRole('dialog', { name: 'Knowledge Base Einstellungen' });
      await settings.getByTestId('category-create-name').fill('Temporär');
      await settings.getByTestId('category-create-submit').click();
      const row = settings.locator('[data-testid="category-row"][data-name="Temporär"]');
      await row.waitFor();
      await assertAccessible(page, 'Knowledge Base Einstellungen');
      await row.getByTestId('category-rename-button').click();
      await settings.getByTestId('category-rename-name').fill('Vorläufig');
      await settings.getByTestId('category-rename-submit').click();
      const renamed = settings.locator('[data-testid="category-row"][data-name="Vorläufig"]');
      await renamed.waitFor();
      await renamed.getByTestId('category-delete-button').click();
      await page.getByRole('dialog', { name: /Vorläufig.*löschen/ }).getByRole('button', { name: 'Löschen' }).click();
      await renamed.waitFor({ state: 'detached' });
      await settings.getByRole('button', { name: 'Schließen' }).click();
      await settings.waitFor({ state: 'detached' });

      // Dashboard: the figures, the audios, a permanent delete.
      await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByTestId('dash-audios-title').filter({ hasText: '(3)' }).waitFor();
      assert.equal(await page.getByTestId('dash-stat-audios').textContent(), '3');
      await page.getByTestId('daily-chart').waitFor();
      await assertAccessible(page, 'dashboard');
      await shot(page, 'dashboard-1366.png');
      await page.getByTestId('dash-audio').filter({ hasText: TEXTS[2] }).getByTestId('dash-delete').click();
      await page.getByRole('dialog', { name: 'Audio endgültig löschen?' }).getByRole('button', { name: 'Endgültig löschen' }).click();
      await page.getByTestId('dash-audios-title').filter({ hasText: '(2)' }).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await assertNoHorizontalScroll(page, 'dashboard at 390 px');
      await shot(page, 'dashboard-390.png');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
