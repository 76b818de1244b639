// Long-form projects end to end: a new user uploads a DOCX built in this test (two Heading 1
// chapters of German paragraphs), sees both chapters, renders the first after confirming
// its price, waits until its paragraphs are done and the chapter audio is joined, plays it
// with the transcript following (a clicked sentence moves the player there), renders the
// second chapter, splits the first chapter before its last paragraph by hand (nothing is
// charged again; both halves are joined anew and play), uploads a square cover (a PNG built
// in this test) and names the author under "Veröffentlichung", then exports an M4B audiobook
// in the profile "Hörbuch (ACX)" and downloads it (an MP4 file: "ftyp" at byte 4), and finds
// it in the knowledge base, where it plays. axe scans the dialogs, the editor (before and
// after the first render, and with the publication filled in) and the knowledge base with
// the export.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { deflateSync, inflateSync } from 'node:zlib';
import { assertAccessible } from './helpers/a11y.mjs';
import {
  assertBalance,
  chooseOption,
  costCents,
  euro,
  expectVisibleText,
  selectedValue,
  signUpConfirmAndSignIn,
  START_BALANCE_CENT,
  waitForPlayback,
} from './helpers/app.mjs';
import { launchBrowser, newPage } from './helpers/browser.mjs';
import { buildDocx, crc32, storedZip } from './helpers/docx.mjs';
import { BASE_URL, skip } from './helpers/env.mjs';
import { shot } from './helpers/layout.mjs';

const TITLE = 'Sommer auf Rügen';
const AUTHOR = 'Marie Lindqvist';
/** ACX takes a square cover of at least 2400 × 2400 pixels. */
const COVER_PIXELS = 2400;
const CHAPTERS = [
  {
    title: 'Am Hafen',
    paragraphs: [
      'Der Morgen begann grau und still am kleinen Hafen von Sassnitz. Die Fischer zogen ihre Netze an Land.',
      'Marie stand am Ende der Mole und sah den Möwen zu. Sie wartete auf das Schiff, das ihren Bruder bringen sollte.',
      'Als die Sonne durch die Wolken brach, tauchte am Horizont endlich ein weißes Segel auf.',
    ],
  },
  {
    title: 'Der Leuchtturm',
    paragraphs: [
      'Am Nachmittag wanderten die beiden Geschwister hinauf zum alten Leuchtturm auf der Steilküste.',
      'Von oben konnten sie über die ganze Insel blicken, bis weit hinaus auf die Ostsee.',
    ],
  },
];

/** Each paragraph is charged on its own: the server's rule per paragraph, summed. */
const chapterCost = (chapter) => chapter.paragraphs.reduce((sum, text) => sum + costCents(text), 0);

/** Waits until the open chapter's `count` paragraphs are all done; a failed one ends the wait with its reason. */
async function waitForParagraphsDone(page, count) {
  await page.waitForFunction(
    (n) => {
      const paragraphs = [...document.querySelectorAll('[data-testid="paragraph"]')];
      const failed = paragraphs.find((p) => p.getAttribute('data-state') === 'failed');
      if (failed) throw new Error(`a paragraph failed: ${failed.textContent}`);
      return paragraphs.length === n && paragraphs.every((p) => p.getAttribute('data-state') === 'done');
    },
    count,
    { timeout: 180_000, polling: 500 },
  );
}

/** Opens chapter `index`, checks its price, renders it after the confirmation, and waits for its audio. */
async function renderChapter(page, index) {
  const chapter = CHAPTERS[index];
  const price = euro(chapterCost(chapter));
  const item = page.getByTestId('chapter-item').nth(index);
  const chapterId = await item.getAttribute('data-chapter-id');
  await item.click();
  await page.waitForURL((url) => url.searchParams.get('kapitel') === chapterId);
  await page.getByRole('heading', { level: 2, name: chapter.title }).waitFor();
  assert.equal(await page.getByTestId('paragraph').count(), chapter.paragraphs.length, `${chapter.title}: one paragraph per DOCX paragraph`);
  const button = page.getByTestId('chapter-render');
  await button.filter({ hasText: `Kapitel vertonen (${price})` }).waitFor();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Kapitel vertonen?' });
  await dialog.getByText(`${price} werden von Ihrem Guthaben abgebucht.`).waitFor();
  await dialog.getByTestId('chapter-render-confirm').click();
  await expectVisibleText(page, 'Kapitel wird vertont');
  await waitForParagraphsDone(page, chapter.paragraphs.length);
  // The chapter audio appears once the server has joined the paragraphs.
  await page.getByTestId('chapter-player').waitFor({ timeout: 120_000 });
  await button.filter({ hasText: 'Alles vertont' }).waitFor();
  return chapterId;
}

