import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { makeChapter, makeChapterSummary, makeExport, makeParagraph, makeProjectDetail } from '@/testing/project-fixtures';
import { canExport } from '../utils/project-rules';
import { CHAPTER_POLL_MS, chapterPollInterval, refreshProjectIfChanged } from './get-chapter';
import { chapterPagesPollInterval, chapterParagraphs, type ChapterPages } from './get-chapter-pages';
import { EXPORT_POLL_MS, exportsPollInterval } from './get-project';
import { projectKeys } from './keys';

const AUDIO = { url: '/a.mp3', duration_seconds: 3, timestamps_url: '/a.json' };

describe('chapterPollInterval', () => {
  it('polls while a paragraph renders', () => {
    const chapter = makeChapter({ state: 'stale', paragraphs: [makeParagraph({ state: 'rendering' }), makeParagraph({ id: 'b', state: 'stale' })] });
    expect(chapterPollInterval(chapter)).toBe(CHAPTER_POLL_MS);
  });

  it('polls while all paragraphs are done but the chapter audio is still being joined', () => {
    expect(chapterPollInterval(makeChapter({ state: 'done', audio: null, paragraphs: [makeParagraph({ state: 'done' })] }))).toBe(CHAPTER_POLL_MS);
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

describe('canExport', () => {
  it('needs every chapter done with its joined audio', () => {
    const done = makeChapterSummary({ state: 'done', audio: AUDIO });
    expect(canExport([])).toBe(false);
    expect(canExport([done, { ...done, id: 'c-2' }])).toBe(true);
    expect(canExport([done, { ...done, id: 'c-2', state: 'stale' }])).toBe(false);
    expect(canExport([done, { ...done, id: 'c-2', audio: null }])).toBe(false);
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
