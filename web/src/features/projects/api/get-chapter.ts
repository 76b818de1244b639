import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';
import type { ChapterDetail, ChapterSummary, ProjectDetail } from './types';

/** How often an open chapter is asked again while it is being rendered or joined. */
export const CHAPTER_POLL_MS = 1_500;

/**
 * The server joins the chapter again now: its last audio is not current (a render finished,
 * a take was chosen, a pause changed) and every paragraph has a finished take. Paragraphs
 * changed since keep their last take, so they do not hold the join up; a failed one does.
 * A long chapter is judged by its first page.
 */
export function isJoinPending(chapter: ChapterDetail): boolean {
  if (!chapter.audio || chapter.audio.current || chapter.state === 'failed') return false;
  return chapter.paragraphs.every((p) => p.audio_url != null);
}

/**
 * Polls while a paragraph is rendering, while all are done but the server is still
 * joining them into the chapter audio for the first time (done, audio null), and while a
 * new join of its audio is on its way (`isJoinPending`). Stops once nothing moves: a stale
 * or failed chapter only changes when the user acts.
 */
export function chapterPollInterval(chapter: ChapterDetail | undefined): number | false {
  if (!chapter) return false;
  const rendering = chapter.state === 'rendering' || chapter.paragraphs.some((p) => p.state === 'rendering');
  const joining = (chapter.state === 'done' && !chapter.audio) || isJoinPending(chapter);
  return rendering || joining ? CHAPTER_POLL_MS : false;
}

/** The parts of a chapter the project shows in its chapter list, totals and export buttons. */
function summaryKey(c: ChapterSummary): string {
  const audio = c.audio ? [c.audio.url, c.audio.duration_seconds, c.audio.current] : null;
  return JSON.stringify([c.title, c.voice_id, c.state, c.characters, c.cost_cent, c.stale_cost_cent, c.paragraph_count, c.stale_paragraphs, c.pause_after_ms, audio]);
}

/**
 * When a fetched chapter no longer matches the project's summary of it (a render finished,
 * a paragraph was edited), the project's chapter list, totals and export buttons are out
 * of date: the project (and the project list's progress) is asked again. Only the detail
 * key itself, not the chapters under it, so this never fetches the chapter again.
 */
export function refreshProjectIfChanged(client: QueryClient, projectId: string, chapter: ChapterSummary): void {
  const project = client.getQueryData<ProjectDetail>(projectKeys.detail(projectId));
  const known = project?.chapters.find((c) => c.id === chapter.id);
  if (!known || summaryKey(known) === summaryKey(chapter)) return;
  void client.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true });
  void client.invalidateQueries({ queryKey: projectKeys.list() });
}

/** `GET /api/projects/{id}/chapters/{chapterId}`: the chapter with its paragraphs. */
export function getChapter(projectId: string, chapterId: string, signal?: AbortSignal): Promise<ChapterDetail> {
  return api.get<ChapterDetail>(`/api/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}`, { signal });
}

export const getChapterQueryOptions = (projectId: string, chapterId: string) =>
  queryOptions({
    queryKey: projectKeys.chapter(projectId, chapterId),
    queryFn: async ({ client, signal }) => {
      const chapter = await getChapter(projectId, chapterId, signal);
      refreshProjectIfChanged(client, projectId, chapter);
      return chapter;
    },
    refetchInterval: (query) => chapterPollInterval(query.state.data),
    refetchIntervalInBackground: false,
  });

export function useChapter(projectId: string, chapterId: string) {
  return useQuery(getChapterQueryOptions(projectId, chapterId));
}
