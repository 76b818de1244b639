/**
 * The user's audio library, shared by the dashboard and the knowledge base: the one filtered,
 * paged list `GET /api/jobs`, the figures `GET /api/library/stats`, and the categories and tags.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import type { ApiCategory, ApiChanged, ApiFileBody, ApiJob, ApiJobList, ApiStats, ApiTag, ApiTagBody, ApiTagged } from './api-types';

export type LibraryJob = ApiJob;
export type Category = ApiCategory;
export type Tag = ApiTag;
export type Stats = ApiStats;

/** The list's filters; empty or absent values are not sent. */
export type LibraryFilters = {
  q?: string;
  speaker?: string;
  category?: string;
  tag?: string;
  source?: LibraryJob['source'];
  voice_type?: 'public' | 'clone';
  voice?: string;
  status?: string;
  trash?: 'active' | 'deleted' | 'all';
  date?: string;
  sort?: 'newest' | 'oldest';
};

export const LIBRARY_PAGE_SIZE = 50;

/** How an audio of the library came to be (its badge and the "Quelle" filter). */
export const SOURCE_LABELS: Record<Exclude<LibraryJob['source'], 'project'>, string> = {
  manual: 'Manuell',
  api: 'API',
  export: 'Projekt-Export',
};

/** An audio that plays in the browser: a ZIP of chapters is only downloaded. */
export function isPlayableFormat(job: Pick<LibraryJob, 'file_format'>): boolean {
  return job.file_format !== 'zip';
}

/** Query key factory of the library, general to specific. */
export const libraryKeys = {
  all: ['library'] as const,
  jobs: () => [...libraryKeys.all, 'jobs'] as const,
  jobList: (filters: LibraryFilters) => [...libraryKeys.jobs(), filters] as const,
  stats: () => [...libraryKeys.all, 'stats'] as const,
  categories: () => [...libraryKeys.all, 'categories'] as const,
  tags: () => [...libraryKeys.all, 'tags'] as const,
};

/** `?q=…&limit=50&cursor=…` from the filters (trimmed, empties left out). */
export function libraryQueryString(filters: LibraryFilters, cursor: string | null, limit = LIBRARY_PAGE_SIZE): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const v = typeof value === 'string' ? value.trim() : '';
    if (v !== '') params.set(key, v);
  }
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** `GET /api/jobs` with filters, one page. */
export function getLibraryPage(filters: LibraryFilters, cursor: string | null): Promise<ApiJobList> {
  return api.get<ApiJobList>(`/api/jobs?${libraryQueryString(filters, cursor)}`);
}

export const libraryJobsQueryOptions = (filters: LibraryFilters, refetchInterval: number | false = false) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.jobList(filters),
    queryFn: ({ pageParam }) => getLibraryPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval,
    refetchIntervalInBackground: false,
  });

/** The filtered list, paged ("Mehr laden"); `jobs` are all loaded pages, `total` all matches. */
export function useLibraryJobs(filters: LibraryFilters, { refetchInterval = false }: { refetchInterval?: number | false } = {}) {
  const query = useInfiniteQuery({ ...libraryJobsQueryOptions(filters, refetchInterval), placeholderData: (prev) => prev });
  const jobs = query.data?.pages.flatMap((p) => p.jobs) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return { query, jobs, total };
}

export function useLibraryStats({ refetchInterval = false }: { refetchInterval?: number | false } = {}) {
  return useQuery(
    queryOptions({ queryKey: libraryKeys.stats(), queryFn: () => api.get<Stats>('/api/library/stats'), refetchInterval }),
  );
}

export function useCategoryList() {
  return useQuery(queryOptions({ queryKey: libraryKeys.categories(), queryFn: () => api.get<Category[]>('/api/categories') }));
}

export function useTagList() {
  return useQuery(queryOptions({ queryKey: libraryKeys.tags(), queryFn: () => api.get<Tag[]>('/api/tags') }));
}

export type CategoryNode = Category & { depth: number };

/** Categories in tree order (parents before their children), each with its depth. */
export function categoryTree(categories: Category[]): CategoryNode[] {
  const ids = new Set(categories.map((c) => c.id));
  const byParent = new Map<string | null, Category[]>();
  for (const c of categories) {
    const parent = c.parent_id && ids.has(c.parent_id) ? c.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), c]);
  }
  const out: CategoryNode[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    const children = [...(byParent.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'de'));
    for (const c of children) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push({ ...c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** "a, b ,, c" → ["a", "b", "c"]: trimmed, empties dropped. */
export function splitTagInput(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** Filing audios under a category: an existing one (`category_id`) or a new one (`new_category`). */
export type AssignCategoryBody = ApiFileBody;

/**
 * Bulk changes of the library (the knowledge base's actions; the TTS screen's save dialog
 * files a saved audio under a category with `assignCategory`).
 */
export const libraryActions = {
  trash: (ids: string[]) => api.post<ApiChanged>('/api/library/trash', { ids }),
  restore: (ids: string[]) => api.post<ApiChanged>('/api/library/restore', { ids }),
  emptyTrash: (ids?: string[]) => api.post<ApiChanged>('/api/library/trash/empty', ids ? { ids } : {}),
  assignCategory: (body: AssignCategoryBody) => api.post<ApiChanged>('/api/library/categories', body),
  addTags: (body: ApiTagBody) => api.post<ApiTagged>('/api/library/tags', body),
};

/** A mutation that refreshes everything of the library (list, figures, categories, tags) when it succeeded. */
export function useLibraryMutation<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