/** Waits until the chapter's <audio> is within 0.5 s of `seconds`. */
async function waitForAudioAt(page, seconds) {
  await page.waitForFunction(
    (t) => {
      const audio = document.querySelector('[data-testid="chapter-audio"]');
      return audio && audio.readyState >= 1 && Math.abs(audio.currentTime - t) < 0.5;
    },
    seconds,
    { timeout: 15_000 },
  );
}

/** Plays the open chapter: a sentence lights up; the last one, clicked, moves the player to its start. */
async function playWithTranscript(page, projectId, chapterId) {
  const player = page.getByTestId('chapter-player');
  await player.getByTestId('chapter-play').click();
  const playback = await waitForPlayback(page, '[data-testid="chapter-audio"]');
  assert.equal(playback.error, null);
  await player.locator('[data-testid="transcript-sentence"][data-active="true"]').first().waitFor({ timeout: 15_000 });

  const chapter = await (await page.request.get(`${BASE_URL}/api/projects/${projectId}/chapters/${chapterId}`)).json();
  assert.ok(chapter.audio, 'the chapter has its audio');
  const timings = await (await page.request.get(new URL(chapter.audio.timestamps_url, BASE_URL).href)).json();
  const sentences = player.getByTestId('transcript-sentence');
  assert.equal(await sentences.count(), timings.sentences.length, 'one transcript sentence per timed sentence');
  assert.ok(timings.sentences.length >= 2, `the chapter has ${timings.sentences.length} sentences`);
  const last = timings.sentences.at(-1);
  await sentences.last().click();
  await waitForAudioAt(page, last.start_ms / 1000);
  await sentences.last().and(page.locator('[data-active="true"]')).waitFor({ timeout: 5_000 });
  await player.getByTestId('chapter-play').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="chapter-audio"]')?.paused === true);
}

/**
 * Splits the first chapter before its last paragraph ("Hier teilen"), naming the new chapter
 * `title`: it opens with that one paragraph, still done; then both halves get their audio
 * joined again. Returns the new chapter's id.
 */
async function splitFirstChapter(page, title) {
  const first = CHAPTERS[0];
  await page.getByTestId('chapter-item').first().click();
  await page.getByRole('heading', { level: 2, name: first.title }).waitFor();
  const last = first.paragraphs.length;
  await page.getByRole('button', { name: `Hier teilen: Absatz ${last} beginnt ein neues Kapitel` }).click();
  const dialog = page.getByRole('dialog', { name: 'Kapitel hier teilen?' });
  await dialog.getByText('werden nicht noch einmal berechnet', { exact: false }).waitFor();
  const field = dialog.getByLabel('Titel des neuen Kapitels');
  assert.equal(await field.inputValue(), 'Kapitel 2', 'the new chapter is named after its place');
  await assertAccessible(page, 'split dialog');
  await field.fill(title);
  await dialog.getByTestId('chapter-split-confirm').click();
  await expectVisibleText(page, 'Kapitel geteilt');
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
  const newId = new URL(page.url()).searchParams.get('kapitel');
  const items = page.getByTestId('chapter-item');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="chapter-item"]').length === n, CHAPTERS.length + 1);
  assert.equal(await items.nth(1).getAttribute('data-chapter-id'), newId, 'the new chapter comes right after the first');
  await waitForParagraphsDone(page, 1);
  assert.equal(await page.getByTestId('paragraph-text').first().textContent(), first.paragraphs[last - 1]);
  // The moved paragraph keeps its audio: the halves are only joined again.
  await page.getByTestId('chapter-player').waitFor({ timeout: 120_000 });
  await items.first().click();
  await waitForParagraphsDone(page, last - 1);
  await page.getByTestId('chapter-player').waitFor({ timeout: 120_000 });
  return newId;
}

