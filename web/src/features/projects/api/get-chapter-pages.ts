import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHAPTER_POLL_MS, chapterPollInterval } from './get-chapter';
import { projectKeys } from './keys';
import type { ChapterDetail, ParagraphView } from './types';

/** The most paragraphs one answer holds (the server's limit; it also stops at about 100,000 characters). */
export const CHAPTER_PAGE_LIMIT = 200;

/**
 * `GET /api/projects/{id}/chapters/{chapterId}?offset=&limit=`: the chapter (its totals
 * counted over all paragraphs) with one page of paragraphs from `offset`, and where the
 * next page starts (`next_offset`, null after the last).
 */
export function getChapterPage(projectId: string, chapterId: string, offset: number, signal?: AbortSignal): Promise<ChapterDetail> {
  const query = new URLSearchParams({ offset: String(offset), limit: String(CHAPTER_PAGE_LIMIT) });
  return api.get<ChapterDetail>(`/api/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}?${query.toString()}`, {
    signal,
  });
}

/** The pages after the first; each one's page param is the offset it starts at. */
export type ChapterPages = InfiniteData<ChapterDetail, unknown>;

/** A paragraph with its place in the whole chapter, counted from 1. */
export type NumberedParagraph = { paragraph: ParagraphView; number: number };

/** The first page's paragraphs, then those of the loaded further pages, numbered through the chapter. */
export function chapterParagraphs(first: ChapterDetail, pages: ChapterPages | undefined): NumberedParagraph[] {
  const numbered = (paragraphs: ParagraphView[], offset: number) => paragraphs.map((paragraph, i) => ({ paragraph, number: offset + i + 1 }));
  // Pages only belong to the first page when they start where it ends (see `chapterPagesFrom`).
  const further = first.next_offset == null ? [] : (pages?.pages.flatMap((page, i) => numbered(page.paragraphs, Number(pages.pageParams[i]))) ?? []);
  return [...numbered(first.paragraphs, 0), ...further];
}

/** Applies `update` to the paragraphs of every loaded page (a saved paragraph, wherever it is). */
export function mapChapterPages(data: ChapterPages | undefined, update: (paragraphs: ParagraphView[]) => ParagraphView[]): ChapterPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, paragraphs: update(page.paragraphs) })) };
}

/**
 * The further pages are asked again while the first page is (the chapter renders or is
 * joined), and once more after, until no loaded page still shows a paragraph rendering.
 * Each poll reads every loaded page, so the interval grows with their number: all pages
 * together ask no more often than the first page alone (project reads are rate limited).
 */
export function chapterPagesPollInterval(first: ChapterDetail | undefined, data: ChapterPages | undefined): number | false {
  const pages = data?.pages ?? [];
  if (pages.length === 0) return false;
  const moving = chapterPollInterval(first) !== false || pages.some((page) => chapterPollInterval(page) !== false);
  return moving ? CHAPTER_POLL_MS * pages.length : false;
}

/**
 * The pages of a long chapter after its first (`first`, from `useChapter`), loaded one by
 * one from where the first page ends. Nothing is asked until the reader wants more
 * (`fetchNextPage`); once a page is there, the list is refreshed with the chapter.
 */
export const getChapterPagesQueryOptions = (projectId: string, chapterId: string, first: ChapterDetail | undefined) => {
  const start = first?.next_offset ?? null;
  return infiniteQueryOptions({
    queryKey: projectKeys.chapterPagesFrom(projectId, chapterId, start),
    queryFn: ({ pageParam, signal }) => getChapterPage(projectId, chapterId, pageParam, signal),
    initialPageParam: start ?? 0,
    getNextPageParam: (page) => page.next_offset ?? undefined,
    enabled: (query) => start !== null && query.state.data !== undefined,
    refetchInterval: (query) => chapterPagesPollInterval(first, query.state.data),
    refetchIntervalInBackground: false,
  });
};

export function useChapterPages(projectId: string, chapterId: string, first: ChapterDetail | undefined) {
  return useInfiniteQuery(getChapterPagesQueryOptions(projectId, chapterId, first));
}
