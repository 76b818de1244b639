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
//
// A second test edits while the chapter plays on (the player keeps its element, source and
// position; a note and the transcript's marks say what changed), hears a paragraph on its
// own, renders the edited paragraph again and goes back to its first take under
// "Fassungen", gives the project a dictionary entry for a word of one paragraph (only that
// one turns stale, and the editor says what rendering it again costs), and exports the last
// rendered version after the question the export asks. axe scans each of these states.
//
// A third test gives a project two characters ("Rollen"), casts a paragraph's two
// quotations to them, renders the chapter and plays it: the timed text names each
// character's voice for its quotation, and the transcript names the character. axe scans
// the cast card and the casting dialog.
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

/**
 * The editing round of one chapter, its text typed in: the chapter is rendered once; its
 * second paragraph is edited and its third gets a word of the project's own dictionary.
 */
const LISTEN = {
  title: 'Möwen über Sassnitz',
  chapter: 'Kapitel 1: Am Hafen',
  paragraphs: [
    'Der Morgen begann grau und still am kleinen Hafen. Die Boote lagen dicht an dicht.',
    'Marie stand am Ende der Mole und sah den Möwen zu.',
    'Am Abend kehrten die Fischer mit vollen Netzen heim.',
  ],
  edited: 'Marie stand lange am Ende der Mole und zählte die Möwen.',
  /** A word of the third paragraph only, and how the project's dictionary says it. */
  term: 'Fischer',
  spoken: 'Fischa',
};

const CSRF = { 'x-requested-with': 'stimmwerk' };

/** A chapter of one paragraph with two quotations („…“ and »…«) for two characters. */
const CAST = {
  title: 'Zwei Stimmen am Steg',
  chapter: 'Kapitel 1: Am Steg',
  paragraph: 'Marie winkte vom Steg. „Komm schnell her!“, rief sie. Jan lachte. »Ich bin gleich da«, antwortete er.',
};

/** A one-chapter project in a local German voice, made through the API; returns its id. */
async function createListeningProject(page) {
  const { voices } = await (await page.request.get(`${BASE_URL}/api/voices`)).json();
  const voice = voices.find((v) => v.language === 'de-DE' && v.type !== 'clone' && v.available && v.key?.startsWith('local-'));
  assert.ok(voice, 'a local German voice');
  const text = [LISTEN.chapter, ...LISTEN.paragraphs].join('\n\n');
  const response = await page.request.post(`${BASE_URL}/api/projects`, { headers: CSRF, data: { title: LISTEN.title, text, voice_id: voice.id } });
  assert.equal(response.status(), 201, await response.text());
  return (await response.json()).id;
}

/** The open chapter as the server has it now. */
async function chapterNow(page, projectId, chapterId) {
  return (await page.request.get(`${BASE_URL}/api/projects/${projectId}/chapters/${chapterId}`)).json();
}

/** Renders the open chapter after confirming `price`, and waits until its audio is joined again (current). */
async function renderOpenChapter(page, projectId, chapterId, price) {
  const button = page.getByTestId('chapter-render');
  await button.filter({ hasText: `Kapitel vertonen (${price})` }).waitFor();
  await button.click();
  await page.getByRole('dialog', { name: 'Kapitel vertonen?' }).getByTestId('chapter-render-confirm').click();
  await waitForParagraphsDone(page, LISTEN.paragraphs.length);
  await button.filter({ hasText: 'Alles vertont' }).waitFor({ timeout: 120_000 });
  await waitForCurrentAudio(page, projectId, chapterId);
}

/** Waits until the chapter's joined audio is the chapter as it is (the player's note is gone). */
async function waitForCurrentAudio(page, projectId, chapterId) {
  for (const deadline = Date.now() + 120_000; ; ) {
    const chapter = await chapterNow(page, projectId, chapterId);
    if (chapter.audio?.current) break;
    assert.ok(Date.now() < deadline, 'the chapter is joined again within two minutes');
    await page.waitForTimeout(500);
  }
  await page.getByTestId('chapter-player').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="chapter-audio-note"]'), undefined, { timeout: 30_000 });
}

