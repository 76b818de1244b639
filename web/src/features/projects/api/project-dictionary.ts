import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dictionaryKeys, dictionaryUrls, importPls, importSummary, type DictionaryEntry, type EntryInput, type ImportResult } from '@/lib/dictionary';
import { formatEuroFromCents } from '@/lib/format';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ProjectDetail } from './types';

/** `GET /api/pronunciation/dictionary?project_id=`: the project's own entries (the list has them first). */
export function useProjectDictionary(projectId: string) {
  return useQuery({
    queryKey: dictionaryKeys.project(projectId),
    queryFn: ({ signal }) => api.get<DictionaryEntry[]>(dictionaryUrls.list(projectId), { signal }),
    select: (entries) => entries.filter((entry) => entry.project_id === projectId),
  });
}

/** What a dictionary change did to the project: its stale paragraphs and their cost, before and after. */
type StaleCount = Pick<ProjectDetail, 'stale_paragraphs' | 'stale_cost_cent'>;

/**
 * "2 Absätze sind jetzt veraltet. Neu vertonen kostet 0,03 €." after an entry made
 * paragraphs stale; "1 Absatz ist wieder aktuell." when one went back to its render.
 */
export function staleReport(before: StaleCount, after: StaleCount): string {
  const more = after.stale_paragraphs - before.stale_paragraphs;
  const are = (n: number) => (n === 1 ? '1 Absatz ist' : `${n} Absätze sind`);
  if (more > 0) {
    const cost = Math.max(0, after.stale_cost_cent - before.stale_cost_cent);
    return `${are(more)} jetzt veraltet. Neu vertonen kostet ${formatEuroFromCents(cost)}.`;
  }
  if (more < 0) return `${are(-more)} wieder aktuell.`;
  return 'Kein Absatz ist dadurch veraltet.';
}

/** A change of the project's dictionary: the entry added (`input`) or the one removed (`remove`). */
export type ProjectEntryChange = { projectId: string } & ({ input: Omit<EntryInput, 'project_id'> } | { remove: DictionaryEntry });

/** `POST` (adds, or changes the entry of the same term) or `DELETE` of a project entry. */
export function changeProjectEntry(change: ProjectEntryChange): Promise<unknown> {
  if ('remove' in change) return api.delete(dictionaryUrls.entry(change.remove.id, { project_id: change.projectId }));
  const body: EntryInput = { ...change.input, global: false, project_id: change.projectId };
  return api.post<DictionaryEntry>(dictionaryUrls.root, body);
}

/**
 * Changes the project's dictionary, then reads the project again (its chapters and
 * paragraphs too: which ones are stale now) and resolves with what changed (`staleReport`).
 * Re-rendering stays the user's choice.
 */
export function useChangeProjectEntry({ mutationConfig }: { mutationConfig?: MutationConfig<(change: ProjectEntryChange) => Promise<string>> } = {}) {
  const changeDictionary = useDictionaryChange();
  return useMutation({
    ...mutationConfig,
    mutationFn: async (change: ProjectEntryChange) => (await changeDictionary(change.projectId, () => changeProjectEntry(change))).report,
  });
}

/** A PLS file taken into the project's dictionary. */
export type ProjectPlsImport = { projectId: string; file: File };
/** What it did: the server's answer, and "3 Einträge übernommen. 2 Absätze sind jetzt veraltet. …". */
export type ProjectPlsImported = { result: ImportResult; report: string };

/** `POST …/import.pls?project_id=`: like an entry added, the project is read again and what became stale is said. */
export function useImportProjectPls({ mutationConfig }: { mutationConfig?: MutationConfig<(input: ProjectPlsImport) => Promise<ProjectPlsImported>> } = {}) {
  const changeDictionary = useDictionaryChange();
  return useMutation({
    ...mutationConfig,
    mutationFn: async ({ projectId, file }: ProjectPlsImport) => {
      const { value: result, report } = await changeDictionary(projectId, () => importPls(file, projectId));
      return { result, report: `${importSummary(result)} ${report}`.trim() };
    },
  });
}

/**
 * Runs a change of the project's dictionary, then reads the dictionary and the project again
 * and says which paragraphs it made stale (`staleReport`).
 */
function useDictionaryChange() {
  const queryClient = useQueryClient();
  const counts = (projectId: string): StaleCount | undefined => queryClient.getQueryData<ProjectDetail>(projectKeys.detail(projectId));
  return async <T>(projectId: string, change: () => Promise<T>): Promise<{ value: T; report: string }> => {
    const before = counts(projectId);
    let value: T;
    try {
      value = await change();
    } finally {
      void queryClient.invalidateQueries({ queryKey: dictionaryKeys.all });
    }
    await queryClient.invalidateQueries({ queryKey: projectKeys.project(projectId) });
    const after = counts(projectId);
    return { value, report: before && after ? staleReport(before, after) : '' };
  };
}
