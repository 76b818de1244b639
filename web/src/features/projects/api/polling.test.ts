import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { makeChapter, makeChapterSummary, makeExport, makeParagraph, makeProjectDetail } from '@/testing/project-fixtures';
import { canExport, EXPORT_BUSY_HINT, EXPORT_LOCKED_HINT, exportBlocker } from '../utils/project-rules';
import { CHAPTER_POLL_MS, chapterPollInterval, refreshProjectIfChanged } from './get-chapter';
import { chapterPagesPollInterval, chapterParagraphs, type ChapterPages } from './get-chapter-pages';
import { partsVersion } from './get-chapter-parts';
import { EXPORT_POLL_MS, exportsPollInterval, projectPollInterval } from './get-project';
import { projectKeys } from './keys';

const AUDIO = { url: '/a.mp3', duration_seconds: 3, timestamps_url: '/a.json', current: true };
const OLD_AUDIO = { ...AUDIO, current: false };
const RENDERED = '/api/projects/p-1/paragraphs/para-1/audio';

describe('chapterPollInterval', () => {
  it('polls while a paragraph renders', () => {
    const chapter = makeChapter({ state: 'stale', paragraphs: [makeParagraph({ state: 'rendering' }), makeParagraph({ id: 'b', state: 'stale' })] });
    expect(chapterPollInterval(chapter)).toBe(CHAPTER_POLL_MS);
  });

  it('polls while all paragraphs are done but the chapter audio is still being joined', () => {
    expect(chapterPollInterval(makeChapter({ state: 'done', audio: null, paragraphs: [makeParagraph({ state: 'done' })] }))).toBe(CHAPTER_POLL_MS);
  });

  it('polls while its last audio waits to be joined again (a render finished, a take was chosen), every paragraph having a finished take', () => {
    const changedSince = makeParagraph({ id: 'b', state: 'stale', changed: true, audio_url: RENDERED });
    const chosen = makeChapter({ state: 'stale', audio: OLD_AUDIO, paragraphs: [makeParagraph({ state: 'done', audio_url: RENDERED }), changedSince] });
    expect(chapterPollInterval(chosen)).toBe(CHAPTER_POLL_MS);
    expect(chapterPollInterval(makeChapter({ state: 'done', audio: OLD_AUDIO, paragraphs: [makeParagraph({ state: 'done', audio_url: RENDERED })] }))).toBe(CHAPTER_POLL_MS);
  });

  it('does not poll a chapter whose changed paragraphs keep its last audio, nor one that waits for a paragraph never rendered or failed', () => {
    const edited = makeChapter({ state: 'stale', audio: AUDIO, paragraphs: [makeParagraph({ state: 'stale', changed: true, audio_url: RENDERED })] });
    expect(chapterPollInterval(edited)).toBe(false);
    const unrendered = makeChapter({ state: 'stale', audio: OLD_AUDIO, paragraphs: [makeParagraph({ state: 'stale', audio_url: null })] });
    expect(chapterPollInterval(unrendered)).toBe(false);
    const failed = makeChapter({ state: 'failed', audio: OLD_AUDIO, paragraphs: [makeParagraph({ state: 'failed', audio_url: RENDERED })] });
    expect(chapterPollInterval(failed)).toBe(false);
  });

  it('stops when nothing renders: done with its audio, stale, or failed', () => {
    expect(chapterPollInterval(undefined)).toBe(false);
    expect(chapterPollInterval(makeChapter({ state: 'done', audio: AUDIO, paragraphs: [makeParagraph({ state: 'done' })] }))).toBe(false);
    expect(chapterPollInterval(makeChapter({ state: 'stale' }))).toBe(false);
    expect(chapterPollInterval(makeChapter({ state: 'failed', paragraphs: [makeParagraph({ state: 'failed', error: 'Zeitüberschreitung' })] }))).toBe(false);
  });
});

describe('chapterPagesPollInterval', () => {
  const done = makeChapter({ state: 'done', audio: AUDIO, paragraphs: [makeParagraph({ state: 'done' })] });
  const rendering = makeChapter({ state: 'rendering', paragraphs: [makeParagraph({ state: 'rendering' })] });
  const pages = (...list: ReturnType<typeof makeChapter>[]): ChapterPages => ({ pages: list, pageParams: list.map((_, i) => 200 * (i + 1)) });

  it('polls the loaded pages while the first page polls, spread over their number', () => {
    expect(chapterPagesPollInterval(rendering, pages(done))).toBe(CHAPTER_POLL_MS);
    expect(chapterPagesPollInterval(rendering, pages(done, done, done))).toBe(3 * CHAPTER_POLL_MS);
  });

  it('asks once more while a loaded page still shows a paragraph rendering, and not before a page is loaded', () => {
    expect(chapterPagesPollInterval(done, pages(done, rendering))).toBe(2 * CHAPTER_POLL_MS);
    expect(chapterPagesPollInterval(done, pages(done))).toBe(false);
    expect(chapterPagesPollInterval(rendering, undefined)).toBe(false);
  });
});