/** The paragraphs' states in order, as their items say. */
function paragraphStates(page) {
  return page.locator('[data-testid="paragraph"]').evaluateAll((items) => items.map((p) => p.getAttribute('data-state')));
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
  test('edit while the chapter plays on, hear a paragraph alone, switch between its takes, and give the project its own pronunciation', { timeout: 600_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      const projectId = await createListeningProject(page);
      await page.goto(`${BASE_URL}/dashboard/projects/${projectId}`);
      await page.getByRole('heading', { level: 1, name: LISTEN.title }).waitFor();
      const chapterId = await page.getByTestId('chapter-item').first().getAttribute('data-chapter-id');
      await page.getByTestId('paragraph').nth(LISTEN.paragraphs.length - 1).waitFor();
      const first = LISTEN.paragraphs.reduce((sum, text) => sum + costCents(text), 0);
      await renderOpenChapter(page, projectId, chapterId, euro(first));
      await page.getByTestId('project-spent').filter({ hasText: `Bisher ausgegeben: ${euro(first)}` }).waitFor();

      // The chapter plays; an edit of its second paragraph leaves the player, its element and its source alone.
      const player = page.getByTestId('chapter-player');
      await player.getByTestId('chapter-play').click();
      await waitForPlayback(page, '[data-testid="chapter-audio"]');
      const audio = await page.getByTestId('chapter-audio').elementHandle();
      const source = await audio.getAttribute('src');
      const second = page.getByTestId('paragraph').nth(1);
      await second.getByRole('button', { name: 'Absatz 2 bearbeiten' }).click();
      await second.getByLabel('Text von Absatz 2').fill(LISTEN.edited);
      await second.getByTestId('paragraph-save').click();
      await second.getByTestId('paragraph-state').filter({ hasText: 'Veraltet' }).waitFor();
      await player.getByTestId('chapter-audio-note').filter({ hasText: '1 Absatz wurde seit der letzten Vertonung geändert' }).waitFor();
      const kept = await audio.evaluate((el, src) => ({
        same: document.querySelector('[data-testid="chapter-audio"]') === el,
        src: el.getAttribute('src') === src,
        time: el.currentTime,
      }), source);
      assert.deepEqual([kept.same, kept.src], [true, true], 'the chapter player keeps its audio element and source through the edit');
      assert.ok(kept.time > 0, `the chapter keeps its position (${kept.time} s)`);
      // The edited paragraph's sentences are marked in the transcript (and only those).
      await player.locator('[data-testid="transcript-sentence"][data-changed="true"]').first().waitFor({ timeout: 15_000 });
      assert.equal(await player.locator('[data-testid="transcript-sentence"][data-changed="true"]').count(), 1, 'one changed sentence');
      await assertAccessible(page, 'project editor with a paragraph changed since the render');
      await shot(page, 'project-editor-changed-1366.png');

      // The first paragraph heard on its own; the chapter pauses where it was.
      await page.getByRole('button', { name: 'Absatz 1 anhören' }).click();
      const alone = await waitForPlayback(page, '[data-testid="paragraph-audio"]');
      assert.equal(alone.error, null);
      assert.ok(alone.duration > 0.5 && alone.duration < 15, `the paragraph alone lasts ${alone.duration} s`);
      await page.waitForFunction(() => document.querySelector('[data-testid="chapter-audio"]')?.paused === true);
      assert.ok((await audio.evaluate((el) => el.currentTime)) > 0, 'the chapter kept its position');
      await page.getByRole('button', { name: 'Absatz 1 anhalten' }).click();
      await page.getByRole('button', { name: 'Absatz 1 anhören' }).waitFor();

      // A second take of the edited paragraph, then back to the first one in "Fassungen".
      await renderOpenChapter(page, projectId, chapterId, euro(costCents(LISTEN.edited)));
      await second.getByRole('button', { name: 'Fassungen von Absatz 2' }).click();
      const dialog = page.getByRole('dialog', { name: 'Fassungen von Absatz 2' });
      const takes = dialog.getByTestId('take');
      await page.waitForFunction(() => document.querySelectorAll('[role="dialog"] [data-testid="take"]').length === 2);
      assert.equal(await takes.nth(0).getAttribute('data-chosen'), 'true', 'the newest take is the chosen one');
      await takes.nth(1).getByTestId('take-restores-text').filter({ hasText: 'Diese Fassung stellt ihren Text wieder her.' }).waitFor();
      await takes.nth(1).getByTestId('take-play').click();
      await waitForPlayback(page, '[data-testid="paragraph-audio"]');
      await assertAccessible(page, 'takes dialog');
      await shot(page, 'project-takes-1366.png');
      await takes.nth(1).getByRole('button', { name: /^Diese Fassung verwenden/ }).click();
      await expectVisibleText(page, 'Fassung gewählt');
      await takes.nth(1).getByTestId('take-chosen').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction((text) => document.querySelectorAll('[data-testid="paragraph-text"]')[1]?.textContent === text, LISTEN.paragraphs[1]);
      await waitForCurrentAudio(page, projectId, chapterId);
      assert.deepEqual(await paragraphStates(page), ['done', 'done', 'done'], 'the chosen take is the paragraph as it reads');

      // A project entry for a word of the third paragraph makes only that one stale, and says what rendering it costs.
      const card = page.getByTestId('project-dictionary');
      await card.getByLabel('Begriff').fill(LISTEN.term);
      await card.getByLabel('Gesprochen als').fill(LISTEN.spoken);
      await card.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
      const report = `1 Absatz ist jetzt veraltet. Neu vertonen kostet ${euro(costCents(LISTEN.paragraphs[2]))}.`;
      await card.getByTestId('project-dictionary-report').filter({ hasText: report }).waitFor({ timeout: 15_000 });
      await card.getByTestId('project-entry').filter({ hasText: `${LISTEN.term} → ${LISTEN.spoken}` }).waitFor();
      await page.getByTestId('paragraph').nth(2).getByTestId('paragraph-state').filter({ hasText: 'Veraltet' }).waitFor();
      assert.deepEqual(await paragraphStates(page), ['done', 'done', 'stale'], 'only the paragraph with the word is stale');
      await assertAccessible(page, 'project editor with a project dictionary entry');
      await shot(page, 'project-dictionary-1366.png');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'project-editor-spent-1366.png');

      // An export asks while a paragraph changed, and makes the last rendered version.
      await page.getByTestId('export-mp3').click();
      const ask = page.getByRole('dialog', { name: 'Geänderte Absätze exportieren?' });
      await ask.getByText('1 Absatz wurde seit der letzten Vertonung geändert.').waitFor();
      await assertAccessible(page, 'export question');
      await ask.getByRole('button', { name: 'Zuletzt vertonte Fassung exportieren' }).click();
      await expectVisibleText(page, 'Export gestartet');
      await page.waitForFunction(
        () => {
          const row = document.querySelector('[data-testid="export-row"]');
          if (row?.getAttribute('data-status') === 'failed') throw new Error(`the export failed: ${row.textContent}`);
          return row?.getAttribute('data-status') === 'completed';
        },
        undefined,
        { timeout: 120_000, polling: 1_000 },
      );
      assert.deepEqual(errors, [], 'no uncaught page errors');
    } finally {
      await context.close();
    }
  });

  test('cast two characters, give them a paragraph’s quotations, render the chapter and hear it', { timeout: 600_000 }, async () => {
    const { context, page, errors } = await newPage(browser);
    try {
      await signUpConfirmAndSignIn(page);
      const { voices } = await (await page.request.get(`${BASE_URL}/api/voices`)).json();
      const local = voices.filter((v) => v.language === 'de-DE' && v.type !== 'clone' && v.available && v.key?.startsWith('local-'));
      assert.ok(local.length > 0, 'a local German voice');
      const [narrator, marieVoice = narrator, janVoice = marieVoice] = local;
      const response = await page.request.post(`${BASE_URL}/api/projects`, {
        headers: CSRF,
        data: { title: CAST.title, text: [CAST.chapter, CAST.paragraph].join('\n\n'), voice_id: narrator.id },
      });
      assert.equal(response.status(), 201, await response.text());
      const projectId = (await response.json()).id;
      await page.goto(`${BASE_URL}/dashboard/projects/${projectId}`);
      await page.getByRole('heading', { level: 1, name: CAST.title }).waitFor();

      // Two characters, each with its own voice.
      const card = page.getByTestId('project-cast');
      await card.getByText('Noch keine Rollen: alles liest der Erzähler.').waitFor();
      for (const [name, voice] of [['Marie', marieVoice], ['Jan', janVoice]]) {
        await card.getByLabel('Name der Rolle').fill(name);
        await card.getByLabel('Stimme der Rolle').click();
        await page.getByRole('option', { name: `${voice.name} (de-DE)`, exact: true }).click();
        await page.getByRole('listbox').waitFor({ state: 'detached' });
        await card.getByRole('button', { name: 'Rolle hinzufügen' }).click();
        await card.getByTestId('character').filter({ hasText: name }).waitFor();
      }
      const { characters } = await (await page.request.get(`${BASE_URL}/api/projects/${projectId}/characters`)).json();
      assert.deepEqual(characters.map((c) => [c.name, c.voice_id]), [['Marie', marieVoice.id], ['Jan', janVoice.id]]);
      await assertAccessible(page, 'project editor with two characters');

      // The paragraph's two quotations go to them.
      const paragraph = page.getByTestId('paragraph').first();
      await paragraph.getByRole('button', { name: 'Rollen in Absatz 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rollen in Absatz 1' });
      const selects = dialog.getByTestId('casting-select');
      await selects.nth(1).waitFor();
      assert.equal(await selects.count(), 2, 'one select per quotation');
      await selects.nth(0).selectOption({ label: 'Marie' });
      await selects.nth(1).selectOption({ label: 'Jan' });
      await assertAccessible(page, 'casting dialog');
      await shot(page, 'project-casting-dialog-1366.png');
      await dialog.getByTestId('casting-save').click();
      await dialog.waitFor({ state: 'detached' });
      await paragraph.getByTestId('paragraph-cast').filter({ hasText: '2 Rollen' }).waitFor();
      const chapterId = await page.getByTestId('chapter-item').first().getAttribute('data-chapter-id');
      const before = await chapterNow(page, projectId, chapterId);
      assert.deepEqual(before.paragraphs[0].casting, characters.map((c) => c.id), 'the casting is saved in order');

      // Rendered and played: the quotations are spoken in the characters' voices.
      const button = page.getByTestId('chapter-render');
      await button.filter({ hasText: 'Kapitel vertonen' }).waitFor();
      await button.click();
      await page.getByRole('dialog', { name: 'Kapitel vertonen?' }).getByTestId('chapter-render-confirm').click();
      await waitForParagraphsDone(page, 1);
      await waitForCurrentAudio(page, projectId, chapterId);
      await page.getByTestId('chapter-player').getByTestId('chapter-play').click();
      const playback = await waitForPlayback(page, '[data-testid="chapter-audio"]');
      assert.equal(playback.error, null);
      const chapter = await chapterNow(page, projectId, chapterId);
      const timings = await (await page.request.get(new URL(chapter.audio.timestamps_url, BASE_URL).href)).json();
      const spoken = new Set(timings.sentences.map((s) => s.voice_id).filter(Boolean));
      for (const voice of new Set([marieVoice.id, janVoice.id])) assert.ok(spoken.has(voice), `a sentence is spoken by ${voice}: ${JSON.stringify(timings.sentences)}`);
      // The transcript names the character whose voice speaks a sentence (where it is not the narrator's).
      if (marieVoice.id !== narrator.id && marieVoice.id !== janVoice.id) {
        await page.getByTestId('chapter-player').getByTestId('transcript-speaker').filter({ hasText: 'Marie:' }).first().waitFor();
      }
      await page.getByTestId('chapter-player').getByTestId('chapter-play').click();
      await assertAccessible(page, 'project editor with a cast paragraph rendered');
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'project-cast-1366.png');
      assert.deepEqual(errors, [], 'no uncaught page errors');
    } finally {
      await context.close();
    }
  });
});