/** One PNG chunk: length, type, data and the CRC-32 of type and data. */
function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG of `width` × `height` pixels in one colour (8-bit RGB, every row unfiltered), as a cover. */
function solidPng(width, height, [red, green, blue]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth, colour type RGB, compression, filter, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([red, green, blue], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * "Veröffentlichung": uploads a square cover ACX takes (its thumbnail loads with the session
 * cookie), names the author and saves; the server keeps both.
 */
async function setUpPublication(page, projectId) {
  const card = page.getByTestId('publication');
  await card.getByTestId('cover-empty').waitFor();
  await card.getByTestId('cover-file').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: solidPng(COVER_PIXELS, COVER_PIXELS, [70, 130, 180]),
  });
  await expectVisibleText(page, 'Cover gespeichert', 30_000);
  await card.getByRole('img', { name: 'Cover' }).waitFor();
  assert.equal((await card.getByTestId('cover-size').textContent())?.trim(), `${COVER_PIXELS} × ${COVER_PIXELS} px`);
  assert.equal(await card.getByTestId('cover-acx-refusal').count(), 0, 'ACX takes a square cover of 2400 pixels');
  await page.waitForFunction(
    (n) => {
      const image = document.querySelector('[data-testid="cover-image"]');
      return image?.complete && image.naturalWidth === n;
    },
    COVER_PIXELS,
    { timeout: 15_000 },
  );
  await card.getByLabel('Autor', { exact: true }).fill(AUTHOR);
  await card.getByTestId('publication-save').click();
  await expectVisibleText(page, 'Veröffentlichung gespeichert');
  const saved = await (await page.request.get(`${BASE_URL}/api/projects/${projectId}/publication`)).json();
  assert.equal(saved.author, AUTHOR);
  assert.deepEqual([saved.cover?.width, saved.cover?.height, saved.cover?.acx_refusal ?? null], [COVER_PIXELS, COVER_PIXELS, null]);
}

/** Chooses the export profile "Hörbuch (ACX)": its explanation shows, and no refusal of the cover. */
async function chooseAcxProfile(page) {
  const acx = page.getByTestId('export-profile-acx');
  await acx.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="export-profile-acx"]')?.getAttribute('aria-checked') === 'true');
  await page.getByTestId('export-profile-hint').filter({ hasText: 'Für Audible/ACX' }).waitFor();
  assert.equal(await page.getByTestId('export-profile-refusal').count(), 0, 'ACX takes the cover');
}

/** Starts the M4B export in the chosen `profile`, waits until it is made, downloads it and returns its bytes. */
async function exportM4b(page, profile) {
  const button = page.getByTestId('export-m4b');
  // The project learns that every chapter is joined from the chapters' polling.
  await page.waitForFunction(() => document.querySelector('[data-testid="export-m4b"]')?.disabled === false, undefined, { timeout: 30_000 });
  await button.click();
  await expectVisibleText(page, 'Export gestartet');
  const row = page.locator('[data-testid="export-row"][data-format="m4b"]').first();
  await row.waitFor();
  assert.equal(await row.getAttribute('data-profile'), profile, 'the export is made in the chosen profile');
  await page.waitForFunction(
    () => {
      const first = document.querySelector('[data-testid="export-row"][data-format="m4b"]');
      if (first?.getAttribute('data-status') === 'failed') throw new Error(`the export failed: ${first.textContent}`);
      return first?.getAttribute('data-status') === 'completed';
    },
    undefined,
    { timeout: 240_000, polling: 1_000 },
  );
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-download').click()]);
  // The download keeps the title as written (RFC 6266 filename* in UTF-8), umlaut included.
  assert.equal(download.suggestedFilename(), `${TITLE}.m4b`);
  const file = await download.path();
  assert.ok(file, 'download saved');
  return readFile(file);
}

test('the DOCX helper writes a zip every reader takes: CRC-32 check value, stored entries, directory at the end', () => {
  assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  const zip = storedZip([['a.txt', 'Hallo']]);
  assert.equal(zip.readUInt32LE(0), 0x04034b50);
  assert.equal(zip.subarray(30, 35).toString(), 'a.txt');
  assert.equal(zip.subarray(35, 40).toString(), 'Hallo');
  assert.equal(zip.readUInt32LE(zip.length - 22), 0x06054b50);
  const docx = buildDocx(CHAPTERS).toString('latin1');
  for (const name of ['[Content_Types].xml', '_rels/.rels', 'word/document.xml']) assert.ok(docx.includes(name), name);
  assert.equal(docx.match(/<w:pStyle w:val="Heading1"\/>/g)?.length, 2);
});

test('the cover helper writes a PNG: signature, a 2400 × 2400 RGB header, and one colour in every pixel', () => {
  const png = solidPng(COVER_PIXELS, COVER_PIXELS, [70, 130, 180]);
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]], [COVER_PIXELS, COVER_PIXELS, 8, 2]);
  assert.equal(png.readUInt32BE(29), crc32(png.subarray(12, 29)), 'the header chunk carries its CRC');
  const idatLength = png.readUInt32BE(33);
  assert.equal(png.subarray(37, 41).toString('latin1'), 'IDAT');
  const pixels = inflateSync(png.subarray(41, 41 + idatLength));
  assert.equal(pixels.length, COVER_PIXELS * (1 + COVER_PIXELS * 3));
  assert.deepEqual([...pixels.subarray(0, 4)], [0, 70, 130, 180]);
  assert.equal(png.subarray(-8, -4).toString('latin1'), 'IEND');
  assert.ok(png.length < 10 * 1024 * 1024, `the cover has ${png.length} bytes`);
});

