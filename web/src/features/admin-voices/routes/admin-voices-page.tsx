import { useState } from 'react';
import { useReauthPrompt } from '@/components/reauth/reauth-dialog';
import { ConfirmDialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { SamplesPlaylistDialog } from '@/components/voice-samples/samples-playlist-dialog';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminVoiceActions, useAdminVoices } from '../api/admin-voices';
import type { AdminVoice, AdminVoiceFilters as Filters } from '../api/types';
import { AdminVoiceFilters } from '../components/admin-voice-filters';
import { AdminVoiceStats } from '../components/admin-voice-stats';
import { AdminVoicesTable } from '../components/admin-voices-table';

/**
 * /admin/voices: every voice with its owner; clones shared with everyone or not, voices
 * switched off, clones deleted with everything that hangs on them, and their recordings
 * (the spoken consent is the evidence) played.
 */
export function AdminVoicesPage() {
  const [filters, setFilters] = useState<Filters>({ search: '', status: 'all', type: 'all' });
  const search = useDebouncedValue(filters.search.trim(), 300);
  const voices = useAdminVoices({ ...filters, search });
  const reauth = useReauthPrompt();
  const { update, remove } = useAdminVoiceActions({ askReauth: reauth.ask });
  const [deleting, setDeleting] = useState<AdminVoice | null>(null);
  const [listening, setListening] = useState<AdminVoice | null>(null);
  const list = voices.data?.voices ?? [];
  return (
    <>
      <PageHeader title="Stimmenverwaltung" description="Alle Stimmen mit Besitzern: freigeben, deaktivieren und Klone löschen." />
      <div className="flex flex-col gap-6">
        <AdminVoiceStats stats={voices.data?.stats} />
        <section aria-labelledby="admin-voices-title" className="flex flex-col gap-4">
          <h2 id="admin-voices-title" className="text-lg font-semibold tracking-tight">
            Stimmen
          </h2>
          <AdminVoiceFilters filters={filters} onChange={setFilters} />
          {voices.isPending && <LoadingSkeleton label="Stimmen werden geladen…" rows={4} />}
          {voices.isError && <LoadErrorAlert title="Stimmen konnten nicht geladen werden" error={voices.error} onRetry={() => void voices.refetch()} />}
          {voices.isSuccess && list.length === 0 && <p className="text-sm text-muted-foreground">Keine Stimmen für diese Filter gefunden.</p>}
          {list.length > 0 && (
            <AdminVoicesTable
              voices={list}
              busyId={update.isPending ? (update.variables?.id ?? null) : null}
              onChange={(voice, change) => update.mutate({ id: voice.id, change })}
              onDelete={setDeleting}
              onRecordings={setListening}
            />
          )}
        </section>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Stimme löschen?"
        description={`„${deleting?.name ?? ''}“ von ${deleting?.owner?.email ?? 'unbekannt'} wird mit Aufnahmen, Nutzungsdaten, Freigaben, Qualitätswerten und Dateien endgültig gelöscht.`}
        confirmLabel="Endgültig löschen"
        destructive
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
      <SamplesPlaylistDialog voiceId={listening?.id ?? null} voiceName={listening?.name ?? ''} onClose={() => setListening(null)} />
      {reauth.dialog}
    </>
  );
}
