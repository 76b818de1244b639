import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { voiceKeys } from '@/lib/voices';
import type { AdminVoice, AdminVoiceChange, AdminVoiceFilters, AdminVoiceList } from './types';

/** Query key factory of the admin voice management. */
export const adminVoiceKeys = {
  all: ['admin-voices'] as const,
  list: (filters: AdminVoiceFilters) => [...adminVoiceKeys.all, 'list', filters] as const,
};

const url = (id?: string) => (id ? `/api/admin/voices/${encodeURIComponent(id)}` : '/api/admin/voices');

export function getAdminVoices({ search, status, type }: AdminVoiceFilters): Promise<AdminVoiceList> {
  const query = new URLSearchParams();
  if (search.trim() !== '') query.set('search', search.trim());
  if (status !== 'all') query.set('status', status);
  if (type !== 'all') query.set('type', type);
  return api.get<AdminVoiceList>(query.size > 0 ? `${url()}?${query.toString()}` : url());
}

/** `GET /api/admin/voices`: the cards and every voice with its owner. */
export function useAdminVoices(filters: AdminVoiceFilters) {
  return useQuery({ queryKey: adminVoiceKeys.list(filters), queryFn: () => getAdminVoices(filters), placeholderData: keepPreviousData });
}

/** A failed action replaces an earlier toast of the same failure (its title is its id). */
function failed(title: string) {
  return (error: unknown) => toast.error(title, { id: title, description: errorMessage(error) });
}

/**
 * Global share, on/off (`PATCH`) and delete of a clone; the lists and voice pickers refresh.
 * Each needs the admin's password re-entered within 10 minutes: `askReauth` (from
 * `useReauthPrompt`) gets the server's `reauth_required` and repeats the change after it.
 */
export function useAdminVoiceActions({ askReauth }: { askReauth?: (error: unknown, retry: () => void) => boolean } = {}) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminVoiceKeys.all }),
      queryClient.invalidateQueries({ queryKey: voiceKeys.all }),
    ]);
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminVoiceChange }) => api.patch<AdminVoice>(url(id), change),
    onSuccess: (voice, { change }) => {
      if (change.is_global !== undefined)
        toast.success(voice.is_global ? 'Stimme für alle freigegeben' : 'Freigabe entfernt', { description: voice.name });
      else toast.success(voice.is_active ? 'Stimme aktiviert' : 'Stimme deaktiviert', { description: voice.name });
    },
    onError: (error, variables) => {
      if (askReauth?.(error, () => update.mutate(variables))) return;
      failed('Änderung fehlgeschlagen')(error);
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(url(id)),
    onSuccess: () => toast.success('Stimme gelöscht'),
    onError: (error, id) => {
      if (askReauth?.(error, () => remove.mutate(id))) return;
      failed('Fehler beim Löschen')(error);
    },
    onSettled: refresh,
  });
  return { update, remove };
}
