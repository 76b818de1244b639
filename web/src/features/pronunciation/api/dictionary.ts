import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dictionaryKeys, dictionaryUrls, importPls, type DictionaryEntry, type EntryInput, type ImportResult } from '@/lib/dictionary';

export { dictionaryKeys, dictionaryUrls, type DictionaryEntry, type EntryInput, type ImportResult };

/** `GET /api/pronunciation/dictionary`: own entries first, then the global ones. */
export function useDictionary() {
  return useQuery({ queryKey: dictionaryKeys.all, queryFn: () => api.get<DictionaryEntry[]>(dictionaryUrls.root) });
}

export function useDictionaryMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: dictionaryKeys.all });
  return {
    save: useMutation({ mutationFn: (input: EntryInput) => api.post<DictionaryEntry>(dictionaryUrls.root, input), onSettled: refresh }),
    /** `PUT /api/pronunciation/dictionary/{id}`: the entry changed, its term too. */
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: EntryInput }) => api.put<DictionaryEntry>(dictionaryUrls.entry(id), input),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (entry: DictionaryEntry) => api.delete(dictionaryUrls.entry(entry.id, entry)),
      onSettled: refresh,
    }),
    importCsv: useMutation({ mutationFn: (csv: string) => api.post<ImportResult>(dictionaryUrls.import, { csv }), onSettled: refresh }),
    /** `POST …/import.pls`: a PLS file, its bytes as they are. */
    importPls: useMutation({ mutationFn: (file: File) => importPls(file), onSettled: refresh }),
  };
}