describe('chapterParagraphs', () => {
  it('numbers the further pages from where each starts, and ignores them when the first page is the only one', () => {
    const first = makeChapter({ next_offset: 2 });
    const second = makeChapter({ paragraphs: [makeParagraph({ id: 'para-3' })], next_offset: null });
    const data: ChapterPages = { pages: [second], pageParams: [2] };
    expect(chapterParagraphs(first, data).map(({ paragraph, number }) => [paragraph.id, number])).toEqual([
      ['para-1', 1],
      ['para-2', 2],
      ['para-3', 3],
    ]);
    expect(chapterParagraphs({ ...first, next_offset: null }, data)).toHaveLength(2);
  });
});

describe('exportsPollInterval', () => {
  it('polls while an export is pending or processing, and not otherwise', () => {
    expect(exportsPollInterval(undefined)).toBe(false);
    expect(exportsPollInterval(makeProjectDetail())).toBe(false);
    expect(exportsPollInterval(makeProjectDetail({ exports: [makeExport({ status: 'pending' })] }))).toBe(EXPORT_POLL_MS);
    expect(exportsPollInterval(makeProjectDetail({ exports: [makeExport({ status: 'completed' }), makeExport({ id: 'e-2', status: 'processing' })] }))).toBe(EXPORT_POLL_MS);
    expect(exportsPollInterval(makeProjectDetail({ exports: [makeExport({ status: 'completed' }), makeExport({ id: 'e-2', status: 'failed' })] }))).toBe(false);
  });
});

describe('projectPollInterval', () => {
  it('polls while an export runs, a chapter renders or a chapter is being joined, and not otherwise', () => {
    const done = makeChapterSummary({ state: 'done', stale_paragraphs: 0, audio: AUDIO });
    const project = (...chapters: ReturnType<typeof makeChapterSummary>[]) => makeProjectDetail({ chapters });
    expect(projectPollInterval(undefined)).toBe(false);
    expect(projectPollInterval(project(done, makeChapterSummary({ id: 'c-2', state: 'stale', audio: AUDIO })))).toBe(false);
    expect(projectPollInterval(makeProjectDetail({ chapters: [done], exports: [makeExport({ status: 'pending' })] }))).toBe(EXPORT_POLL_MS);
    expect(projectPollInterval(project(done, makeChapterSummary({ id: 'c-2', state: 'rendering' })))).toBe(EXPORT_POLL_MS);
    expect(projectPollInterval(project(done, { ...done, id: 'c-2', audio: OLD_AUDIO }))).toBe(EXPORT_POLL_MS);
    expect(projectPollInterval(project(done, { ...done, id: 'c-2', audio: null }))).toBe(EXPORT_POLL_MS);
  });
});

describe('canExport', () => {
  it('needs every chapter joined once, none rendering or being joined; changed paragraphs go as last rendered', () => {
    const done = makeChapterSummary({ state: 'done', audio: AUDIO });
    expect(canExport([])).toBe(false);
    expect(canExport([done, { ...done, id: 'c-2' }])).toBe(true);
    expect(canExport([done, { ...done, id: 'c-2', state: 'stale', stale_paragraphs: 1 }])).toBe(true);
    expect(exportBlocker([done, { ...done, id: 'c-2', audio: null }])).toBe(EXPORT_LOCKED_HINT);
    expect(exportBlocker([done, { ...done, id: 'c-2', state: 'rendering' }])).toBe(EXPORT_BUSY_HINT);
    expect(exportBlocker([done, { ...done, id: 'c-2', audio: OLD_AUDIO }])).toBe(EXPORT_BUSY_HINT);
  });
});

describe('partsVersion', () => {
  it('moves with the join, whether it is current, and the number of paragraphs changed since', () => {
    const chapter = makeChapterSummary({ audio: AUDIO, stale_paragraphs: 0 });
    const base = partsVersion(chapter, '3-0');
    expect(partsVersion(chapter, '3-0')).toBe(base);
    expect(partsVersion(chapter, '4-1')).not.toBe(base);
    expect(partsVersion({ ...chapter, audio: OLD_AUDIO }, '3-0')).not.toBe(base);
    expect(partsVersion({ ...chapter, stale_paragraphs: 1 }, '3-0')).not.toBe(base);
  });
});

describe('refreshProjectIfChanged', () => {
  it('asks for the project again only when a fetched chapter no longer matches its summary', () => {
    const client = new QueryClient();
    const project = makeProjectDetail();
    client.setQueryData(projectKeys.detail('p-1'), project);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    refreshProjectIfChanged(client, 'p-1', makeChapter());
    expect(invalidate).not.toHaveBeenCalled();
    refreshProjectIfChanged(client, 'p-1', makeChapter({ state: 'rendering' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: projectKeys.detail('p-1'), exact: true });
  });
});