describe('Projekte (end to end)', { skip }, () => {
  let browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  test('upload a DOCX, render both chapters, read along, split a chapter, export and download an M4B', { timeout: 900_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      // The whole manuscript costs less than the start credit: no top-up is needed.
      const total = CHAPTERS.reduce((sum, chapter) => sum + chapterCost(chapter), 0);
      assert.ok(total < START_BALANCE_CENT, `the manuscript costs ${total} cents`);

      await page.getByRole('link', { name: 'Projekte', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/projects');
      await page.getByTestId('projects-empty').waitFor();
      await page.getByTestId('project-new').click();
      const dialog = page.getByRole('dialog', { name: 'Neues Projekt' });
      await dialog.getByTestId('project-voice-select').waitFor({ timeout: 15_000 });
      if ((await selectedValue(page, 'Sprache')) !== 'de-DE') await chooseOption(page, 'Sprache', /\(de-DE\)/);
      // No narrator is preselected: the user picks one (here the first local voice).
      assert.equal(await selectedValue(page, 'Sprecher'), '');
      await dialog.getByLabel('Sprecher', { exact: true }).click();
      await page.getByRole('group', { name: 'Lokal (eSpeak NG)' }).getByRole('option').first().click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await dialog.getByTestId('project-title-input').fill(TITLE);
      await dialog.getByRole('tab', { name: 'Datei hochladen' }).click();
      await dialog.getByTestId('project-file-input').setInputFiles({
        name: 'sommer-auf-ruegen.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: buildDocx(CHAPTERS),
      });
      await assertAccessible(page, 'new project dialog');
      await dialog.getByTestId('project-create-submit').click();

      await page.waitForURL((url) => /^\/dashboard\/projects\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
      const projectId = new URL(page.url()).pathname.split('/').pop();
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.waitForFunction((t) => document.title === `${t} – Stimmwerk`, TITLE);
      const items = page.getByTestId('chapter-item');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="chapter-item"]').length === 2);
      for (const [i, chapter] of CHAPTERS.entries()) assert.match((await items.nth(i).textContent()) ?? '', new RegExp(chapter.title));
      await page.getByTestId('paragraph').first().waitFor();
      assert.equal(await page.getByTestId('export-m4b').isDisabled(), true, 'no export before every chapter is rendered');
      await assertAccessible(page, 'project editor');
      await shot(page, 'project-editor-1366.png');

      const firstId = await renderChapter(page, 0);
      await assertBalance(page, START_BALANCE_CENT - chapterCost(CHAPTERS[0]));
      await playWithTranscript(page, projectId, firstId);
      await assertAccessible(page, 'project editor with the chapter player');
      await shot(page, 'project-chapter-player-1366.png');

      await renderChapter(page, 1);
      await assertBalance(page, START_BALANCE_CENT - total);
      await splitFirstChapter(page, 'Das weiße Segel');
      // Asked of the server after both joins: the split charged nothing.
      const me = await (await page.request.get(`${BASE_URL}/api/me`)).json();
      assert.equal(me.balance_cent, START_BALANCE_CENT - total, 'a split charges nothing');
      await setUpPublication(page, projectId);
      await chooseAcxProfile(page);
      await assertAccessible(page, 'project editor with the publication and the ACX profile');
      const m4b = await exportM4b(page, 'acx');
      assert.ok(m4b.length > 1000, `the M4B has ${m4b.length} bytes`);
      assert.equal(m4b.subarray(4, 8).toString('latin1'), 'ftyp', `an MP4 file: ${m4b.subarray(0, 12).toString('hex')}`);

      // The export is an audio of the knowledge base too, found by its source, and plays there.
      await page.goto(`${BASE_URL}/dashboard/knowledge`);
      await chooseOption(page, 'Quelle', 'Projekt-Export');
      const item = page.getByTestId('kb-item').filter({ hasText: 'M4B-Hörbuch' });
      await item.waitFor();
      assert.equal(await page.getByTestId('kb-item').count(), 1, 'only the export is listed under its source');
      assert.equal((await item.getByTestId('kb-source').textContent())?.trim(), 'Projekt-Export');
      await item.getByTestId('kb-play').click();
      const played = await waitForPlayback(page, '[data-testid="kb-item"] audio');
      assert.equal(played.error, null, 'the browser plays the M4B');
      await shot(page, 'projects-export-in-library.png');
      await assertAccessible(page, 'knowledge base with an export');

      assert.deepEqual(errors, [], 'no uncaught page errors');
    } finally {
      await context.close();
    }
  });
});
